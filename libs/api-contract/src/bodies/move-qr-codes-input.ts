import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field, List, stringFaults } from '../engine/fields';

export const MAX_MOVED_CODES = 100;

/** POST /qrcodes/move: up to 100 codes into a folder, or out of any (null), all or none. */
@Declaration()
export class MoveQrCodesInput {
  @List(
    { each: (id) => (typeof id === 'string' && id !== '' ? [] : [fault('invalid_type', 'Must be a QR code id.')]), schema: { type: 'string' } },
    { required: true, min: 1, max: MAX_MOVED_CODES },
    { description: 'Codes of the workspace; one unknown id refuses the whole move' },
  )
  code_ids!: string[];

  @Field(
    (folderId) => {
      if (folderId === undefined) return [fault('required', 'folder_id is required: a folder id, or null for no folder.')];
      return folderId === null ? [] : stringFaults(folderId, { required: true, max: 64 });
    },
    { type: ['string', 'null'], description: 'The folder to move them into; null takes them out of any folder' },
    { required: true, seesAbsence: true },
  )
  folder_id!: string | null;
}
