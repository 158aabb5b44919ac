import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ANALYTICS_MIGRATIONS, AnalyticsQueries, ScanProjection } from '@qr/analytics';
import { type EventEnvelope, type QrScannedV1 } from '@qr/contracts';
import { newId } from '@qr/domain';
import { openDatabase, type StorageConfig } from '@qr/persistence';
import { createTempDir, createTestPostgres } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { median } from './stats';

const DEVICES = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet', 'other'] as const;
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL', 'ES', 'IT', 'PL', 'SE', 'AT'];
const OSES = ['iOS', 'Android', 'Windows', 'macOS', 'Linux'];
const BROWSERS = ['Mobile Safari', 'Chrome', 'Firefox', 'Edge', 'Samsung Internet'];

function scanEvent(i: number, at: number): EventEnvelope<'qr.scanned', QrScannedV1> {
  const iso = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    id: newId('evt'),
    type: 'qr.scanned',
    version: 1,
    occurred_at: iso,
    workspace_id: 'ws_bench',
    qr_id: `qr_bench${i % 50}`,
    data: {
      qr_id: `qr_bench${i % 50}`,
      client_ref: null,
      short_code: 'Bench01',
      country: COUNTRIES[i % 10],
      device: DEVICES[i % 6],
      os: OSES[i % 5],
      browser: BROWSERS[i % 5],
      is_bot: i % 20 === 0,
      scanned_at: iso,
      visitor_hash: (i % 5000).toString(16).padStart(32, '0'),
      scan_number: i + 1,
    },
  };
}

