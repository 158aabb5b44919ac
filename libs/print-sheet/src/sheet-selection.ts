import { check } from '@qr/api-contract';
import { type FieldError } from '@qr/domain';
import { SheetSelectionInput } from './sheet-input';

export type SheetSelection = { kind: 'codes'; ids: string[] } | { kind: 'folder'; folderId: string };

/**
 * Which codes go on a sheet, read through its declaration. The ids stay as given, so an error's
 * pointer (`/code_ids/7`) names the one sent; whoever reads the codes prints each once.
 */
export function parseSheetSelection(input: Record<string, unknown>): { ok: true; selection: SheetSelection } | { ok: false; errors: FieldError[] } {
  const checked = check(SheetSelectionInput, input);
  if (!checked.ok) return checked;
  const { code_ids: ids, folder_id: folderId } = checked.value;
  return { ok: true, selection: ids ? { kind: 'codes', ids } : { kind: 'folder', folderId: folderId! } };
}
