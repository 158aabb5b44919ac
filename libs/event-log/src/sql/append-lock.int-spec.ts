import { Client } from 'pg';
import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { createTestPostgres, scannedEvent, type TestPostgres } from '@qr/testing';
import { openEventLog } from '../open-event-log';
import { type SqlEventLog } from './sql-event-log';

/**
 * Positions commit in order only if every append holds the log's advisory lock from before its rows get
 * positions until its commit (all-in-one's relays append side by side on their own connections). The
 * lock is taken by the insert statement itself: while another connection holds it, an append waits.
 */
describe('the event log’s append lock on PostgreSQL', () => {
  let pg: TestPostgres;
  let log: SqlEventLog;
  beforeAll(async () => {
    pg = await createTestPostgres('append_lock');
    log = (await openEventLog({
      transport: { kind: 'sql' },
      storage: { kind: 'postgres', url: pg.url },
      runMigrations: true,
      clientId: 'lock',
      log: silentLog,
    })) as SqlEventLog;
  });
  afterAll(async () => {
    await log?.close();
    await pg?.drop();
  });

  it('is taken before an append’s rows get positions, and held to its commit', async () => {
    const holder = new Client({ connectionString: pg.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT pg_advisory_xact_lock(hashtext('event_log_eventlog'))");
      let done = false;
      const append = log.append([{ topic: TOPICS.qrScanned, key: 'qr_lock', event: scannedEvent('qr_lock', 1) }]).then(() => void (done = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false);
      // Nothing inserted yet: the lock comes before the rows.
      expect((await holder.query('SELECT COUNT(*)::int AS n FROM eventlog.event_log')).rows[0].n).toBe(0);
      await holder.query('COMMIT');
      await append;
      expect(done).toBe(true);
      expect((await holder.query('SELECT COUNT(*)::int AS n FROM eventlog.event_log')).rows[0].n).toBe(1);
    } finally {
      await holder.end();
    }
  });
});
