import { Errors } from '@qr/domain';
import { check, type Declaration } from './validate';

/**
 * A request body read through its declaration: the typed value, or one 422 `validation_failed`
 * naming every problem. Nothing reaches a use case unless the whole body is usable.
 *
 * @example const { name } = readDeclared(FolderInput, req.body);
 */
export function readDeclared<T extends object>(declaration: Declaration<T>, body: unknown): T {
  const checked = check(declaration, body);
  if (!checked.ok) throw Errors.validationFailed(checked.errors);
  return checked.value;
}
