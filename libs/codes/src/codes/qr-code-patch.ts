import { fieldError, type FieldError, formatUtc, isPlainObject } from '@qr/domain';
import { designMergePatch, patchableFields, QR_CODE_IMMUTABLE } from '@qr/api-contract';
import { toGtin14 } from '@qr/gs1';
import { type Design } from '@qr/qr-design';
import { parseQrCodeInput } from './qr-code-input';
import { UTM_FIELDS } from '@qr/qr-content';
import { type QrCodeDraft, type QrCodeRecord } from './qr-code-record';

/** The fields a PATCH may set, in the order a change lists them: the declaration's, but the immutable ones. */
export const PATCH_FIELDS: readonly string[] = patchableFields();

export type PatchResult = { ok: true; draft: QrCodeDraft; password: string | null | undefined; changed: string[] } | { ok: false; errors: FieldError[] };

/**
 * A PATCH is checked by merging it onto the stored code and validating the result as a whole, with
 * the create rules: so `daily_start` alone is refused when no `daily_end` exists, and `end_at` must
 * follow the stored `start_at`. `null` clears an optional field.
 */
export function applyPatch(existing: QrCodeRecord, patch: unknown): PatchResult {
  if (!isPlainObject(patch)) return { ok: false, errors: [fieldError('', 'invalid_type', 'the body must be a JSON object')] };
  const errors = Object.keys(patch).flatMap((k) => keyErrors(existing, k));
  if (existing.type === 'gs1') errors.push(...gs1KeyChangeErrors(existing, patch.content));
  if (errors.length) return { ok: false, errors };
  const merged: Record<string, unknown> = { ...inputFromRecord(existing), ...patch };
  if (existing.type === 'website' && existing.category === 'dynamic') syncWebsite(existing, patch, merged);
  mergeLook(existing, patch, merged);
  const parsed = parseQrCodeInput(merged);
  if (!parsed.ok) return parsed;
  const before = inputFromRecord(existing);
  const after: Record<string, unknown> = { ...before, design: parsed.draft.design_preset_id ? parsed.draft.design_overrides : parsed.draft.design };
  const changed = Object.keys(patch).filter((k) =>
    // A new password always changes the code (the old one cannot be read back to compare); null changes only a protected code.
    k === 'password'
      ? patch.password !== null || existing.password_hash !== null
      : JSON.stringify(k === 'design' ? after.design : patch[k]) !== JSON.stringify(before[k] ?? null),
  );
  return { ok: true, draft: parsed.draft, password: parsed.password, changed };
}

function keyErrors(existing: QrCodeRecord, key: string): FieldError[] {
  if (QR_CODE_IMMUTABLE.includes(key)) return [fieldError(`/${key}`, 'immutable', `${key} cannot change after creation`)];
  if (!PATCH_FIELDS.includes(key)) return [fieldError(`/${key}`, 'unknown_field', 'this property cannot be patched')];
  if (existing.category === 'static' && (key === 'content' || key === 'destinations')) {
    return [fieldError(`/${key}`, 'immutable_for_static', 'a static code’s data is in its printed pattern and cannot change')];
  }
  return [];
}

/** A gs1 code's GTIN and qualifiers are its printed URI: a PATCH may change its links and data, not them. */
function gs1KeyChangeErrors(existing: QrCodeRecord, content: unknown): FieldError[] {
  if (!isPlainObject(content)) return [];
  return (['gtin', 'cpv', 'lot', 'serial'] as const).flatMap((field) => {
    const sent = field === 'gtin' && typeof content.gtin === 'string' && /^\d{8}$|^\d{12,14}$/.test(content.gtin) ? toGtin14(content.gtin) : content[field];
    return sent === existing.content[field]
      ? []
      : [fieldError(`/content/${field}`, 'immutable', `a gs1 code's ${field} is in its printed URI and cannot change; create another code`)];
  });
}

/**
 * A design merges field by field onto the stored one (JSON merge patch); `design: null` goes back to
 * the default. Under a preset the merge is onto the code's overrides, except that a PATCH naming the
 * preset and giving `design` gives the overrides whole (so a form can send exactly what differs from
 * the preset). Taking a preset starts with no overrides unless the patch gives some; leaving one keeps
 * the look the code had, as its own design.
 */
function mergeLook(existing: QrCodeRecord, patch: Record<string, unknown>, merged: Record<string, unknown>): void {
  const presetId = 'design_preset_id' in patch ? patch.design_preset_id : existing.design_preset_id;
  const leaving = existing.design_preset_id && presetId === null;
  const whole = 'design_preset_id' in patch && typeof presetId === 'string' && 'design' in patch;
  const base: unknown = leaving
    ? existing.design
    : whole
      ? {}
      : presetId && presetId === existing.design_preset_id
        ? existing.design_overrides
        : presetId
          ? {}
          : existing.design;
  if (!('design' in patch)) merged.design = base;
  else if (isPlainObject(patch.design) && base) merged.design = designMergePatch(base as unknown as Design, patch.design);
}

/** content.url and destinations[0] of a dynamic website move together; the patch may name either. */
function syncWebsite(existing: QrCodeRecord, patch: Record<string, unknown>, merged: Record<string, unknown>): void {
  if ('destinations' in patch && !('content' in patch)) delete merged.content;
  if ('content' in patch && !('destinations' in patch)) {
    const url = isPlainObject(patch.content) ? patch.content.url : undefined;
    merged.destinations = typeof url === 'string' ? [{ ...existing.destinations[0], target_url: url }, ...existing.destinations.slice(1)] : undefined;
  }
}

/** The stored code in the shape of a create request (what a client would have sent). */
export function inputFromRecord(r: QrCodeRecord): Record<string, unknown> {
  const time = (ms: number | null) => (ms === null ? null : formatUtc(new Date(ms)));
  const smart = r.type === 'website' && r.category === 'dynamic';
  return {
    name: r.name,
    type: r.type,
    category: r.category,
    status: r.status,
    content: r.content,
    ...(smart ? { destinations: r.destinations } : {}),
    client_ref: r.client_ref,
    ...(r.category === 'dynamic' ? { short_code: r.short_code } : {}),
    ...Object.fromEntries(UTM_FIELDS.map((f) => [f, r[f]])),
    start_at: time(r.start_at),
    end_at: time(r.end_at),
    daily_start: r.daily_start,
    daily_end: r.daily_end,
    daily_days: r.daily_days,
    timezone: r.timezone,
    scan_limit: r.scan_limit,
    fallback_url: r.fallback_url,
    folder_id: r.folder_id,
    custom_domain_id: r.custom_domain_id,
    // Under a preset, what the code sets itself; otherwise its whole design.
    design: r.design_preset_id ? r.design_overrides : r.design,
    design_preset_id: r.design_preset_id,
  };
}
