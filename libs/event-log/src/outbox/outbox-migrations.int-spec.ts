import { type Database, defineMigration, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { OUTBOX_DROP_EVENT_ID_INDEX_SQL, OUTBOX_TABLE_SQL } from './outbox-migrations';

const CREATE = defineMigration({ timestamp: 1763700000001, name: 'Outbox', sqlite: [OUTBOX_TABLE_SQL.sqlite], postgres: [OUTBOX_TABLE_SQL.postgres] });
const DROP_INDEX = defineMigration({ timestamp: 1763700000002, name: 'OutboxWithoutEventIdIndex', ...OUTBOX_DROP_EVENT_ID_INDEX_SQL });

const row = (eventId: string) =>
  [
    'INSERT INTO outbox (event_id, topic, partition_key, payload, created_at) VALUES ($1, $2, $3, $4, $5)',
    [eventId, 'qr.scanned.v1', 'qr_1', '{}', 1],
  ] as const;

describe.each(STORAGE_KINDS)('outbox migration without the event_id index on %s', (kind) => {
  let provisioned: TestStorage;
  const opened: Database[] = [];

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await provisioned.cleanup();
  });

  it('keeps pending rows and their ids, keeps counting ids from where they were, and accepts a repeated event id', async () => {
    const before = await openDatabase({ name: 'producer', storage: provisioned.storage, migrations: [CREATE], runMigrations: true });
    opened.push(before);
    for (const id of ['evt_1', 'evt_2', 'evt_3']) await before.execute(...row(id));
    await before.execute('DELETE FROM outbox WHERE event_id <> $1', ['evt_2']);
    await expect(before.execute(...row('evt_2'))).rejects.toThrow();

    const after = await openDatabase({ name: 'producer', storage: provisioned.storage, migrations: [CREATE, DROP_INDEX], runMigrations: true });
    opened.push(after);
    expect(await after.query('SELECT id, event_id FROM outbox ORDER BY id')).toEqual([{ id: 2, event_id: 'evt_2' }]);
    await after.execute(...row('evt_2'));
    await after.execute('DELETE FROM outbox');
    await after.execute(...row('evt_4'));
    // Ids 1–4 were handed out before (the failed insert of the duplicate consumed none on SQLite, one on PostgreSQL):
    // a new row is above every id ever relayed, even after the outbox was emptied.
    const [{ id }] = await after.query<{ id: number }>('SELECT id FROM outbox WHERE event_id = $1', ['evt_4']);
    expect(Number(id)).toBeGreaterThan(4);
  });
});
