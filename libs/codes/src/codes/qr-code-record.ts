import { type Weekday } from '@qr/opening-rules';
import { type Destination, type QrCategory, type QrType, UTM_FIELDS, type UtmField } from '@qr/qr-content';
import { DEFAULT_DESIGN, type Design } from '@qr/qr-design';

/** A code as qr-service stores it (decoded JSON columns, epoch-ms times). Not an API shape. */
export interface QrCodeRecord extends Record<UtmField, string | null> {
  id: string;
  workspace_id: string;
  name: string;
  type: QrType;
  category: QrCategory;
  status: 'active' | 'paused';
  content: Record<string, unknown>;
  destinations: Destination[];
  client_ref: string | null;
  short_code: string | null;
  preview_token: string;
  start_at: number | null;
  end_at: number | null;
  daily_start: string | null;
  daily_end: string | null;
  daily_days: Weekday[] | null;
  timezone: string;
  scan_limit: number | null;
  scan_count: number;
  fallback_url: string | null;
  folder_id: string | null;
  custom_domain_id: string | null;
  /** How the code looks (with a preset: the preset with the code's overrides); null is the default design. */
  design: Design | null;
  /** A brand preset of the workspace the code's look follows; a change to the preset changes the code. */
  design_preset_id: string | null;
  /** With a preset, what the code sets differently (a partial design, `{}` for nothing); null without one. */
  design_overrides: Record<string, unknown> | null;
  /** `scrypt$…` of the code's password (the members' hash, `hashPassword`); null when scans open freely. */
  password_hash: string | null;
  revision: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/**
 * What a valid create request decides; the service adds ids, tokens and times. `short_code` is the
 * chosen back-half, or null for the service to draw one (a dynamic code) or none (a static one).
 */
export type QrCodeDraft = Omit<
  QrCodeRecord,
  'id' | 'workspace_id' | 'preview_token' | 'password_hash' | 'scan_count' | 'revision' | 'created_at' | 'updated_at' | 'deleted_at'
>;

/** What the service adds to a draft when it creates the code. */
export type NewCodeKeys = Pick<QrCodeRecord, 'id' | 'workspace_id' | 'short_code' | 'preview_token' | 'password_hash'>;

/**
 * A new code's record: the draft's fields and the service's. Written out field by field, not spread:
 * the draft arrives through the command bus's JSON, and V8 copies such a parsed object (then
 * overwrites its short_code) tens of times slower than it builds a literal, and the record it makes is
 * slow again wherever it is copied (the event's snapshot). Measured on the bulk-create row.
 */
export function newRecord(draft: QrCodeDraft, keys: NewCodeKeys, now: number): QrCodeRecord {
  return {
    name: draft.name,
    type: draft.type,
    category: draft.category,
    status: draft.status,
    content: draft.content,
    destinations: draft.destinations,
    client_ref: draft.client_ref,
    short_code: keys.short_code,
    utm_source: draft.utm_source,
    utm_medium: draft.utm_medium,
    utm_campaign: draft.utm_campaign,
    utm_term: draft.utm_term,
    utm_content: draft.utm_content,
    start_at: draft.start_at,
    end_at: draft.end_at,
    daily_start: draft.daily_start,
    daily_end: draft.daily_end,
    daily_days: draft.daily_days,
    timezone: draft.timezone,
    scan_limit: draft.scan_limit,
    fallback_url: draft.fallback_url,
    folder_id: draft.folder_id,
    custom_domain_id: draft.custom_domain_id,
    design: draft.design,
    design_preset_id: draft.design_preset_id,
    design_overrides: draft.design_overrides,
    id: keys.id,
    workspace_id: keys.workspace_id,
    preview_token: keys.preview_token,
    password_hash: keys.password_hash,
    scan_count: 0,
    revision: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

type Row = Omit<QrCodeRecord, 'content' | 'destinations' | 'daily_days' | 'design' | 'design_preset_id' | 'design_overrides' | 'password_hash'> & {
  password_hash?: string | null;
  content: string;
  destinations: string;
  daily_days: string | null;
  design: string | null;
  design_preset_id?: string | null;
};

const JSON_COLUMNS = ['content', 'destinations', 'daily_days', 'design'] as const;

export function recordFromRow(row: Row): QrCodeRecord {
  return {
    ...row,
    content: JSON.parse(row.content),
    destinations: JSON.parse(row.destinations),
    daily_days: row.daily_days === null ? null : JSON.parse(row.daily_days),
    // Merged onto the defaults: a design stored before a field existed reads with that field's default.
    // With a preset the column holds the overrides; the repository resolves the design from the preset.
    design: row.design_preset_id || row.design === null || row.design === undefined ? null : { ...DEFAULT_DESIGN, ...JSON.parse(row.design) },
    design_preset_id: row.design_preset_id ?? null,
    password_hash: row.password_hash ?? null,
    design_overrides: row.design_preset_id ? (JSON.parse(row.design ?? '{}') as Record<string, unknown>) : null,
    start_at: numberOrNull(row.start_at),
    end_at: numberOrNull(row.end_at),
    scan_limit: numberOrNull(row.scan_limit),
    scan_count: Number(row.scan_count),
    deleted_at: numberOrNull(row.deleted_at),
  };
}

/** Column names in insert order, and the record's values for them. */
export const QR_CODE_COLUMNS: readonly (keyof QrCodeRecord)[] = [
  'id',
  'workspace_id',
  'name',
  'type',
  'category',
  'status',
  'content',
  'destinations',
  'client_ref',
  'short_code',
  'preview_token',
  ...UTM_FIELDS,
  'start_at',
  'end_at',
  'daily_start',
  'daily_end',
  'daily_days',
  'timezone',
  'scan_limit',
  'scan_count',
  'fallback_url',
  'folder_id',
  'custom_domain_id',
  'design',
  'design_preset_id',
  'password_hash',
  'revision',
  'created_at',
  'updated_at',
  'deleted_at',
];

export function rowValues(record: QrCodeRecord, columns: readonly (keyof QrCodeRecord)[] = QR_CODE_COLUMNS): unknown[] {
  return columns.map((c) => {
    // A code that follows a preset stores only its overrides: the preset's later changes show through.
    if (c === 'design' && record.design_preset_id) return JSON.stringify(record.design_overrides ?? {});
    return (JSON_COLUMNS as readonly string[]).includes(c) && record[c] !== null ? JSON.stringify(record[c]) : record[c];
  });
}

function numberOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}
