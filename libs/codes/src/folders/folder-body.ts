import { checkOptionalName, Errors, fieldError, isPlainObject, notAnObject, unknownFields } from '@qr/domain';

/** A folder's body on create and on rename: `{ name }`, 1–200 characters (unique in the workspace: checked on write). */
export function readFolderBody(body: unknown): { name: string } {
  if (!isPlainObject(body)) throw Errors.validationFailed([notAnObject()]);
  const missing = body.name === undefined || body.name === null;
  const errors = [
    ...unknownFields(body, ['name']),
    ...(missing ? [fieldError('/name', 'required', 'name is required')] : checkOptionalName(body.name, '/name', 200)),
  ];
  if (errors.length) throw Errors.validationFailed(errors);
  return { name: body.name as string };
}

export const duplicateFolderName = () => Errors.validationFailed([fieldError('/name', 'duplicate', 'a folder with this name exists')]);
