import { randomBytes } from 'node:crypto';

/** Standard Webhooks prefix: receivers' libraries strip it before base64-decoding the key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

// 24 bytes = 192 bits, the length Svix issues; within the 24..64 bytes Standard Webhooks asks for.
const SECRET_BYTES = 24;

/**
 * A fresh signing secret: `whsec_` + base64 of 24 random bytes. The byte source is injectable so a
 * test can pin the secret; production uses the CSPRNG.
 *
 * @example
 * generateWebhookSecret() // 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
 * generateWebhookSecret(() => new Uint8Array(24)) // 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
 */
export function generateWebhookSecret(bytes: (size: number) => Uint8Array = randomBytes): string {
  const key = bytes(SECRET_BYTES);
  if (key.length !== SECRET_BYTES) throw new RangeError(`the byte source returned ${key.length} bytes, expected ${SECRET_BYTES}`);
  return WEBHOOK_SECRET_PREFIX + Buffer.from(key).toString('base64');
}
