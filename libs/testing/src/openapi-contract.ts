import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/** One answer of the API as a client saw it. */
export interface RecordedExchange {
  method: string;
  /** Path below `/api/public/v1`, without the query. */
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

const API_PREFIX = '/api/public/v1';

/**
 * A fetch that behaves exactly like the global one and records every JSON answer from the public
 * API, so a test can check them against the OpenAPI document afterwards ({@link contractViolations}).
 * `observe` sees every response first (a test's fault injection or counting).
 */
export function recordingFetch(log: RecordedExchange[], observe?: (res: Response, method: string, path: string) => void | Promise<void>): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    await observe?.(res, method, path);
    const contentType = res.headers.get('content-type') ?? '';
    if (/json/.test(contentType)) {
      const text = await res.clone().text();
      log.push({ method, path, status: res.status, contentType, body: text ? JSON.parse(text) : undefined });
    }
    return res;
  };
}

type Operation = { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: object }> }> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
};

/**
 * Every recorded answer that the OpenAPI document does not describe: an undocumented path, method
 * or status, or a body that fails the documented JSON schema (formats are not checked). Empty when
 * the document tells the truth about every answer seen.
 */
export function contractViolations(document: unknown, log: readonly RecordedExchange[]): string[] {
  const doc = document as Document;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(doc as object, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const problems: string[] = [];
  for (const exchange of log) {
    const label = `${exchange.method} ${exchange.path} → ${exchange.status}`;
    const template = templateOf(doc, exchange.path, exchange.method.toLowerCase());
    if (!template) {
      problems.push(`${label}: no such operation in the document`);
      continue;
    }
    const responses = doc.paths[template][exchange.method.toLowerCase()].responses ?? {};
    const key = [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) {
      problems.push(`${label}: status not documented for ${template}`);
      continue;
    }
    const response = responses[key];
    const responsePointer = response.$ref
      ? `#/components/responses/${response.$ref.split('/').pop()}`
      : `#/paths/${escape(template)}/${exchange.method.toLowerCase()}/responses/${key}`;
    const content = response.$ref ? doc.components.responses?.[response.$ref.split('/').pop()!]?.content : response.content;
    const mediaType = Object.keys(content ?? {}).find((type) => exchange.contentType.startsWith(type));
    if (!mediaType || !content?.[mediaType]?.schema) {
      problems.push(`${label}: ${exchange.contentType} answer not documented`);
      continue;
    }
    const ref = `openapi${responsePointer}/content/${escape(mediaType)}/schema`;
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    if (!validate(exchange.body)) problems.push(`${label}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
  return problems;
}

/** The document path whose template matches, preferring literal segments (`/qrcodes/bulk` over `/qrcodes/{id}`). */
function templateOf(doc: Document, path: string, method: string): string | null {
  const matches = Object.keys(doc.paths).filter((template) => {
    if (!doc.paths[template][method]) return false;
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
  matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  return matches[0] ?? null;
}

/** One reference token of a JSON pointer inside a URI fragment: pointer-escaped, then URI-encoded (`{id}`). */
function escape(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}
