import { TOPICS } from '@qr/contracts';
import { newId, silentLog } from '@qr/domain';
import { partitionOf } from '@qr/log-partitions';
import { openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage, waitUntil } from '@qr/testing';
import { type ConsumedRecord, type EventLog } from '../event-log.port';
import { openEventLog, repartitionEventLog } from '../open-event-log';
import { EVENT_LOG_MIGRATIONS } from './event-log-migrations';
import { PartitionCountMismatch } from './partition-count';

function payload(id: string, qrId: string, n: number): string {
  return JSON.stringify({
    id, type: 'qr.scanned', version: 1, occurred_at: '2026-11-21T10:00:00Z', workspace_id: 'ws_test', qr_id: qrId,
    data: {
      qr_id: qrId, client_ref: null, short_code: 'abc', country: 'DE', device: 'mobile', os: 'iOS', browser: 'Safari',
      is_bot: false, scanned_at: '2026-11-21T10:00:00Z', visitor_hash: 'ab'.repeat(16), scan_number: n,
    },
  });
}

/** A log from before partitions, upgraded: its rows get partitions from their keys, its groups resume. */
describe.each(STORAGE_KINDS)('event log partition count on %s', (kind) => {
  let provisioned: TestStorage;
  // Closed even when a test fails half-way, so the run can end.
  const logs: EventLog[] = [];
  const keys = Array.from({ length: 10 }, (_, i) => `qr_upgrade${i}`);
  const ids = Array.from({ length: 30 }, () => newId('evt'));
  const open = async (partitions: number): Promise<EventLog> => {
    const log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 'partition-count', log: silentLog, pollMs: 50, leaseMs: 1500, partitions });
    logs.push(log);
    return log;
  };
  const stamped = async () => {
    const db = await openDatabase({ name: 'eventlog', storage: provisioned.storage, migrations: EVENT_LOG_MIGRATIONS, runMigrations: false });
    try {
      return (await db.query<{ partition_key: string; partition_no: number }>('SELECT partition_key, partition_no FROM event_log ORDER BY position')).map((r) => [r.partition_key, Number(r.partition_no)]);
    } finally {
      await db.close();
    }
  };
  const consume = (log: EventLog, group: string) => {
    const seen: ConsumedRecord[] = [];
    const sub = log.subscribe({ group, topics: [TOPICS.qrScanned], handler: async (batch) => void seen.push(...batch) });
    return { seen, sub };
  };

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    // The log as the previous version left it: rows without partitions, a group 10 positions in.
    const old = await openDatabase({ name: 'eventlog', storage: provisioned.storage, migrations: EVENT_LOG_MIGRATIONS.slice(0, 1), runMigrations: true });
    for (const [i, id] of ids.entries()) {
      await old.execute('INSERT INTO event_log (topic, partition_key, event_id, payload, appended_at) VALUES ($1, $2, $3, $4, $5)', [TOPICS.qrScanned, keys[i % 10], id, payload(id, keys[i % 10], i), 1]);
    }
    await old.execute('INSERT INTO consumer_groups (group_id, position) VALUES ($1, 10)', ['old-group']);
    await old.close();
  });
  afterAll(async () => {
    await Promise.all(logs.map((l) => l.close().catch(() => undefined)));
    await provisioned.cleanup();
  });

  it('stamps the rows already there with their key’s partition at the first start, and a group resumes every partition where it was', async () => {
    const log = await open(4);
    expect(await stamped()).toEqual(ids.map((_, i) => [keys[i % 10], partitionOf(keys[i % 10], 4)]));
    const { seen, sub } = consume(log, 'old-group');
    await waitUntil(() => seen.length >= 20, 'the 20 rows after the group’s position');
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.map((r) => r.event.id).sort()).toEqual(ids.slice(10).sort());
    for (const key of keys) expect(seen.filter((r) => r.key === key).map((r) => r.event.id)).toEqual(ids.filter((_, i) => i >= 10 && i % 10 === keys.indexOf(key)));
    await sub.stop();
    await log.close();
  });

  it('refuses another count until the log is repartitioned; then stamps every row again and restarts groups from their lowest offset', async () => {
    await expect(open(3)).rejects.toThrow(PartitionCountMismatch);
    expect(await repartitionEventLog(provisioned.storage, 3)).toEqual({ from: 4, to: 3, groups: 1 });
    expect(await stamped()).toEqual(ids.map((_, i) => [keys[i % 10], partitionOf(keys[i % 10], 3)]));
    await expect(open(4)).rejects.toThrow(/EVENT_LOG_PARTITIONS is 4 but this event log has 3 partitions/);
    const log = await open(3);
    // The group had handled everything: nothing comes again, and what is appended now is delivered.
    const { seen, sub } = consume(log, 'old-group');
    const id = newId('evt');
    await log.append([{ topic: TOPICS.qrScanned, key: keys[0], event: JSON.parse(payload(id, keys[0], 99)) }]);
    await waitUntil(() => seen.some((r) => r.event.id === id), 'the new event');
    expect(seen.map((r) => r.event.id)).toEqual([id]);
    await sub.stop();
    await log.close();
  });
});
