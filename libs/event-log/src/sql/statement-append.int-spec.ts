import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { createTestPostgres, type TestPostgres, waitUntil } from '@qr/testing';
import { type LogRecord, type StatementAppender } from '../event-log.port';
import { openEventLog } from '../open-event-log';
import { scannedEvent } from '../testing/scanned-event';
import { payloadEvents } from './packed-rows';
import { type SqlEventLog } from './sql-event-log';

/** Scans of a code whose client_ref is text of 1-, 2-, 3- and 4-byte UTF-8 characters: each moves the byte ranges of the rows after it. */
const scans = (qrId: string, from: number, n: number): LogRecord[] =>
  Array.from({ length: n }, (_, i) => {
    const event = scannedEvent(qrId, from + i);
    event.data.client_ref = `Grüße € 🎉 ${qrId} "${from + i}" \\`;
    return { topic: TOPICS.qrScanned, key: qrId, event };
  });

/** A producer's statement: it allows the keys in $1, and the append's parameters follow. */
const statement = (append: StatementAppender) => `WITH allowed AS (SELECT unnest($1::text[]) AS key), appended AS (
  ${append.insertSql(2, 'SELECT key FROM allowed')}
) SELECT 1 AS done`;

describe('appending from inside a producer’s statement on PostgreSQL', () => {
  let pg: TestPostgres;
  let log: SqlEventLog;
  beforeAll(async () => {
    pg = await createTestPostgres('statement_append');
    log = (await openEventLog({ transport: { kind: 'sql' }, storage: { kind: 'postgres', url: pg.url }, runMigrations: true, clientId: 'stmt', log: silentLog, partitions: 4, pollMs: 60_000 })) as SqlEventLog;
  });
  afterAll(async () => {
    await log?.close();
    await pg?.drop();
  });

  const stored = async (key: string) =>
    (await log.db.query<{ partition_key: string; partition_no: number; event_count: number; payload: string }>('SELECT partition_key, partition_no, event_count, payload FROM event_log WHERE partition_key = $1 ORDER BY position', [key]));

  it('appends only the records whose key the statement allows, one row per key, each event exactly as given', async () => {
    const append = log.statementAppenderWithin(log.db)!;
    const records = [...scans('qr_sa', 1, 3), ...scans('qr_sb', 1, 2), ...scans('qr_sc', 1, 1), ...scans('qr_sa', 4, 2)];
    const { params } = append.prepare(records);
    await log.db.prepared('test_append', statement(append), [['qr_sa', 'qr_sc'], ...params]);
    const a = await stored('qr_sa');
    expect(a.map((r) => Number(r.event_count))).toEqual([5]);
    expect(payloadEvents(a[0].payload)).toEqual(records.filter((r) => r.key === 'qr_sa').map((r) => r.event));
    expect(payloadEvents((await stored('qr_sc'))[0].payload)).toEqual([records[5].event]);
    expect(await stored('qr_sb')).toEqual([]);
    // The same partition as every other append of the key (partitionOf), so the key's order holds for its consumers.
    const [viaTransaction] = scans('qr_sa', 9, 1);
    await log.db.transaction(async (tx) => log.appenderWithin(log.db)!(tx, [viaTransaction]));
    expect(new Set((await stored('qr_sa')).map((r) => r.partition_no)).size).toBe(1);
  });

  it('skips a row whose first event is in the log already, as every append does', async () => {
    const append = log.statementAppenderWithin(log.db)!;
    const records = scans('qr_dup', 1, 2);
    for (let i = 0; i < 2; i++) await log.db.prepared('test_append', statement(append), [['qr_dup'], ...append.prepare(records).params]);
    expect((await stored('qr_dup')).map((r) => Number(r.event_count))).toEqual([2]);
  });

  const locks = async () =>
    Number((await log.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"))[0].n);

  /** The statement in a transaction held open after it (a sleep at its commit), and a concurrent append started while it is open. */
  async function alongsideAnAppend(allowed: string[], records: LogRecord[]) {
    const append = log.statementAppenderWithin(log.db)!;
    let ran = false;
    let committed = false;
    const producer = log.db
      .transaction(async (tx) => {
        await tx.query(statement(append), [allowed, ...append.prepare(records).params]);
        ran = true;
        tx.atCommit('SELECT pg_sleep(1.5)');
      })
      .then(() => void (committed = true));
    await waitUntil(() => ran, 'the statement run');
    let otherDone = false;
    const other = log.append(scans('qr_other', 1, 1)).then(() => void (otherDone = true));
    return { producer, other, committed: () => committed, otherDone: () => otherDone };
  }

  it('holds the log’s lock from the statement to its commit: a concurrent append waits for it', async () => {
    const run = await alongsideAnAppend(['qr_lock'], scans('qr_lock', 1, 1));
    await waitUntil(async () => (await locks()) === 1, 'the statement holding the log’s lock');
    await new Promise((r) => setTimeout(r, 200));
    expect([run.committed(), run.otherDone()]).toEqual([false, false]);
    await Promise.all([run.producer, run.other]);
  });

  it('takes no lock when none of its records is allowed: a concurrent append does not wait for it', async () => {
    const run = await alongsideAnAppend(['qr_none_of_them'], scans('qr_nolock', 1, 2));
    await waitUntil(run.otherDone, 'the other append done');
    expect(run.committed()).toBe(false);
    await run.producer;
    expect(await stored('qr_nolock')).toEqual([]);
  });

  it('wakes the log’s consumers once told the statement committed (they would otherwise wait for their next poll, a minute here)', async () => {
    const seen: number[] = [];
    const sub = log.subscribe({ group: 'stmt-wake', topics: [TOPICS.qrScanned], handler: async (records) => void seen.push(...records.filter((r) => r.key === 'qr_wake').map((r) => (r.event.data as { scan_number: number }).scan_number)) });
    try {
      await waitUntil(async () => (await sub.lag()) === 0, 'the group caught up');
      const append = log.statementAppenderWithin(log.db)!;
      const { params, committed } = append.prepare(scans('qr_wake', 1, 3));
      await log.db.prepared('test_append', statement(append), [['qr_wake'], ...params]);
      committed();
      await waitUntil(() => seen.length === 3, 'the consumer woken by the append', 5000);
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      await sub.stop();
    }
  });
});
