import { type Clock } from '@qr/domain';
import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { AuthenticateApiKey } from '../access/authenticate-api-key';
import { BootstrapFirstWorkspace } from './bootstrap-first-workspace';
import { GATEWAY_MIGRATIONS } from '../store/gateway-migrations';
import { AddMember } from './add-member';
import { ApiKeysRepository } from './api-keys.repository';
import { CreateApiKey } from './create-api-key';
import { Workspaces } from './workspaces';

describe.each(STORAGE_KINDS)('identity on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let now = new Date('2026-11-21T10:00:00Z');
  const clock: Clock = () => now;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'gateway', storage: provisioned.storage, migrations: GATEWAY_MIGRATIONS, runMigrations: true });
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('bootstraps one workspace with an owner key exactly once, even when raced', async () => {
    const results = await Promise.all([new BootstrapFirstWorkspace(db, clock).execute('agency'), new BootstrapFirstWorkspace(db, clock).execute('agency')]);
    const created = results.filter((r) => r !== null);
    expect(created).toHaveLength(1);
    const principal = await new AuthenticateApiKey(new ApiKeysRepository(db), clock).execute(`Bearer ${created[0]!.secret}`);
    expect(principal).toMatchObject({ workspaceId: created[0]!.workspace.id, role: 'owner', plan: { name: 'agency' } });
    expect(await new BootstrapFirstWorkspace(db, clock).execute('agency')).toBeNull();
  });

  it('stores only the digest of a key and refuses revoked and expired keys with the same 401', async () => {
    const ws = await new Workspaces(db, clock).create({ name: 'Acme', plan: 'pro' });
    const keys = new CreateApiKey(db, clock);
    const live = await keys.execute({ workspaceId: ws.id, name: 'live', role: 'editor' });
    const revoked = await keys.execute({ workspaceId: ws.id, name: 'revoked', role: 'editor' });
    const expiring = await keys.execute({ workspaceId: ws.id, name: 'expiring', role: 'viewer', expiresAt: new Date('2026-11-21T11:00:00Z') });
    const stored = await db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [live.record.id]);
    expect(JSON.stringify(stored)).not.toContain(live.secret);

    const repo = new ApiKeysRepository(db);
    expect(await repo.revoke(ws.id, revoked.record.id, now.getTime())).toBe(true);
    expect(await repo.revoke('ws_other', live.record.id, now.getTime())).toBe(false);
    const auth = new AuthenticateApiKey(repo, clock);
    await expect(auth.execute(`Bearer ${live.secret}`)).resolves.toMatchObject({ role: 'editor' });
    await expect(auth.execute(`Bearer ${expiring.secret}`)).resolves.toMatchObject({ role: 'viewer' });
    await expect(auth.execute(`Bearer ${revoked.secret}`)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    now = new Date('2026-11-21T11:00:00Z');
    await expect(auth.execute(`Bearer ${expiring.secret}`)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    now = new Date('2026-11-21T10:00:00Z');
    expect((await repo.listActive(ws.id, now.getTime())).map((k) => k.name).sort()).toEqual(['expiring', 'live']);
  });

  it('gates the API by plan, and a plan change applies on the next call', async () => {
    const ws = await new Workspaces(db, clock).create({ name: 'Shop', plan: 'starter' });
    const key = await new CreateApiKey(db, clock).execute({ workspaceId: ws.id, name: 'k', role: 'owner' });
    const auth = new AuthenticateApiKey(new ApiKeysRepository(db), clock);
    await expect(auth.execute(`Bearer ${key.secret}`)).rejects.toMatchObject({ status: 403, code: 'plan_has_no_api_access' });
    await new Workspaces(db, clock).setPlan({ workspaceId: ws.id, plan: 'pro' });
    await expect(auth.execute(`Bearer ${key.secret}`)).resolves.toMatchObject({ plan: { name: 'pro' } });
  });

  it('validates workspace, member and key input without writing anything', async () => {
    await expect(new Workspaces(db, clock).create({ name: 'X', plan: 'platinum' })).rejects.toMatchObject({ status: 422 });
    await expect(new Workspaces(db, clock).create({ name: '  ', plan: 'pro' })).rejects.toMatchObject({ status: 422 });
    await expect(new CreateApiKey(db, clock).execute({ workspaceId: 'ws_missing', name: 'k', role: 'owner' })).rejects.toMatchObject({ status: 404 });
    const ws = await new Workspaces(db, clock).create({ name: 'Members', plan: 'pro' });
    await new AddMember(db, clock).execute({ workspaceId: ws.id, email: 'Ana@Example.com', role: 'editor' });
    await expect(new AddMember(db, clock).execute({ workspaceId: ws.id, email: 'ana@example.com', role: 'viewer' })).rejects.toMatchObject({ status: 422 });
    await expect(new AddMember(db, clock).execute({ workspaceId: ws.id, email: 'bob@example.com', role: 'admin' })).rejects.toMatchObject({ status: 422 });
    await expect(
      new CreateApiKey(db, clock).execute({ workspaceId: ws.id, name: 'old', role: 'owner', expiresAt: new Date('2026-01-01T00:00:00Z') }),
    ).rejects.toMatchObject({ status: 422 });
    expect(await db.query('SELECT COUNT(*) AS n FROM members WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 1 }]);
    expect(await db.query('SELECT COUNT(*) AS n FROM api_keys WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 0 }]);
  });
});
