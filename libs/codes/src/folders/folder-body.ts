import { FolderInput, readDeclared } from '@qr/api-contract';
import { Errors, fieldError } from '@qr/domain';

/** A folder's body on create and on rename (its name's uniqueness is checked on write). */
export function readFolderBody(body: unknown): { name: string } {
  return { name: readDeclared(FolderInput, body).name };
}

export const duplicateFolderName = () => Errors.validationFailed([fieldError('/name', 'duplicate', 'a folder with this name exists')]);
