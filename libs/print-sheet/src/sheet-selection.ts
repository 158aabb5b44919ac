import { type FieldError } from '@qr/domain';

/** The most codes one sheet takes (about 48 pages of the smallest labels). */
export const MAX_SHEET_CODES = 1000;

export type SheetSelection = { kind: 'codes'; ids: string[] } | { kind: 'folder'; folderId: string };

/**
 * Which codes go on a sheet: `code_ids` (a selection) or `folder_id` (a whole folder), exactly one.
 * The ids stay as given, so an error's pointer (`/code_ids/7`) names the one sent; whoever reads the
 * codes prints each once.
 */
export function parseSheetSelection(input: Record<string, unknown>): { ok: true; selection: SheetSelection } | { ok: false; errors: FieldError[] } {
  const ids = input.code_ids;
  const folderId = input.folder_id;
  if ((ids === undefined) === (folderId === undefined)) {
    return { ok: false, errors: [{ pointer: '/code_ids', code: 'required', detail: 'give either code_ids (a selection) or folder_id (a folder)' }] };
  }
  if (folderId !== undefined) {
    if (typeof folderId !== 'string' || folderId === '' || folderId.length > 64)
      return { ok: false, errors: [{ pointer: '/folder_id', code: 'invalid', detail: 'folder_id must be a folder id' }] };
    return { ok: true, selection: { kind: 'folder', folderId } };
  }
  if (!Array.isArray(ids) || ids.length === 0)
    return { ok: false, errors: [{ pointer: '/code_ids', code: 'invalid', detail: 'code_ids must be a non-empty array of code ids' }] };
  if (ids.length > MAX_SHEET_CODES)
    return { ok: false, errors: [{ pointer: '/code_ids', code: 'too_many_items', detail: `a sheet takes at most ${MAX_SHEET_CODES} codes` }] };
  const errors = ids.flatMap((id, i) =>
    typeof id === 'string' && /^qr_[0-9A-Za-z]{8,60}$/.test(id) ? [] : [{ pointer: `/code_ids/${i}`, code: 'invalid', detail: 'not a code id' }],
  );
  return errors.length ? { ok: false, errors } : { ok: true, selection: { kind: 'codes', ids: ids as string[] } };
}
