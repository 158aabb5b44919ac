import { type JsonSchema } from '../engine/declare';
import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';

/* The JSON types answers are written with; an answer's field is null when unset, never absent. */
export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const bool: JsonSchema = { type: 'boolean' };
export const nullable = (type: string, doc: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...doc });
export const timestamp: JsonSchema = { type: 'string', format: 'date-time', description: 'UTC, `YYYY-MM-DDThh:mm:ssZ`' };
export const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time', description: 'UTC, `YYYY-MM-DDThh:mm:ssZ`' };
/** An instant, without `timestamp`'s description of its form. */
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
export const day: JsonSchema = { type: 'string', format: 'date' };
export const constant = (value: unknown): JsonSchema => ({ const: value });
export const arrayOf = (items: JsonSchema, doc: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...doc });
/** The OpenAPI reference to a declared schema, by its class name. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The fields of a page of a list: `data` is declared by each list. */
@Declaration({ answer: true, base: true })
export class Page {
  @Out(constant('list')) object!: 'list';
  @Out(bool) has_more!: boolean;
  @Out(nullable('string', { description: 'Pass as `cursor` for the next page' })) next_cursor!: string | null;
}

/**
 * The answer to a DELETE: the object's id, its kind and `deleted: true`, declared as the schema `name`
 * (one declaration per kind, so each operation names its own).
 */
export function deletedAnswer<K extends string>(name: string, object: K) {
  class Deleted {
    @Out(str) id!: string;
    @Out(constant(object)) object!: K;
    @Out(constant(true)) deleted!: true;
  }
  // Named before it is declared: the document files a class's own schema under the name it has then.
  Object.defineProperty(Deleted, 'name', { value: name });
  Declaration({ answer: true })(Deleted);
  return Deleted;
}
