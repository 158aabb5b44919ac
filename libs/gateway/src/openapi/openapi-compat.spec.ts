import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiDocument } from './openapi-document';

/**
 * Clients see no change they did not ask for (issue 39): every path, method, parameter, request
 * field, enum value, response field, status and error code of the document as it was before the
 * contract was generated must still be there, with the same meaning. The fixture is that document,
 * kept as it was; a fact that goes away fails here with its name.
 */
const BEFORE = JSON.parse(readFileSync(resolve(__dirname, '../../../../test/fixtures/openapi-before-issue-39.json'), 'utf8')) as OpenApi;

type Schema = Record<string, unknown>;
interface OpenApi {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema>; responses?: Record<string, Schema> };
  webhooks?: Record<string, Record<string, Schema>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** What a field's schema means to a client; descriptions and examples are prose, not meaning. */
const MEANING = ['type', 'format', 'const', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern', 'default'];

/** Every fact a client can rely on, as one line each, so a missing one is easy to read in a failure. */
function contractFacts(doc: OpenApi): Set<string> {
  const facts = new Set<string>();
  const resolveRef = (schema: Schema): [Schema, string | null] => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return [schema, null];
    const [, , group, name] = ref.split('/');
    const target = (doc.components as unknown as Record<string, Record<string, Schema>>)[group][name];
    return [resolveRef(target)[0], name];
  };
  // Walks a schema and names each field by its JSON pointer; `seen` stops recursion through refs.
  const walk = (at: string, input: Schema, seen: readonly string[]): void => {
    const [schema, name] = resolveRef(input);
    if (name !== null) {
      if (seen.includes(name)) return;
      seen = [...seen, name];
    }
    for (const key of MEANING) if (schema[key] !== undefined) facts.add(`${at} ${key}=${JSON.stringify(schema[key])}`);
    if (Array.isArray(schema.enum)) for (const value of schema.enum) facts.add(`${at} enum ${JSON.stringify(value)}`);
    if (schema.additionalProperties === false) facts.add(`${at} closed`);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [key, child] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
      facts.add(`${at}/${key} ${required.has(key) ? 'required' : 'optional'}`);
      walk(`${at}/${key}`, child, seen);
    }
    if (schema.items) walk(`${at}/*`, schema.items as Schema, seen);
    for (const group of ['allOf', 'anyOf', 'oneOf']) {
      const branches = (schema[group] as Schema[] | undefined) ?? [];
      branches.forEach((branch, i) => {
        const label = typeof branch.$ref === 'string' ? branch.$ref.split('/').pop() : branch.type === 'null' ? 'null' : String(i);
        walk(group === 'allOf' ? at : `${at}(${label})`, branch, seen);
      });
    }
  };
  for (const name of Object.keys(doc.components.schemas)) facts.add(`schema ${name}`);
  const problem = doc.components.schemas.Problem.properties as Record<string, Schema>;
  for (const code of (problem.code.enum as string[]) ?? []) facts.add(`error code ${code}`);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const at = `${method.toUpperCase()} ${path}`;
      facts.add(at);
      for (const param of (op.parameters as Schema[] | undefined) ?? []) {
        const p = resolveRef(param)[0];
        facts.add(`${at} ${p.in} ${p.name} ${p.required ? 'required' : 'optional'}`);
        walk(`${at} ${p.in} ${p.name}`, (p.schema as Schema) ?? {}, []);
      }
      const body = op.requestBody as Schema | undefined;
      for (const [type, media] of Object.entries((body?.content as Record<string, Schema> | undefined) ?? {})) {
        facts.add(`${at} request ${type}${body?.required ? ' required' : ''}`);
        walk(`${at} request ${type} `, (media.schema as Schema) ?? {}, []);
      }
      for (const [status, response] of Object.entries((op.responses as Record<string, Schema>) ?? {})) {
        facts.add(`${at} answers ${status}`);
        const content = (resolveRef(response)[0].content as Record<string, Schema> | undefined) ?? {};
        for (const [type, media] of Object.entries(content)) {
          facts.add(`${at} answers ${status} ${type}`);
          walk(`${at} answers ${status} ${type} `, (media.schema as Schema) ?? {}, []);
        }
      }
    }
  }
  for (const [event, item] of Object.entries(doc.webhooks ?? {})) {
    const body = item.post?.requestBody as Schema | undefined;
    facts.add(`webhook ${event}`);
    for (const [type, media] of Object.entries((body?.content as Record<string, Schema> | undefined) ?? {})) {
      walk(`webhook ${event} ${type} `, (media.schema as Schema) ?? {}, []);
    }
  }
  return facts;
}

describe('the generated OpenAPI document keeps what clients had before issue 39', () => {
  const before = contractFacts(BEFORE);
  const now = contractFacts(openApiDocument('http://localhost:3000') as unknown as OpenApi);

  it('reads a meaningful number of facts from the fixture (the walk follows refs and unions)', () => {
    expect(before.size).toBeGreaterThan(1500);
    expect(before).toContain('POST /qrcodes/bulk request application/json /items/*/content(WebsiteContent)/url maxLength=2048');
    expect(before).toContain('POST /qrcodes request application/json /design(DesignInput)/modules enum "dots"');
    expect(before).toContain('error code validation_failed');
  });

  it('still has every path, method, parameter, field, enum value, status and error code', () => {
    const missing = [...before].filter((fact) => !now.has(fact));
    expect(missing).toEqual([]);
  });
});
