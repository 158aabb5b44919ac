import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, type TestStorage } from '@qr/testing';
import { REDIRECT_MIGRATIONS } from '../store/redirect-migrations';
import { DailySalts } from './daily-salts';

describe('DailySalts (SQLite)', () => {
  let provisioned: TestStorage;
  let db: Database;

  beforeAll(async () => {
    provisioned = await provisionStorage('sqlite');
    db = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: true });
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('keeps one salt per UTC day up to its last millisecond, shares it across instances, and forgets salts after two days', async () => {
    let now = Date.parse('2026-03-01T00:00:00.000Z');
    const salts = new DailySalts(db, () => new Date(now));
    const first = await salts.current();
    now = Date.parse('2026-03-01T23:59:59.999Z');
    expect(await salts.current()).toBe(first);
    // Another process (a second redirect replica) gets the same salt from the database.
    expect(await new DailySalts(db, () => new Date(now)).current()).toBe(first);

    now = Date.parse('2026-03-02T00:00:00.000Z');
    const second = await salts.current();
    expect(second).not.toBe(first);
    // A clock set back (a test, an NTP step) is answered from the database, not from the cache.
    now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(await salts.current()).toBe(first);

    now = Date.parse('2026-03-04T08:00:00.000Z');
    await salts.current();
    const days = (await db.query<{ day: string }>('SELECT day FROM daily_salts ORDER BY day')).map((r) => r.day);
    expect(days).toEqual(['2026-03-02', '2026-03-04']);
  });
});
