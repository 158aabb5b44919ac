import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { openDatabase, type StorageConfig } from '@qr/persistence';
import { createTestPostgres, type TestPostgres, waitUntil } from '@qr/testing';
import { type LogRecord } from '../event-log.port';
import { allowPackedRowsIn, openEventLog } from '../open-event-log';
import { scannedEvent } from '../testing/scanned-event';
import { EVENT_LOG_MIGRATIONS } from './event-log-migrations';
import { type SqlEventLog } from './sql-event-log';

const scans = (qrId: string, from: number, n: number): LogRecord[] =>
  Array.from({ length: n }, (_, i) => ({ topic: TOPICS.qrScanned, key: qrId, event: scannedEvent(qrId, from + i) }));

/** Appends as a producer does: inside its own transaction (here the log's own database stands in for the producer's). */
async function appendInTransaction(log: SqlEventLog, records: LogRecord[]): Promise<void> {
  const append = log.appenderWithin!(log.db)!;
  await log.db.transaction(async (tx) => append(tx, records));
}

const storedRows = async (log: SqlEventLog) =>
  (await log.db.query<{ partition_key: string; event_count: number }>('SELECT partition_key, event_count FROM event_log ORDER BY position')).map((r) => [r.partition_key, Number(r.event_count)]);

describe('packed rows on PostgreSQL', () => {
  const dbs: TestPostgres[] = [];
  const logs: SqlEventLog[] = [];
  const open = async (storage: StorageConfig) => {
    const log = (await openEventLog({ transport: { kind: 'sql' }, storage, runMigrations: true, clientId: 'packed', log: silentLog, pollMs: 50, leaseMs: 1500, partitions: 4 })) as SqlEventLog;
    logs.push(log);
    return log;
  };
  const database = async (name: string) => {
    const pg = await createTestPostgres(name);
    dbs.push(pg);
    return { kind: 'postgres', url: pg.url } as StorageConfig;
  };
  afterAll(async () => {
    await Promise.all(logs.map((l) => l.close().catch(() => undefined)));
    await Promise.all(dbs.map((d) => d.drop()));
  });

  it('packs a transaction’s events of one code into one row in a new log; a group gets each event in order, and its lag counts events', async () => {
    const log = await open(await database('packed_new'));
    await appendInTransaction(log, [...scans('qr_a', 1, 20), ...scans('qr_b', 1, 2), ...scans('qr_a', 21, 25)]);
    expect(await storedRows(log)).toEqual([['qr_a', 45], ['qr_b', 2]]);

    const seen: Array<[string, number]> = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let handling = false;
    const sub = log.subscribe({
      group: 'packed',
      topics: [TOPICS.qrScanned],
      handler: async (records) => {
        handling = true;
        await gate;
        for (const r of records) seen.push([r.key, (r.event.data as { scan_number: number }).scan_number]);
      },
    });
    try {
      await waitUntil(() => handling, 'the group handling its first batch');
      expect(await sub.lag()).toBe(47);
      release();
      await waitUntil(() => sub.assignment().handled === 47, 'the batch committed');
      expect(await sub.lag()).toBe(0);
      expect(seen.filter(([k]) => k === 'qr_a').map(([, n]) => n)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
      expect(seen.filter(([k]) => k === 'qr_b').map(([, n]) => n)).toEqual([1, 2]);
    } finally {
      await sub.stop();
    }
  });

  it('compresses payloads with lz4 where the server has it, and reads them back', async () => {
    const log = await open(await database('packed_lz4'));
    const [lz4] = await log.db.query<{ has: boolean }>("SELECT 'lz4' = ANY(enumvals) AS has FROM pg_settings WHERE name = 'default_toast_compression'");
    const [column] = await log.db.query<{ method: string }>("SELECT attcompression AS method FROM pg_attribute WHERE attrelid = 'event_log'::regclass AND attname = 'payload'");
    expect(column.method).toBe(lz4?.has ? 'l' : '');
    await appendInTransaction(log, scans('qr_z', 1, 60));
    const [row] = await log.db.query<{ method: string | null; payload: string }>('SELECT pg_column_compression(payload) AS method, payload FROM event_log');
    expect(row.method).toBe(lz4?.has ? 'lz4' : 'pglz');
    expect((JSON.parse(row.payload) as Array<{ data: { scan_number: number } }>).map((e) => e.data.scan_number)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('keeps one row per event in a log that had rows before this version, until allowed; then packs from the next start', async () => {
    const storage = await database('packed_upgrade');
    const old = await openDatabase({ name: 'eventlog', storage, migrations: EVENT_LOG_MIGRATIONS.slice(0, 2), runMigrations: true });
    const [first] = scans('qr_old', 1, 1);
    await old.execute('INSERT INTO event_log (topic, partition_key, partition_no, event_id, payload, appended_at) VALUES ($1, $2, 0, $3, $4, 1)', [first.topic, first.key, first.event.id, JSON.stringify(first.event)]);
    await old.close();

    const upgraded = await open(storage);
    await appendInTransaction(upgraded, scans('qr_c', 1, 3));
    expect(await storedRows(upgraded)).toEqual([['qr_old', 1], ['qr_c', 1], ['qr_c', 1], ['qr_c', 1]]);

    expect(await allowPackedRowsIn(storage)).toEqual({ packed_rows: true, was: false });
    // Running processes keep their setting until they start again.
    await appendInTransaction(upgraded, scans('qr_c', 4, 2));
    const restarted = await open(storage);
    await appendInTransaction(restarted, scans('qr_c', 6, 3));
    expect((await storedRows(restarted)).slice(4)).toEqual([['qr_c', 1], ['qr_c', 1], ['qr_c', 3]]);
  });
});
