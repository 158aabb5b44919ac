import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { partitionOf } from '@qr/log-partitions';
import { createTestPostgres, type TestPostgres, waitUntil } from '@qr/testing';
import { type Subscription } from '../event-log.port';
import { openEventLog } from '../open-event-log';
import { type SqlEventLog } from './sql-event-log';
import { scannedEvent as scanned } from '../testing/scanned-event';

const OTHER_TOPIC = 'test.other.v1';
const PARTITIONS = 12;

/**
 * On PostgreSQL a consumer wakes only for appends of its own topics. Its poll and heartbeat are minutes
 * apart here, so only a wake-up makes it read: a row of its topic written straight into the table (no wake-up) stays
 * unread while other topics are appended, and is read with the next append of its own topic.
 */
describe('wake-ups by topic on PostgreSQL', () => {
  let pg: TestPostgres;
  let log: SqlEventLog;
  const subs: Subscription[] = [];

  beforeAll(async () => {
    pg = await createTestPostgres('topic_wakeups');
    log = (await openEventLog({ transport: { kind: 'sql' }, storage: { kind: 'postgres', url: pg.url }, runMigrations: true, clientId: 'wakeups', log: silentLog, pollMs: 600_000, leaseMs: 600_000, partitions: PARTITIONS })) as SqlEventLog;
  });

  afterAll(async () => {
    for (const s of subs) await s.stop();
    await log?.close();
    await pg?.drop();
  });

  it('sleeps through appends of other topics and wakes for its own', async () => {
    const seen: string[] = [];
    const others: string[] = [];
    subs.push(log.subscribe({ group: 'scans', topics: [TOPICS.qrScanned], handler: async (records) => void seen.push(...records.map((r) => r.event.id)) }));
    subs.push(log.subscribe({ group: 'others', topics: [OTHER_TOPIC], handler: async (records) => void others.push(...records.map((r) => r.event.id)) }));
    // Both groups have joined and read the (empty) log once.
    await new Promise((r) => setTimeout(r, 500));

    const unannounced = scanned('qr_quiet');
    await log.db.query('INSERT INTO event_log (topic, partition_key, partition_no, event_id, payload, appended_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      TOPICS.qrScanned, unannounced.qr_id, partitionOf(unannounced.qr_id!, PARTITIONS), unannounced.id, JSON.stringify(unannounced), Date.now(),
    ]);
    const other = scanned('qr_other');
    await log.append([{ topic: OTHER_TOPIC, key: other.qr_id!, event: other }]);
    await waitUntil(() => others.includes(other.id), 'the other group woken by its own topic');
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);

    const announced = scanned('qr_loud');
    await log.append([{ topic: TOPICS.qrScanned, key: announced.qr_id!, event: announced }]);
    await waitUntil(() => seen.length === 2, 'the scans group woken by its own topic');
    expect(seen).toEqual([unannounced.id, announced.id]);
  });
});
