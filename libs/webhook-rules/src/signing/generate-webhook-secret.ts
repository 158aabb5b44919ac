import { randomBytes } from 'node:crypto';

/** Standard Webhooks prefix: receivers' libraries strip it before base64-decoding the key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

// 24 bytes = 192 bits, the length Svix issues; within the 24..64 bytes Standard Webhooks asks for.
const SECRET_BYTES = 24;

/**
 * A fresh signing secret: `whsec_` + base64 of 24 bytes from the CSPRNG.
 *
 * @example
 * generateWebhookSecret() // 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
 */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}
