import { randomBytes } from 'node:crypto';
import { newId } from '@qr/domain';
import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { type EndpointRecord } from '../endpoints/endpoint-record';
import { EndpointsRepository } from '../endpoints/endpoints.repository';
import { WEBHOOKS_MIGRATIONS } from '../store/webhooks-migrations';
import { ResealSecrets } from './reseal-secrets';
import { type SecretBox } from './secret-box';
import { boxWith } from '../testing/box-with';

describe.each(STORAGE_KINDS)('re-sealing webhook secrets on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const before = boxWith(oldKey);
  const during = boxWith(newKey, oldKey);
  const after = boxWith(newKey);
  const plain = new Map<string, { current: string; previous: string | null }>();

  const endpoint = (i: number, box: SecretBox): EndpointRecord => {
    const current = `whsec_${randomBytes(24).toString('base64')}`;
    const previous = i % 3 === 0 ? `whsec_${randomBytes(24).toString('base64')}` : null;
    const id = newId('we');
    plain.set(id, { current, previous });
    return {
      id,
      workspace_id: 'ws_1',
      url: `https://hooks.example.com/${i}`,
      description: null,
      events: ['qr.scanned'],
      status: 'enabled',
      disabled_reason: null,
      secret_sealed: box.seal(current),
      previous_secret_sealed: previous === null ? null : box.seal(previous),
      previous_secret_expires_at: previous === null ? null : Date.now() + 86_400_000,
      failing_since: null,
      created_at: Date.now(),
      updated_at: Date.now(),
      deleted_at: i % 7 === 0 ? Date.now() : null,
    };
  };

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'webhooks', storage: provisioned.storage, migrations: WEBHOOKS_MIGRATIONS, runMigrations: true });
    const repo = new EndpointsRepository(db);
    for (let i = 0; i < 45; i++) await repo.insert(endpoint(i, before));
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('seals every value again with the newest key, in batches, beside a writer rotating secrets; then the old key can go', async () => {
    expect(await new ResealSecrets(db, during).census()).toEqual([
      { key_id: during.keyIds[0], newest: true, secrets: 0 },
      { key_id: during.keyIds[1], newest: false, secrets: 60 },
    ]);
    // A rotate-secret on another replica while the re-seal runs: its value must survive, not be overwritten.
    const rotated = new Map<string, string>();
    const ids = [...plain.keys()];
    const batches: number[] = [];
    const report = await new ResealSecrets(db, during).run({
      batchSize: 10,
      onBatch: (done) => {
        batches.push(done);
        if (done === 10) {
          const id = ids[25];
          const secret = `whsec_${randomBytes(24).toString('base64')}`;
          rotated.set(id, secret);
          void db.execute('UPDATE webhook_endpoints SET secret_sealed = $1 WHERE id = $2', [during.seal(secret), id]);
        }
      },
    });
    expect(batches).toEqual([10, 20, 30, 40, 45]);
    expect(report.unreadable).toBe(0);
    expect(report.resealed + report.skipped).toBeGreaterThanOrEqual(59); // 59 when the rotation landed before its row was read
    expect(report.keys).toEqual([
      { key_id: during.keyIds[0], newest: true, secrets: 60 },
      { key_id: during.keyIds[1], newest: false, secrets: 0 },
    ]);
    // The new key alone opens every value, each unchanged (or the rotated one).
    const rows = await db.query<{ id: string; secret_sealed: string; previous_secret_sealed: string | null }>(
      'SELECT id, secret_sealed, previous_secret_sealed FROM webhook_endpoints',
    );
    for (const row of rows) {
      expect(after.open(row.secret_sealed)).toBe(rotated.get(row.id) ?? plain.get(row.id)!.current);
      expect(row.previous_secret_sealed === null ? null : after.open(row.previous_secret_sealed)).toBe(plain.get(row.id)!.previous);
    }
    // Run again: nothing left to do.
    expect(await new ResealSecrets(db, during).run()).toMatchObject({ resealed: 0, skipped: 0 });
  });

  it('counts values no key of the ring opens, and touches none of them', async () => {
    const stranger = boxWith(randomBytes(32));
    const report = await new ResealSecrets(db, stranger).run();
    expect(report).toMatchObject({ resealed: 0, unreadable: 60, keys: [{ key_id: stranger.newestKeyId, newest: true, secrets: 0 }] });
    const [row] = await db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhook_endpoints LIMIT 1');
    expect(after.keyIdOf(row.secret_sealed)).toBe(after.newestKeyId);
  });
});
