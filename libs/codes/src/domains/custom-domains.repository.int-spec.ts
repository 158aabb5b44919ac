import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { QR_MIGRATIONS } from '../store/codes-migrations';
import { type CustomDomainRecord, CustomDomainsRepository } from './custom-domains.repository';

const domain = (id: string, workspace_id: string, hostname: string): CustomDomainRecord => ({
  id,
  workspace_id,
  hostname,
  verification_token: `token-${id}`,
  status: 'pending',
  last_checked_at: null,
  last_error: null,
  verified_at: null,
  created_at: 1,
});

/** What Caddy's ask reads: whether a hostname is verified, in any workspace, on both dialects. */
describe.each(STORAGE_KINDS)('custom domains on %s: isVerified', (kind) => {
  let provisioned: TestStorage;
  let db: Database;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'qr', storage: provisioned.storage, migrations: QR_MIGRATIONS, runMigrations: true });
  });
  afterAll(async () => {
    await db?.close();
    await provisioned?.cleanup();
  });

  it('is true only once a check has verified the hostname, whichever workspace holds it', async () => {
    const repo = new CustomDomainsRepository(db);
    await repo.insert(domain('dom_a', 'ws_a', 'go.a.example'));
    await repo.insert(domain('dom_b', 'ws_b', 'go.b.example'));
    expect(await repo.isVerified('go.a.example')).toBe(false);
    await repo.recordCheck('dom_a', { verified: false, error: 'no TXT record', at: 2 });
    expect(await repo.isVerified('go.a.example')).toBe(false);
    await repo.recordCheck('dom_a', { verified: true, error: null, at: 3 });
    await repo.recordCheck('dom_b', { verified: true, error: null, at: 3 });
    expect(await repo.isVerified('go.a.example')).toBe(true);
    expect(await repo.isVerified('go.b.example')).toBe(true);
    expect(await repo.isVerified('GO.A.EXAMPLE')).toBe(false); // callers normalize first (tlsAskAnswer)
    expect(await repo.isVerified('nobody.example')).toBe(false);
  });
});
