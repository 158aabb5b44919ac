import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { GATEWAY_MIGRATIONS } from '@qr/identity';
import { QuotaRepository } from './quota.repository';

describe.each(STORAGE_KINDS)('QuotaRepository on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let quota: QuotaRepository;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'gateway', storage: provisioned.storage, migrations: GATEWAY_MIGRATIONS, runMigrations: true });
    quota = new QuotaRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('grants exactly 25 of 40 concurrent reservations when 25 calls are left', async () => {
    await db.execute('INSERT INTO usage_counters (workspace_id, period, calls) VALUES ($1, $2, $3)', ['ws_a', '2026-11', 2975]);
    const results = await Promise.all(Array.from({ length: 40 }, () => quota.reserveCalls('ws_a', '2026-11', 1, 3000)));
    expect(results.filter((r) => r.granted)).toHaveLength(25);
    expect(await quota.callsUsed('ws_a', '2026-11')).toBe(3000);
    expect(results.filter((r) => !r.granted).every((r) => r.used === 3000)).toBe(true);
  });

  it('reserves a bulk cost as a whole or not at all, and refunds', async () => {
    expect((await quota.reserveCalls('ws_b', '2026-11', 30, 40)).granted).toBe(true);
    expect(await quota.reserveCalls('ws_b', '2026-11', 11, 40)).toEqual({ granted: false, used: 30 });
    expect(await quota.reserveCalls('ws_b', '2026-11', 10, 40)).toEqual({ granted: true, used: 40 });
    await quota.refundCalls('ws_b', '2026-11', 15);
    expect(await quota.callsUsed('ws_b', '2026-11')).toBe(25);
    await quota.refundCalls('ws_b', '2026-11', 100);
    expect(await quota.callsUsed('ws_b', '2026-11')).toBe(0);
  });

  it('keeps months apart', async () => {
    await quota.reserveCalls('ws_c', '2026-11', 5, 5);
    expect((await quota.reserveCalls('ws_c', '2026-11', 1, 5)).granted).toBe(false);
    expect((await quota.reserveCalls('ws_c', '2026-12', 1, 5)).granted).toBe(true);
  });

  it('caps the dynamic allowance under concurrency, and counts without a cap', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => quota.reserveDynamic('ws_d', 1, 7)));
    expect(results.filter((r) => r.granted)).toHaveLength(7);
    expect(await quota.dynamicUsed('ws_d')).toBe(7);
    expect((await quota.reserveDynamic('ws_e', 1000, null)).used).toBe(1000);
  });
});
