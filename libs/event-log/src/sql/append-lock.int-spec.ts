import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { createTestPostgres, type TestPostgres } from '@qr/testing';
import { openEventLog } from '../open-event-log';
import { scannedEvent } from '../testing/scanned-event';
import { type SqlEventLog } from './sql-event-log';

/**
 * Positions commit in order only if every append holds the log's advisory lock from before its rows get
 * positions until its commit. The lock is taken by the insert statement itself (no statement of its
 * own), which goes to the server with the COMMIT (Tx.atCommit); a statement queued after it (a sleep)
 * holds the transaction open between the two, so this can check, from other connections, that the
 * append holds the lock once its insert ran and that another append waits for that commit.
 */
describe('the event log’s append lock on PostgreSQL', () => {
  let pg: TestPostgres;
  let log: SqlEventLog;
  beforeAll(async () => {
    pg = await createTestPostgres('append_lock');
    log = (await openEventLog({ transport: { kind: 'sql' }, storage: { kind: 'postgres', url: pg.url }, runMigrations: true, clientId: 'lock', log: silentLog, partitions: 4 })) as SqlEventLog;
  });
  afterAll(async () => {
    await log?.close();
    await pg?.drop();
  });

  const advisoryLocks = async () =>
    Number((await log.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"))[0].n);

  it('is held from a producer’s insert to its commit, and a concurrent append waits for it', async () => {
    const append = log.appenderWithin!(log.db)!;
    let committed = false;
    const producer = log.db
      .transaction(async (tx) => {
        append(tx, [{ topic: TOPICS.qrScanned, key: 'qr_lock', event: scannedEvent('qr_lock', 1) }]);
        // Queued after the append's insert (its closing hook queues it): runs between the insert and COMMIT.
        tx.beforeCommit(async () => tx.atCommit('SELECT pg_sleep(0.6)'));
      })
      .then(() => void (committed = true));
    const before = Date.now();
    while ((await advisoryLocks()) === 0 && Date.now() - before < 2000) await new Promise((r) => setTimeout(r, 10));
    expect(committed).toBe(false);
    expect(await advisoryLocks()).toBe(1);
    let otherDone = false;
    const other = log.append([{ topic: TOPICS.qrScanned, key: 'qr_lock', event: scannedEvent('qr_lock', 2) }]).then(() => void (otherDone = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(otherDone).toBe(false);
    await Promise.all([producer, other]);
    const rows = await log.db.query<{ payload: string }>('SELECT payload FROM event_log ORDER BY position');
    expect(rows.map((r) => (JSON.parse(r.payload) as { data: { scan_number: number } }).data.scan_number)).toEqual([1, 2]);
  });
});
