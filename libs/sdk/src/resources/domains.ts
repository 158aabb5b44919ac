import type { Domain, DomainInput, ListParams } from '../api-types.js';
import { listAt, type PageIterator } from '../pagination/page-iterator.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

/** `qr.domains`: custom short-link hostnames, verified by a DNS TXT record. */
export class Domains {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Registers a hostname. The answer's `verification` names the TXT record to create
   * (`_qr-verify.<hostname>` = `qr-verify=<token>`); then call {@link Domains.verify}.
   *
   * @example
   * const domain = await qr.domains.create({ hostname: 'qr.example.com' });
   * console.log(`${domain.verification.name} TXT "${domain.verification.value}"`);
   */
  async create(input: DomainInput, options?: CallOptions): Promise<Domain> {
    return this.http.send<Domain>({ method: 'POST', path: '/domains', body: input, signal: options?.signal });
  }

  /** Every domain, newest first, page by page as you iterate. */
  list(params: ListParams = {}, options?: CallOptions): PageIterator<Domain> {
    return listAt(this.http, '/domains', params, options?.signal);
  }

  /**
   * Looks the TXT record up now. Answers the domain: `status: 'verified'` once the record matches,
   * else still `pending` with `verification.last_error`. Safe to repeat.
   */
  async verify(domainId: string, options?: CallOptions): Promise<Domain> {
    return this.http.send<Domain>({ method: 'POST', path: `/domains/${id(domainId)}/verify`, idempotent: true, signal: options?.signal });
  }
}
