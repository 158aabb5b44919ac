import { inputFromRecord, PATCH_FIELDS } from '../codes/qr-code-patch';
import { type QrCodeRecord } from '../codes/qr-code-record';

/** One field of a code, before and after a change, in the API's shape (times as RFC 3339). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type HistoryAction = 'created' | 'updated' | 'paused' | 'resumed' | 'deleted';

/**
 * What a change did to a code, field by field, over every field a PATCH can change (destinations,
 * schedule, limit, UTM, folder, name…). A create lists the values it set, a delete lists none, and a
 * change that only pauses or resumes is named so.
 */
export function describeChange(before: QrCodeRecord | null, after: QrCodeRecord | null): { action: HistoryAction; changes: FieldChange[] } {
  if (!before && after) return { action: 'created', changes: changesBetween(null, after) };
  if (before && (!after || after.deleted_at !== null)) return { action: 'deleted', changes: [] };
  if (!before || !after) throw new Error('a change has a code before it, after it, or both');
  const changes = changesBetween(before, after);
  const onlyStatus = changes.length === 1 && changes[0].field === 'status';
  return { action: onlyStatus ? (after.status === 'paused' ? 'paused' : 'resumed') : 'updated', changes };
}

/** Every field whose value differs; from no code (`before` null), every field set. */
function changesBetween(before: QrCodeRecord | null, after: QrCodeRecord): FieldChange[] {
  const a: Record<string, unknown> = before ? inputFromRecord(before) : {};
  const b = inputFromRecord(after);
  const fields = PATCH_FIELDS.filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null)).map((field) => ({
    field,
    before: a[field] ?? null,
    after: b[field] ?? null,
  }));
  const password = passwordChange(before?.password_hash ?? null, after.password_hash);
  return password ? [...fields, password] : fields;
}

/**
 * A password change as history names it: `set` (before: null), `changed` (before: `set`) or removed
 * (after: null). Never the password, nor its hash: the hash of a guessable password is as good as it.
 * Each new password gets a new salt, so a different hash is a new password.
 */
function passwordChange(before: string | null, after: string | null): FieldChange | null {
  if (before === after) return null;
  return { field: 'password', before: before === null ? null : 'set', after: after === null ? null : before === null ? 'set' : 'changed' };
}
