import { Resolver } from 'node:dns/promises';
import { Errors } from '@qr/domain';
import { type CustomDomainRecord, type CustomDomainsRepository } from './custom-domains.repository';
import { verificationRecordName, verificationRecordValue } from './hostname';

/**
 * Looks for `qr-verify=<token>` in the TXT records of `_qr-verify.<hostname>`. The outcome is kept on
 * the domain (`verification.last_error`), and the answer is the domain either way: a DNS record
 * that has not propagated yet is not an error of the request.
 */
export class VerifyDomain {
  private readonly resolver = new Resolver({ timeout: 3000, tries: 2 });

  /**
   * `dnsServers`: explicit servers (`DNS_RESOLVER=127.0.0.1:5353`, used by tests to point at a local
   * responder); the system resolver otherwise.
   */
  constructor(
    private readonly domains: CustomDomainsRepository,
    dnsServers: string[] | undefined,
  ) {
    if (dnsServers?.length) this.resolver.setServers(dnsServers);
  }

  async execute(workspaceId: string, id: string): Promise<CustomDomainRecord> {
    const domain = await this.domains.find(workspaceId, id);
    if (!domain) throw Errors.notFound('domain');
    if (domain.status === 'verified') return domain;
    const error = await this.check(domain);
    await this.domains.recordCheck(domain.id, { verified: error === null, error, at: Date.now() });
    return (await this.domains.find(workspaceId, id))!;
  }

  private async check(domain: CustomDomainRecord): Promise<string | null> {
    const name = verificationRecordName(domain.hostname);
    let records: string[][];
    try {
      records = await this.resolver.resolveTxt(name);
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'ERROR';
      return code === 'ENOTFOUND' || code === 'ENODATA' ? `no TXT record at ${name}` : `DNS lookup of ${name} failed (${code})`;
    }
    const expected = verificationRecordValue(domain.verification_token);
    return records.some((chunks) => chunks.join('') === expected) ? null : `the TXT records at ${name} do not contain ${expected}`;
  }
}
