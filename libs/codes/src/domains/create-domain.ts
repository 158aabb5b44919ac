import { DomainInput, readDeclared } from '@qr/api-contract';
import { Errors, fieldError, newId, randomBase62 } from '@qr/domain';
import { type CustomDomainRecord, type CustomDomainsRepository } from './custom-domains.repository';
import { normalizeHostname } from './hostname';

export class CreateDomain {
  constructor(
    private readonly domains: CustomDomainsRepository,
    /** Hosts the platform itself answers on; a workspace cannot claim them. */
    private readonly reservedHosts: readonly string[],
  ) {}

  async execute(workspaceId: string, body: unknown): Promise<CustomDomainRecord> {
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
}
