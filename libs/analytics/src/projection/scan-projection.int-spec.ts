import { type EventEnvelope, type QrPasswordGateV1, type QrScannedV1, TOPICS } from '@qr/contracts';
import { newId, silentLog } from '@qr/domain';
import { type EventLog, openEventLog } from '@qr/event-log';
import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage, waitUntil } from '@qr/testing';
import { AnalyticsQueries } from '../queries/analytics-queries';
import { ANALYTICS_MIGRATIONS } from '../store/analytics-migrations';
import { PROJECTION_GROUP, PROJECTION_TOPICS, rebuildProjection } from './rebuild-projection';
import { ScanProjection } from './scan-projection';

function scan(qrId: string, at: string, o: Partial<QrScannedV1> = {}): EventEnvelope<'qr.scanned', QrScannedV1> {
  return {
    id: newId('evt'),
    type: 'qr.scanned',
    version: 1,
    occurred_at: at,
    workspace_id: 'ws_a',
    qr_id: qrId,
    data: {
      qr_id: qrId,
      client_ref: null,
      short_code: 'abc',
      country: 'US',
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      is_bot: false,
      scanned_at: at,
      visitor_hash: 'a1'.repeat(16),
      scan_number: 1,
      ...o,
    },
  };
}

function gate(qrId: string, at: string, outcome: QrPasswordGateV1['outcome']): EventEnvelope<'qr.password_gate', QrPasswordGateV1> {
  return { id: newId('evt'), type: 'qr.password_gate', version: 1, occurred_at: at, workspace_id: 'ws_a', qr_id: qrId, data: { qr_id: qrId, outcome, at } };
}

