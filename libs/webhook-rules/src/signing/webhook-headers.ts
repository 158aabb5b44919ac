import { signatureHeader } from './signature-header';

export type WebhookHeaderName = 'webhook-id' | 'webhook-timestamp' | 'webhook-signature' | 'content-type';

/**
 * Every header a delivery attempt carries. `msgId` must be the same on every attempt of one message
 * (receivers deduplicate on it); `now` is the attempt's time, since receivers refuse timestamps more
 * than a few minutes off, so each retry is re-signed with a fresh timestamp.
 *
 * @example
 * webhookHeaders({ secrets: ['whsec_…'], msgId: 'evt_…', now: new Date('2026-01-01T00:00:00Z'), body: '{}' })
 * // { 'webhook-id': 'evt_…', 'webhook-timestamp': '1767225600', 'webhook-signature': 'v1,…', 'content-type': 'application/json' }
 */
export function webhookHeaders(o: { secrets: readonly string[]; msgId: string; now: Date; body: string }): Record<WebhookHeaderName, string> {
  const timestampSeconds = Math.floor(o.now.getTime() / 1000);
  if (!Number.isSafeInteger(timestampSeconds)) throw new RangeError('now is not a valid date');
  return {
    'webhook-id': o.msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(o.secrets, o.msgId, timestampSeconds, o.body),
    'content-type': 'application/json',
  };
}
