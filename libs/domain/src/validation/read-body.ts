import { Errors } from '../errors/api-error';
import { FieldChecker } from './field-checker';

/**
 * The one way request bodies are read: a JSON object with only `fields`, whose values `read` takes
 * through a {@link FieldChecker}. Every problem is collected, and one 422 `validation_failed` names
 * them all with JSON pointers; nothing reaches a use case unless the whole body is usable.
 *
 * @example
 * const body = readBody(req.body, ['name'], (c, b) => ({ name: c.text(b, 'name', '', { required: true, max: 200 })! }));
 */
export function readBody<T>(body: unknown, fields: readonly string[], read: (c: FieldChecker, b: Record<string, unknown>) => T): T {
  const c = new FieldChecker();
  const b = c.object(body, '', fields);
  const value = b ? read(c, b) : undefined;
  if (!b || c.errors.length) throw Errors.validationFailed(c.errors);
  return value as T;
}
