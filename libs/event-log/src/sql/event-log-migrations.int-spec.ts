import { openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { EVENT_LOG_MIGRATIONS } from './event-log-migrations';

/**
 * Upgrading a log that spread groups over processes (partitions, leases, heartbeats) to the embedded
 * log of one process: the rows stay, and a group that held partitions starts from the lowest offset it
 * had committed in any of them, so nothing it had not handled everywhere is skipped.
 */
describe.each(STORAGE_KINDS)('the event log’s migration to one process, on %s', (kind) => {
  let provisioned: TestStorage;
  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
  });
  afterAll(async () => {
    await provisioned.cleanup();
  });

  it('keeps every row, starts each group at its lowest partition offset, and drops partitions, leases and heartbeats', async () => {
    const before = await openDatabase({ name: 'eventlog', storage: provisioned.storage, migrations: EVENT_LOG_MIGRATIONS.slice(0, -1), runMigrations: true });
    for (let i = 1; i <= 9; i++) {
      await before.execute(
        'INSERT INTO event_log (topic, partition_key, partition_no, event_id, payload, appended_at, event_count) VALUES ($1, $2, $3, $4, $5, $6, 1)',
        ['qr.scanned.v1', `qr_${i % 3}`, i % 3, `evt_${i}`, '{}', i],
      );
    }
    await before.execute("INSERT INTO consumer_groups (group_id, position) VALUES ('spread', 0), ('whole', 7)");
    await before.execute(
      "INSERT INTO consumer_partitions (group_id, partition_no, position, owner, lease_expires_at) VALUES ('spread', 0, 9, 'm1', 1), ('spread', 1, 4, 'm2', 1), ('spread', 2, 6, NULL, 0)",
    );
    await before.execute("INSERT INTO consumer_members (group_id, member_id, expires_at) VALUES ('spread', 'm1', 1)");
    await before.close();

    const after = await openDatabase({ name: 'eventlog', storage: provisioned.storage, migrations: EVENT_LOG_MIGRATIONS, runMigrations: true });
    try {
      const groups = await after.query<{ group_id: string; position: number }>('SELECT group_id, position FROM consumer_groups ORDER BY group_id');
      expect(groups.map((g) => [g.group_id, Number(g.position)])).toEqual([
        ['spread', 4],
        ['whole', 7],
      ]);
      const rows = await after.query<{ position: number; event_id: string }>('SELECT * FROM event_log ORDER BY position');
      expect(rows.map((r) => r.event_id)).toEqual(Array.from({ length: 9 }, (_, i) => `evt_${i + 1}`));
      expect(Object.keys(rows[0])).not.toContain('partition_no');
      const tables =
        kind === 'sqlite'
          ? await after.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
          : await after.query<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1', [after.schema]);
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['event_log', 'consumer_groups']));
      for (const gone of ['consumer_partitions', 'consumer_members', 'event_log_settings']) expect(tables.map((t) => t.name)).not.toContain(gone);
    } finally {
      await after.close();
    }
  });
});
