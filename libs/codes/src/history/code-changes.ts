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
  if (!before && after) return { action: 'created', changes: initialValues(after) };
  if (before && (!after || after.deleted_at !== null)) return { action: 'deleted', changes: [] };
  if (!before || !after) throw new Error('a change has a code before it, after it, or both');
  const changes = changesBetween(before, after);
  const onlyStatus = changes.length === 1 && changes[0].field === 'status';
  return { action: onlyStatus ? (after.status === 'paused' ? 'paused' : 'resumed') : 'updated', changes };
}

export function changesBetween(before: QrCodeRecord, after: QrCodeRecord): FieldChange[] {
  const a = inputFromRecord(before);
  const b = inputFromRecord(after);
  return PATCH_FIELDS.filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null)).map((field) => ({
    field,
    before: a[field] ?? null,
    after: b[field] ?? null,
  }));
}

function initialValues(record: QrCodeRecord): FieldChange[] {
  const values = inputFromRecord(record);
  return PATCH_FIELDS.filter((f) => values[f] !== null && values[f] !== undefined).map((field) => ({ field, before: null, after: values[field] }));
}
