import { type JsonSchema } from './declare';

/**
 * A PATCH-style variant of a declared schema: the same fields, none required unless `required` names
 * them, and references to other declarations renamed through `rename` (their own variants), as
 * NestJS's PartialType does. The rules stay the declaration's: a patch is merged, then checked whole.
 */
export function partialSchema(schema: JsonSchema, rename: (name: string) => string, doc: { description?: string; required?: string[] } = {}): JsonSchema {
  const { required: _required, description: _description, ...rest } = schema;
  const renamed = renameRefs(rest, rename) as JsonSchema;
  return {
    ...renamed,
    additionalProperties: false,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.required ? { required: doc.required } : {}),
  };
}

/** A declared schema without the fields in `omit`, none of the rest required. */
export function omitSchema(schema: JsonSchema, omit: readonly string[], description: string): JsonSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).filter(([key]) => !omit.includes(key)));
  return { type: 'object', additionalProperties: false, description, properties };
}

function renameRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (key === '$ref' && typeof v === 'string') {
        const name = v.slice(v.lastIndexOf('/') + 1);
        return [key, `${v.slice(0, v.lastIndexOf('/') + 1)}${rename(name)}`];
      }
      return [key, renameRefs(v, rename)];
    }),
  );
}
