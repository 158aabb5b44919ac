import { normalizeHostname } from './hostname';

/** What Caddy's on-demand TLS `ask` gets: 200 lets it obtain a certificate, anything else refuses. */
export type TlsAskAnswer = { status: 200 | 400 | 404; answer: 'allowed' | 'refused' | 'bad_request' };

/**
 * The answer for `?domain=<host>`: 200 only for a verified custom domain. The answer carries no body
 * and no workspace: a refusal looks the same whether the host is unknown, pending or malformed-but-
 * plausible, so the endpoint tells nothing a TLS handshake would not.
 *
 * @example await tlsAskAnswer('qr.example.com', (h) => repo.isVerified(h)) // { status: 200, answer: 'allowed' }
 */
export async function tlsAskAnswer(domain: string | null, isVerified: (hostname: string) => Promise<boolean>): Promise<TlsAskAnswer> {
  const hostname = normalizeHostname(domain);
  if (!hostname) return { status: 400, answer: 'bad_request' };
  return (await isVerified(hostname)) ? { status: 200, answer: 'allowed' } : { status: 404, answer: 'refused' };
}
