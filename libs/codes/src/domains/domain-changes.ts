import { Resolver } from 'node:dns/promises';
import { DomainInput, readDeclared } from '@qr/api-contract';
import { Errors, fieldError, newId, randomBase62 } from '@qr/domain';
import { type CustomDomainRecord, type CustomDomainsRepository } from './custom-domains.repository';
import { normalizeHostname, verificationRecordName, verificationRecordValue } from './hostname';

/** A workspace's custom domains: registered, then verified by a DNS TXT record. */
export class DomainChanges {
  private readonly resolver = new Resolver({ timeout: 3000, tries: 2 });

  /**
   * `reservedHosts`: hosts the platform itself answers on; a workspace cannot claim them.
   * `dnsServers`: explicit servers (`DNS_RESOLVER=127.0.0.1:5353`, used by tests to point at a local
   * responder); the system resolver otherwise.
   */
  constructor(
    private readonly domains: CustomDomainsRepository,
    private readonly reservedHosts: readonly string[],
    dnsServers: string[] | undefined,
  ) {
    if (dnsServers?.length) this.resolver.setServers(dnsServers);
  }

  async create(workspaceId: string, body: unknown): Promise<CustomDomainRecord> {
    const hostname = normalizeHostname(readDeclared(DomainInput, body).hostname);
    if (!hostname) throw Errors.validationFailed([fieldError('/hostname', 'invalid', 'not a DNS hostname such as qr.example.com')]);
    if (this.reservedHosts.includes(hostname)) throw Errors.validationFailed([fieldError('/hostname', 'reserved', 'this hostname belongs to the platform')]);
    const domain: CustomDomainRecord = {
      id: newId('dom'),
      workspace_id: workspaceId,
      hostname,
      verification_token: randomBase62(24),
      status: 'pending',
      last_checked_at: null,
      last_error: null,
      verified_at: null,
      created_at: Date.now(),
    };
    if (!(await this.domains.insert(domain))) throw Errors.validationFailed([fieldError('/hostname', 'taken', 'this hostname is registered already')]);
    return domain;
  }

  /**
   * Looks for `qr-verify=<token>` in the TXT records of `_qr-verify.<hostname>`. The outcome is kept on
   * the domain (`verification.last_error`), and the answer is the domain either way: a DNS record
   * that has not propagated yet is not an error of the request.
   */
  async verify(workspaceId: string, id: string): Promise<CustomDomainRecord> {
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
