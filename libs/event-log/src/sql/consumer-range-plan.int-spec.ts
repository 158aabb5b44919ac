import { silentLog } from '@qr/domain';
import { createTestPostgres, type TestPostgres } from '@qr/testing';
import { openEventLog } from '../open-event-log';
import { RANGE_SQL } from './sql-consumer';
import { type SqlEventLog } from './sql-event-log';

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}

function nodeTypes(node: PlanNode): string[] {
  return [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];
}

/**
 * A consumer far behind must walk the log's index in position order and stop after its batch, even
 * when PostgreSQL has no statistics for the table (a new log; autovacuum off or not yet run). Without
 * them it once chose a bitmap scan of the consumer's whole backlog and a sort, for every batch.
 */
describe('a consumer range read on PostgreSQL without statistics', () => {
  let pg: TestPostgres;
  let log: SqlEventLog;
  const analyzed = async () =>
    Number((await log.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM pg_stats WHERE schemaname = 'eventlog' AND tablename = 'event_log'"))[0].n);

  beforeAll(async () => {
    pg = await createTestPostgres('range_plan');
    log = (await openEventLog({
      transport: { kind: 'sql' },
      storage: { kind: 'postgres', url: pg.url },
      runMigrations: true,
      clientId: 'plan',
      log: silentLog,
    })) as SqlEventLog;
    // 100,000 rows appended at once, never analyzed (autovacuum kept off the table for the test): 99.9 %
    // of them one topic, a few of another.
    await log.db.query('ALTER TABLE event_log SET (autovacuum_enabled = false)');
    await log.db.query(
      `INSERT INTO event_log (topic, partition_key, event_id, payload, appended_at)
       SELECT CASE WHEN i % 1000 = 0 THEN 'qr.code.updated.v1' ELSE 'qr.scanned.v1' END, 'qr_' || (i % 240), 'evt_' || i, repeat('x', 400), 0
       FROM generate_series(1, 100000) AS i`,
    );
    expect(await analyzed()).toBe(0);
  });

  afterAll(async () => {
    // Still no statistics: the plans above were made without them.
    expect(await analyzed()).toBe(0);
    await log?.close();
    await pg?.drop();
  });

  const plan = async (topic: string) => {
    const [row] = await log.db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${RANGE_SQL}`, [topic, 5000, 100000, 500]);
    return nodeTypes(row['QUERY PLAN'][0].Plan);
  };

  it.each([
    ['the busy topic', 'qr.scanned.v1'],
    ['a quiet topic', 'qr.code.updated.v1'],
  ])('%s: an index scan in position order, no bitmap scan, no sort', async (_, topic) => {
    const types = await plan(topic);
    expect(types[0]).toBe('Limit');
    expect(['Index Scan', 'Index Only Scan']).toContain(types[1]);
    expect(types).not.toContain('Sort');
    expect(types).not.toContain('Bitmap Heap Scan');
  });
});