describe.each(STORAGE_KINDS)('scan projection on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  const today = new Date('2026-11-25T12:00:00Z');
  const queries = () => new AnalyticsQueries(db, () => today);
  const json = async (qrId: string, tz: string, query: Record<string, unknown> = {}) => {
    const answer = await queries().forCode(qrId, tz, { from: '2026-11-19', to: '2026-11-22', ...query });
    if (!('json' in answer)) throw new Error('expected json');
    return answer.json;
  };

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'analytics', storage: provisioned.storage, migrations: ANALYTICS_MIGRATIONS, runMigrations: true });
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('puts a scan at 23:30 UTC on the next day in Asia/Tokyo and the same day in America/New_York', async () => {
    await new ScanProjection(db).apply([scan('qr_tz', '2026-11-20T23:30:00Z')]);
    const dayOf = (a: Awaited<ReturnType<typeof json>>) => a.by_day.filter((d) => d.scans > 0).map((d) => d.date);
    expect(dayOf(await json('qr_tz', 'Asia/Tokyo'))).toEqual(['2026-11-21']);
    expect(dayOf(await json('qr_tz', 'America/New_York'))).toEqual(['2026-11-20']);
    expect(dayOf(await json('qr_tz', 'UTC'))).toEqual(['2026-11-20']);
    expect(dayOf(await json('qr_tz', 'Asia/Kolkata'))).toEqual(['2026-11-21']);
  });

  it('counts scans by the destination they went to; events from before destinations were kept count as unknown', async () => {
    const { destination: _none, ...older } = scan('qr_dest', '2026-11-20T08:00:00Z').data;
    const events = [
      { ...scan('qr_dest', '2026-11-20T08:00:00Z'), data: older },
      scan('qr_dest', '2026-11-20T09:00:00Z', { destination: 'https://example.com/spring' }),
      scan('qr_dest', '2026-11-20T09:10:00Z', { destination: 'https://example.com/spring' }),
      scan('qr_dest', '2026-11-21T10:00:00Z', { destination: 'https://example.com/summer' }),
      scan('qr_dest', '2026-11-21T10:05:00Z', { destination: 'https://example.com/summer', is_bot: true }),
    ];
    await new ScanProjection(db).apply(events as EventEnvelope<'qr.scanned', QrScannedV1>[]);
    expect((await json('qr_dest', 'UTC')).by_destination).toEqual([
      { destination: 'https://example.com/spring', scans: 2 },
      { destination: 'https://example.com/summer', scans: 1 },
      { destination: 'unknown', scans: 1 },
    ]);
    // A range that cuts days (a local day in a zone off UTC) reads the 15-minute buckets: same figures.
    expect((await json('qr_dest', 'Asia/Kolkata', { include_bots: 'true' })).by_destination).toEqual([
      { destination: 'https://example.com/spring', scans: 2 },
      { destination: 'https://example.com/summer', scans: 2 },
      { destination: 'unknown', scans: 1 },
    ]);
  });

  it('counts password page views and unlocks apart from scans, in the range of the query’s time zone, once per event', async () => {
    const events = [
      gate('qr_pw', '2026-11-20T08:00:00Z', 'page_view'),
      gate('qr_pw', '2026-11-20T08:01:00Z', 'page_view'),
      gate('qr_pw', '2026-11-20T08:02:00Z', 'page_view'),
      gate('qr_pw', '2026-11-20T08:02:30Z', 'unlock'),
      scan('qr_pw', '2026-11-20T08:02:30Z'),
      // 23:30 UTC on the 22nd is the 23rd in Tokyo: outside a Tokyo range that ends on the 22nd.
      gate('qr_pw', '2026-11-22T23:30:00Z', 'page_view'),
      gate('qr_other', '2026-11-20T08:00:00Z', 'unlock'),
    ];
    await new ScanProjection(db).apply(events);
    await new ScanProjection(db).apply(events.slice(0, 2));
    const utc = await json('qr_pw', 'UTC');
    expect([utc.password_page, utc.total_scans]).toEqual([{ page_views: 4, unlocks: 1 }, 1]);
    expect((await json('qr_pw', 'Asia/Tokyo')).password_page).toEqual({ page_views: 3, unlocks: 1 });
    expect((await json('qr_never', 'UTC')).password_page).toEqual({ page_views: 0, unlocks: 0 });
  });

  it('counts exactly by day, device, country, os and browser; bots apart; uniques per daily visitor', async () => {
    const events = [
      scan('qr_x', '2026-11-20T10:00:00Z', { visitor_hash: 'aa'.repeat(16) }),
      scan('qr_x', '2026-11-20T11:00:00Z', { visitor_hash: 'aa'.repeat(16) }),
      scan('qr_x', '2026-11-20T12:00:00Z', { visitor_hash: 'bb'.repeat(16), device: 'desktop', os: 'Windows', browser: 'Chrome', country: 'DE' }),
      scan('qr_x', '2026-11-21T09:00:00Z', { visitor_hash: 'cc'.repeat(16), device: 'tablet', country: null, os: null, browser: null }),
      scan('qr_x', '2026-11-21T09:30:00Z', { visitor_hash: 'dd'.repeat(16), device: 'other', is_bot: true, os: null, browser: null }),
    ];
    expect(await new ScanProjection(db).apply(events)).toBe(5);
    const a = await json('qr_x', 'UTC');
    expect(a.total_scans).toBe(4);
    expect(a.unique_scanners).toBe(3);
    expect(a.by_day).toEqual([
      { date: '2026-11-19', scans: 0, unique_scanners: 0 },
      { date: '2026-11-20', scans: 3, unique_scanners: 2 },
      { date: '2026-11-21', scans: 1, unique_scanners: 1 },
      { date: '2026-11-22', scans: 0, unique_scanners: 0 },
    ]);
    expect(a.by_device).toEqual([
      { device: 'mobile', scans: 2 },
      { device: 'tablet', scans: 1 },
      { device: 'desktop', scans: 1 },
      { device: 'other', scans: 0 },
    ]);
    expect(a.by_country).toEqual([
      { country: 'US', scans: 2 },
      { country: 'DE', scans: 1 },
      { country: 'unknown', scans: 1 },
    ]);
    const withBots = await json('qr_x', 'UTC', { include_bots: 'true' });
    expect(withBots.total_scans).toBe(5);
    expect(withBots.by_device.find((d) => d.device === 'other')?.scans).toBe(1);
  });

  it('changes no figure when events are delivered again', async () => {
    const events = [scan('qr_dup', '2026-11-20T10:00:00Z'), scan('qr_dup', '2026-11-21T10:00:00Z', { visitor_hash: 'ee'.repeat(16) })];
    await new ScanProjection(db).apply(events);
    const before = await json('qr_dup', 'Europe/Berlin');
    expect(await new ScanProjection(db).apply(events)).toBe(0);
    expect(await new ScanProjection(db).apply([...events].reverse())).toBe(0);
    expect(await json('qr_dup', 'Europe/Berlin')).toEqual(before);
    expect(before.total_scans).toBe(2);
  });

  it('gives identical figures after a rebuild replays the log, and after a second replay', async () => {
    const log: EventLog = await openEventLog({
      transport: { kind: 'sql' },
      storage: provisioned.storage,
      runMigrations: true,
      clientId: 't',
      log: silentLog,
      pollMs: 50,
    });
    const events = Array.from({ length: 300 }, (_, i) =>
      scan('qr_rb', new Date(Date.parse('2026-11-19T00:00:00Z') + i * 997_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), {
        visitor_hash: (i % 37).toString(16).padStart(2, '0').repeat(16),
        device: (['mobile', 'desktop', 'tablet', 'other'] as const)[i % 4],
        is_bot: i % 11 === 0,
        country: i % 5 === 0 ? 'FR' : 'US',
      }),
    );
    await log.append(events.map((event) => ({ topic: TOPICS.qrScanned, key: 'qr_rb', event })));
    const gates = [gate('qr_rb', '2026-11-20T10:00:00Z', 'page_view'), gate('qr_rb', '2026-11-20T10:00:20Z', 'unlock')];
    await log.append(gates.map((event) => ({ topic: TOPICS.qrPasswordGate, key: 'qr_rb', event })));
    const projection = new ScanProjection(db);
    const sub = log.subscribe({
      group: PROJECTION_GROUP,
      topics: PROJECTION_TOPICS,
      handler: async (records) => void (await projection.apply(records.map((r) => r.event))),
    });
    const settled = async () =>
      waitUntil(
        async () => (await sub.lag()) === 0 && (await json('qr_rb', 'UTC', { include_bots: 'true' })).total_scans === 300,
        'projection caught up',
        20_000,
      );
    await settled();
    const first = await json('qr_rb', 'Asia/Kathmandu', { include_bots: 'true' });
    expect(first.password_page).toEqual({ page_views: 1, unlocks: 1 });
    const firstCsv = await queries().forCode('qr_rb', 'UTC', { from: '2026-11-19', to: '2026-11-22', format: 'csv' });

    await rebuildProjection(db, log);
    await settled();
    expect(await json('qr_rb', 'Asia/Kathmandu', { include_bots: 'true' })).toEqual(first);

    // A replay without clearing: every event comes again and must be skipped. Wait until the group has
    // really gone back to 0 and through the whole log again (lag alone could still read the old claim).
    const logDb = (log as unknown as { db: Database }).db;
    const position = async () =>
      Number((await logDb.query<{ position: number }>('SELECT position FROM consumer_groups WHERE group_id = $1', [PROJECTION_GROUP]))[0]?.position ?? 0);
    const end = Number((await logDb.query<{ p: number }>('SELECT MAX(position) AS p FROM event_log'))[0].p);
    await log.resetGroup(PROJECTION_GROUP, PROJECTION_TOPICS);
    expect(await position()).toBe(0);
    await waitUntil(async () => (await position()) === end, 'second replay through the whole log', 20_000);
    expect(await json('qr_rb', 'Asia/Kathmandu', { include_bots: 'true' })).toEqual(first);
    expect(await queries().forCode('qr_rb', 'UTC', { from: '2026-11-19', to: '2026-11-22', format: 'csv' })).toEqual(firstCsv);
    await sub.stop();
    await log.close();
  });
});
