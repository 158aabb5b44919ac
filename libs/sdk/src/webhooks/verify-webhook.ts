import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from '../api-types.js';

/** Request headers as Node's `req.headers`, a fetch `Headers`, or any plain object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The delivery is not authentic, or not fresh: answer it with a 4xx and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookVerificationError';
  }
}

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Checks a delivery's Standard Webhooks signature with the official `standardwebhooks` library and
 * returns the event, typed by its `type`. Pass the body exactly as received (bytes or string, not
 * re-serialised JSON). Deliveries older or newer than 5 minutes are refused, so a captured
 * delivery cannot be replayed later; deliveries are at-least-once, so deduplicate on `event.id`.
 * During a secret rotation, pass both secrets (or either: each signs for 24 hours).
 *
 * @throws WebhookVerificationError when headers are missing, the signature does not match any
 *   secret, or the timestamp is out of tolerance.
 * @example
 * // Express: keep the raw body for this route.
 * app.post('/qr-events', express.raw({ type: 'application/json' }), (req, res) => {
 *   let event;
 *   try {
 *     event = verifyWebhook(req.body, req.headers, process.env.QR_WEBHOOK_SECRET!);
 *   } catch {
 *     return res.sendStatus(400);
 *   }
 *   if (event.type === 'qr.scanned') console.log(event.data.qr_id, event.data.country);
 *   res.sendStatus(204);
 * });
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[]): WebhookEvent {
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const values = HEADERS.map((name) => headerValue(headers, name));
  const missing = HEADERS.filter((_, i) => !values[i]);
  if (missing.length) throw new WebhookVerificationError(`missing header ${missing.join(', ')}`);
  const signed: Record<string, string> = Object.fromEntries(HEADERS.map((name, i) => [name, values[i]!]));
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).map(signingKey);
  if (!secrets.length) throw new TypeError('verifyWebhook: no secret given');
  let failure: unknown;
  for (const candidate of secrets) {
    try {
      return new Webhook(candidate).verify(body, signed) as WebhookEvent;
    } catch (err) {
      failure = err;
    }
  }
  const reason = failure instanceof Error ? failure.message : String(failure);
  throw new WebhookVerificationError(`webhook signature not verified: ${reason}`, { cause: failure });
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

/** The endpoint secret is `whsec_` + base64; anything else is a configuration mistake, said plainly. */
function signingKey(secret: string): string {
  if (typeof secret !== 'string' || !/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)) {
    throw new TypeError('verifyWebhook: the secret must be the endpoint’s whsec_… secret from its create or rotate-secret answer');
  }
  return secret;
}
