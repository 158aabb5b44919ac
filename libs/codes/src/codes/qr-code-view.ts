import { formatUtc } from '@qr/domain';
import { digitalLinkUri, type Gs1Content, gs1ContentKey } from '@qr/gs1';
import { evaluateOpening } from '@qr/opening-rules';
import { DEFAULT_DESIGN, eccOf } from '@qr/qr-design';
import { type UtmField, UTM_FIELDS } from '@qr/qr-content';
import { type QrCodeRecord } from './qr-code-record';

/**
 * The URL encoded in a dynamic code's pattern: the custom domain when set, else the short host. A
 * `gs1` code prints its GS1 Digital Link URI there (which the resolver answers), not its short code:
 * a checkout scanner reads the GTIN, lot and expiry from the URI itself.
 */
export function shortUrlOf(record: Pick<QrCodeRecord, 'short_code' | 'type' | 'content'>, shortBaseUrl: string, domainHost: string | null): string | null {
  if (!record.short_code) return null;
  const origin = domainHost ? `https://${domainHost}` : shortBaseUrl;
  if (record.type === 'gs1') {
    const content = record.content as unknown as Gs1Content;
    return digitalLinkUri(origin, gs1ContentKey(content), content.data);
  }
  return `${origin}/${record.short_code}`;
}

/** The API's `qr_code` object. `state` is computed for the moment of reading; `domainHost` is the code's verified custom domain's. */
export function qrCodeView(r: QrCodeRecord, ctx: { shortBaseUrl: string; publicBaseUrl: string; domainHost: string | null; now: Date }) {
  const time = (ms: number | null) => (ms === null ? null : formatUtc(new Date(ms)));
  const state =
    r.category === 'static'
      ? r.status
      : evaluateOpening(
          {
            status: r.status,
            startAt: r.start_at === null ? null : new Date(r.start_at),
            endAt: r.end_at === null ? null : new Date(r.end_at),
            dailyStart: r.daily_start,
            dailyEnd: r.daily_end,
            dailyDays: r.daily_days,
            timezone: r.timezone,
            scanLimit: r.scan_limit,
          },
          r.scan_count,
          ctx.now,
        ).state;
  return {
    id: r.id,
    object: 'qr_code' as const,
    name: r.name,
    type: r.type,
    category: r.category,
    status: r.status,
    state,
    content: r.content,
    destinations: r.destinations,
    client_ref: r.client_ref,
    short_code: r.short_code,
    short_url: shortUrlOf(r, ctx.shortBaseUrl, ctx.domainHost),
    preview_url: `${ctx.publicBaseUrl}/api/public/v1/previews/${r.preview_token}.svg`,
    ...(Object.fromEntries(UTM_FIELDS.map((f) => [f, r[f]])) as Record<UtmField, string | null>),
    start_at: time(r.start_at),
    end_at: time(r.end_at),
    daily_start: r.daily_start,
    daily_end: r.daily_end,
    daily_days: r.daily_days,
    timezone: r.timezone,
    scan_limit: r.scan_limit,
    scan_count: r.scan_count,
    fallback_url: r.fallback_url,
    folder_id: r.folder_id,
    custom_domain_id: r.custom_domain_id,
    design: r.design ?? DEFAULT_DESIGN,
    design_preset_id: r.design_preset_id,
    // The password itself is write-only: an answer says only whether there is one.
    password_protected: r.password_hash !== null,
    error_correction: eccOf(r.design, 'M' as const),
    created_at: time(r.created_at)!,
    updated_at: time(r.updated_at)!,
  };
}
