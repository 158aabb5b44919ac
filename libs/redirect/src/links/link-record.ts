import { digitalLinkPath, type Gs1Content, gs1ContentKey } from '@qr/gs1';
import { type OpeningRules, type Weekday } from '@qr/opening-rules';
import { type Destination, UTM_FIELDS, type UtmField } from '@qr/qr-content';

export type UtmFields = Partial<Record<UtmField, string | null>>;

/** One dynamic code as the redirect path needs it. */
export interface LinkRecord {
  qr_id: string;
  short_code: string;
  /** What the short-link route looks the link up by (routeKey): a short code is unique per domain, not across them. */
  route_key: string;
  workspace_id: string;
  client_ref: string | null;
  domain_host: string | null;
  type: string;
  status: 'active' | 'paused';
  content: Record<string, unknown>;
  destinations: Destination[];
  utm: UtmFields;
  fallback_url: string | null;
  start_at: number | null;
  end_at: number | null;
  daily_start: string | null;
  daily_end: string | null;
  daily_days: Weekday[] | null;
  timezone: string;
  scan_limit: number | null;
  scan_count: number;
  deleted_at: number | null;
  /** `scrypt$…` when a scan must enter the code's password first; null when it opens freely. */
  password_hash: string | null;
  revision: number;
  updated_at: number;
  /** A gs1 code's canonical Digital Link path (`/01/09506000134352/10/ABC123`), which the resolver looks up; null for other types. */
  gs1_path: string | null;
}

/** The `links` columns that hold JSON text, and those read back as numbers (PostgreSQL's BIGINT may come as text). */
const JSON_COLUMNS: ReadonlySet<string> = new Set<keyof LinkRecord>(['content', 'destinations', 'utm', 'daily_days']);
const NUMBER_COLUMNS: ReadonlySet<string> = new Set<keyof LinkRecord>([
  'start_at',
  'end_at',
  'scan_limit',
  'scan_count',
  'deleted_at',
  'revision',
  'updated_at',
]);

/** From a qr-service snapshot (`qr.code.*` event or sync command); the scan count stays redirect-service's own. */
export function linkFromSnapshot(s: Record<string, unknown>): LinkRecord {
  const str = (k: string) => (typeof s[k] === 'string' ? (s[k] as string) : null);
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : null);
  return {
    qr_id: String(s.id),
    short_code: String(s.short_code),
    route_key: routeKey(str('domain_host'), String(s.short_code)),
    workspace_id: String(s.workspace_id),
    client_ref: str('client_ref'),
    domain_host: str('domain_host'),
    type: String(s.type),
    status: s.status === 'paused' ? 'paused' : 'active',
    content: (s.content ?? {}) as Record<string, unknown>,
    destinations: (s.destinations ?? []) as Destination[],
    utm: Object.fromEntries(UTM_FIELDS.map((k) => [k, str(k)])),
    fallback_url: str('fallback_url'),
    start_at: num('start_at'),
    end_at: num('end_at'),
    daily_start: str('daily_start'),
    daily_end: str('daily_end'),
    daily_days: Array.isArray(s.daily_days) ? (s.daily_days as Weekday[]) : null,
    timezone: str('timezone') ?? 'UTC',
    scan_limit: num('scan_limit'),
    scan_count: 0,
    deleted_at: num('deleted_at'),
    password_hash: str('password_hash'),
    revision: num('revision') ?? 0,
    updated_at: num('updated_at') ?? 0,
    gs1_path: s.type === 'gs1' ? digitalLinkPath(gs1ContentKey(s.content as unknown as Gs1Content)) : null,
  };
}

/**
 * A link's lookup key: the short code for a code on the default host (served on every shared host),
 * `host/short_code` for a code on a custom domain (served on that host only). A back-half holds no
 * `.` and a host name always does, so the two kinds never meet.
 */
export function routeKey(domainHost: string | null, shortCode: string): string {
  return domainHost === null ? shortCode : `${domainHost}/${shortCode}`;
}

/** A `links` row (its columns are LinkRecord's fields) as a LinkRecord. */
export function linkFromRow(row: Record<string, unknown>): LinkRecord {
  const out: Record<string, unknown> = {};
  for (const [c, v] of Object.entries(row)) {
    out[c] = v === null || v === undefined ? null : JSON_COLUMNS.has(c) ? JSON.parse(String(v)) : NUMBER_COLUMNS.has(c) ? Number(v) : v;
  }
  return out as unknown as LinkRecord;
}

/** A link as its `links` row: the JSON columns as text. */
export function linkRow(link: LinkRecord): Record<string, unknown> {
  const row: Record<string, unknown> = { ...link };
  for (const c of JSON_COLUMNS) if (row[c] !== null) row[c] = JSON.stringify(row[c]);
  return row;
}

export function openingRulesOf(link: LinkRecord): OpeningRules {
  return {
    status: link.status,
    startAt: link.start_at === null ? null : new Date(link.start_at),
    endAt: link.end_at === null ? null : new Date(link.end_at),
    dailyStart: link.daily_start,
    dailyEnd: link.daily_end,
    dailyDays: link.daily_days,
    timezone: link.timezone,
    scanLimit: link.scan_limit,
  };
}
