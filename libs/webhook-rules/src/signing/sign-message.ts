import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from './generate-webhook-secret';

// Strict base64: Buffer.from(…, 'base64') silently skips junk, which would sign with a key the
// receiver's library decodes differently. A malformed stored secret is a bug and must be loud.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The Standard Webhooks `v1` signature of one message: base64 HMAC-SHA256 over
 * `${msgId}.${timestampSeconds}.${body}` (UTF-8), keyed with the base64-decoded part of the secret
 * after `whsec_`. Throws on a malformed secret or a non-integer timestamp.
 *
 * @example
 * signMessage('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')
 * // 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='
 */
export function signMessage(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  if (!Number.isSafeInteger(timestampSeconds)) throw new RangeError('timestampSeconds must be an integer number of seconds');
  const mac = createHmac('sha256', secretKey(secret)).update(`${msgId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

function secretKey(secret: string): Buffer {
  // Like the official libraries, a secret without the prefix is taken as the bare base64 key.
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  if (encoded === '' || !BASE64.test(encoded)) throw new Error('the webhook secret is not whsec_ followed by base64');
  return Buffer.from(encoded, 'base64');
}
