import type { EventEnvelope } from '@qr/contracts';
import { formatUtc, isPlainObject, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@qr/domain';

/** The JSON body a webhook endpoint receives (docs/api.md, "Events"). */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  created_at: string;
  workspace_id: string;
  data: Record<string, unknown>;
}

/*
 * An allowlist, not a denylist: a field added to the internal qr.scanned event later (like today's
 * visitor_hash and scan_number) stays internal until someone decides to publish it here.
 */
const PUBLIC_SCAN_FIELDS = [
  'qr_id',
  'client_ref',
  'short_code',
  'destination',
  'link_type',
  'country',
  'device',
  'os',
  'browser',
  'is_bot',
  'scanned_at',
] as const;

/**
 * The public payload of an internal event, or null when the event is not a webhook kind
 * (`qr.code.*`). A scan's data is reduced to the public fields (no visitor_hash, no scan_number;
 * `destination` null for a hosted page and for scans recorded before events carried it; `link_type`
 * the GS1 link type served (the default link's for a gs1 code's short link), null for other codes);
 * lead, limit and milestone data pass through. `id` is the event id, so every attempt and every
 * replay of one event carries the same id; `created_at` is the event's `occurred_at`.
 *
 * @example
 * webhookPayloadOf({ id: 'evt_1', type: 'qr.scanned', version: 1, occurred_at: '2026-01-01T00:00:00Z',
 *   workspace_id: 'ws_1', qr_id: 'qr_1', data: { qr_id: 'qr_1', visitor_hash: 'ab12…', … } })
 * // { id: 'evt_1', type: 'qr.scanned', created_at: '2026-01-01T00:00:00Z', workspace_id: 'ws_1', data: { qr_id: 'qr_1', … } }
 */
export function webhookPayloadOf(event: EventEnvelope): WebhookPayload | null {
  if (!isWebhookEventType(event.type)) return null;
  const data = isPlainObject(event.data) ? event.data : {};
  return {
    id: event.id,
    type: event.type,
    created_at: apiTimestamp(event.occurred_at),
    workspace_id: event.workspace_id,
    data: event.type === 'qr.scanned' ? publicScanData(data) : { ...data },
  };
}

function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

function publicScanData(data: Record<string, unknown>): Record<string, unknown> {
  // Every key present, null when missing: receivers can rely on the documented shape.
  return Object.fromEntries(PUBLIC_SCAN_FIELDS.map((field) => [field, data[field] ?? null]));
}

/** The envelope allows fractional seconds; the API emits `YYYY-MM-DDThh:mm:ssZ` only. */
function apiTimestamp(occurredAt: string): string {
  const at = new Date(occurredAt);
  return Number.isNaN(at.getTime()) ? occurredAt : formatUtc(at);
}
