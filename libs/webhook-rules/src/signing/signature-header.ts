import { signMessage } from './sign-message';

/**
 * The `webhook-signature` header value: one `v1,…` signature per secret, space-separated. During a
 * rotation window pass the new secret first and the old one second, so a receiver holding either
 * secret verifies the message. Throws when `secrets` is empty: an unsigned webhook is never sent.
 *
 * @example
 * signatureHeader([newSecret, oldSecret], 'msg_1', 1614265330, '{}')
 * // 'v1,K5oZ… v1,Xq3b…'
 */
export function signatureHeader(secrets: readonly string[], msgId: string, timestampSeconds: number, body: string): string {
  if (secrets.length === 0) throw new Error('at least one webhook secret is needed to sign a message');
  return secrets.map((secret) => signMessage(secret, msgId, timestampSeconds, body)).join(' ');
}