/** Events per second through the projection (batches of 500, as the consumer applies them) vs plain row inserts of the same events. */
export async function benchAnalyticsIngest(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    const dir = createTempDir('bench-ingest');
    const pg = kind === 'postgres' ? await createTestPostgres('bench') : null;
    const storage: StorageConfig = pg ? { kind: 'postgres', url: pg.url } : { kind: 'sqlite', dataDir: dir.path };
    const db = await openDatabase({ name: 'analytics', storage, migrations: ANALYTICS_MIGRATIONS, runMigrations: true });
    try {
      await db.execute('CREATE TABLE raw_events (id TEXT PRIMARY KEY, qr_id TEXT, payload TEXT)');
      const total = kind === 'sqlite' ? 50_000 : 20_000;
      const start = Date.parse('2026-01-01T00:00:00Z');
      const events = Array.from({ length: total }, (_, i) => scanEvent(i, start + i * 60_000));
      const projection = new ScanProjection(db);
      let t0 = process.hrtime.bigint();
      for (let i = 0; i < events.length; i += 500) await projection.apply(events.slice(i, i + 500));
      const ours = total / (Number(process.hrtime.bigint() - t0) / 1e9);
      t0 = process.hrtime.bigint();
      for (let i = 0; i < events.length; i += 500) {
        const chunk = events.slice(i, i + 500);
        await db.transaction(async (tx) => {
          for (let j = 0; j < chunk.length; j += 200) {
            const part = chunk.slice(j, j + 200);
            await tx.query(
              `INSERT INTO raw_events (id, qr_id, payload) VALUES ${part.map((_, k) => `($${k * 3 + 1}, $${k * 3 + 2}, $${k * 3 + 3})`).join(', ')}`,
              part.flatMap((e) => [e.id, e.qr_id, JSON.stringify(e)]),
            );
          }
        });
      }
      const base = total / (Number(process.hrtime.bigint() - t0) / 1e9);
      rows.push({
        benchmark: `Analytics ingest into the projection (${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
        figure: fmt.rate(ours, 'events'),
        baseline: `plain row inserts of the same events: ${fmt.rate(base, 'events')}`,
        ratio: ours / base,
        note: `${total.toLocaleString('en-US')} events, batches of 500, idempotency and uniques included`,
      });
    } finally {
      await db.close();
      await pg?.drop();
      dir.remove();
    }
  }
  return rows;
}

/**
 * One code with 10 million scans over a year: our 90-day answer (by_day in a non-UTC zone plus four
 * breakdowns, from the projection) against the same figures by GROUP BY over the raw scans.
 * The projection is built with SQL from the raw table (same sums the consumer keeps), so the run
 * measures queries, not a ten-million-event ingest.
 */
export async function benchAnalyticsQuery(scans = 10_000_000): Promise<BenchRow[]> {
  const dir = createTempDir('bench-query');
  const db = await openDatabase({ name: 'analytics', storage: { kind: 'sqlite', dataDir: dir.path }, migrations: ANALYTICS_MIGRATIONS, runMigrations: true });
  await db.close();
  const raw = new Database(join(dir.path, 'analytics.sqlite'));
  try {
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = OFF');
    fillRaw(raw, scans);
    buildProjectionFromRaw(raw);
    raw.exec('CREATE INDEX raw_scans_code_time ON raw_scans (qr_id, ts)');
    raw.exec('ANALYZE');
    const live = await openDatabase({
      name: 'analytics',
      storage: { kind: 'sqlite', dataDir: dir.path },
      migrations: ANALYTICS_MIGRATIONS,
      runMigrations: false,
    });
    const queries = new AnalyticsQueries(live, () => new Date('2026-12-31T12:00:00Z'));
    const query = { from: '2026-09-01', to: '2026-11-29', tz: 'Europe/Berlin' };
    const ours: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = process.hrtime.bigint();
      await queries.forCode('qr_hot', 'UTC', query);
      ours.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const naive: number[] = [];
    for (let i = 0; i < 3; i++) naive.push(naiveQuery(raw));
    await live.close();
    const o = median(ours.slice(1));
    const n = median(naive);
    return [
      {
        benchmark: `Analytics query: one code, ${(scans / 1e6).toFixed(0)}M scans over a year, 90-day range (SQLite)`,
        figure: `p50 ${fmt.ms(o)}`,
        baseline: `naive GROUP BY over raw scans: p50 ${fmt.ms(n)}`,
        ratio: n / o,
        note: 'ratio = naive ÷ ours (× faster); by_day in Europe/Berlin + device/country/os/browser',
      },
    ];
  } finally {
    raw.close();
    dir.remove();
  }
}

function fillRaw(raw: Database.Database, scans: number): void {
  raw.exec(
    'CREATE TABLE raw_scans (qr_id TEXT, ts INTEGER, device TEXT, country TEXT, os TEXT, browser TEXT, is_bot INTEGER, visitor TEXT, first_of_day INTEGER)',
  );
  const insert = raw.prepare('INSERT INTO raw_scans VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const start = Date.parse('2026-01-01T00:00:00Z');
  const step = (365 * 86_400_000) / scans;
  const seen = new Set<string>();
  let day = '';
  const fill = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const ts = Math.floor(start + i * step);
      const d = new Date(ts).toISOString().slice(0, 10);
      if (d !== day) {
        day = d;
        seen.clear();
      }
      const visitor = String((i * 7919) % 20_000);
      const first = seen.has(visitor) ? 0 : (seen.add(visitor), 1);
      insert.run('qr_hot', ts, DEVICES[i % 6], COUNTRIES[i % 10], OSES[i % 5], BROWSERS[i % 5], i % 20 === 0 ? 1 : 0, visitor, first);
    }
  });
  for (let i = 0; i < scans; i += 250_000) fill(i, Math.min(scans, i + 250_000));
}

function buildProjectionFromRaw(raw: Database.Database): void {
  raw.exec(`INSERT INTO scan_buckets (qr_id, bucket, workspace_id, human, bot, human_uniques, bot_uniques)
    SELECT qr_id, ts / 900000, 'ws_bench', SUM(1 - is_bot), SUM(is_bot), SUM(first_of_day * (1 - is_bot)), SUM(first_of_day * is_bot) FROM raw_scans GROUP BY qr_id, ts / 900000`);
  for (const dim of ['device', 'country', 'os', 'browser']) {
    raw.exec(
      `INSERT INTO scan_bucket_dims (qr_id, bucket, dim, value, human, bot) SELECT qr_id, ts / 900000, '${dim}', ${dim}, SUM(1 - is_bot), SUM(is_bot) FROM raw_scans GROUP BY qr_id, ts / 900000, ${dim}`,
    );
    raw.exec(
      `INSERT INTO scan_day_dims (qr_id, day, dim, value, human, bot) SELECT qr_id, date(ts / 1000, 'unixepoch'), '${dim}', ${dim}, SUM(1 - is_bot), SUM(is_bot) FROM raw_scans GROUP BY qr_id, date(ts / 1000, 'unixepoch'), ${dim}`,
    );
  }
}

/** The same answer straight from raw rows (Berlin days via a fixed +1 h, which favours the baseline). */
function naiveQuery(raw: Database.Database): number {
  const from = Date.parse('2026-08-31T22:00:00Z');
  const to = Date.parse('2026-11-29T23:00:00Z');
  const t0 = process.hrtime.bigint();
  raw
    .prepare(
      `SELECT date((ts + 3600000) / 1000, 'unixepoch') AS d, COUNT(*), COUNT(DISTINCT visitor) FROM raw_scans WHERE qr_id = ? AND ts >= ? AND ts < ? AND is_bot = 0 GROUP BY d`,
    )
    .all('qr_hot', from, to);
  for (const dim of ['device', 'country', 'os', 'browser']) {
    raw.prepare(`SELECT ${dim}, COUNT(*) FROM raw_scans WHERE qr_id = ? AND ts >= ? AND ts < ? AND is_bot = 0 GROUP BY ${dim}`).all('qr_hot', from, to);
  }
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
