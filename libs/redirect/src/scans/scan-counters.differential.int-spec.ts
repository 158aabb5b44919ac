import { silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox, payloadEvents } from '@qr/event-log';
import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, seededRandom, type StorageKind, type TestStorage } from '@qr/testing';
import { DEFAULT_MILESTONES } from '@qr/visitor';
import { ApplyCodeChanges } from '../links/apply-code-changes';
import { LinksRepository } from '../links/links.repository';
import { REDIRECT_MIGRATIONS } from '../store/redirect-migrations';
import { LockedScanCounter } from './locked-scan-counter';
import { PredictedScanCounter } from './predicted-scan-counter';
import { type ScanToCount } from './scan-batch';
import { type ScanCounter } from './scan-counter';
import { type ScanFacts, type ScanLink, type ScanOutcome } from './scan-link';
import { ScanRecorder } from './scan-recorder';
import { codeSnapshot, SCAN_FACTS } from '../testing/code-snapshot';

/**
 * The reference (LockedScanCounter) and the fast path (PredictedScanCounter) given the same scan
 * streams must give the same outcomes, counts and events. Each variant runs on a store of its own: the
 * reference on SQLite and on PostgreSQL, the fast path on PostgreSQL (the only store it runs on), each
 * with two replicas (two counters, on PostgreSQL with a pool each) whose cached rows go stale as codes
 * change under them.
 */
type Variant = { name: string; kind: StorageKind; counter: 'locked' | 'predicted' };
const VARIANTS: Variant[] = [
  { name: 'reference on SQLite', kind: 'sqlite', counter: 'locked' },
  { name: 'reference on PostgreSQL', kind: 'postgres', counter: 'locked' },
  { name: 'predicted on PostgreSQL', kind: 'postgres', counter: 'predicted' },
];

const CODES = ['qr_d0', 'qr_d1', 'qr_d2', 'qr_d3', 'qr_d4', 'qr_d5'];
const FIRST_LIMITS: Array<number | null> = [null, 3, 12, 40, null, 105];
const BASE = Date.parse('2026-03-01T10:00:00Z');

interface Store {
  variant: Variant;
  provisioned: TestStorage;
  log: EventLog;
  pools: Database[];
  counters: ScanCounter[];
  /** Each replica's cached rows: what its scans are judged by until it refreshes. */
  cached: Array<Map<string, ScanLink>>;
  revisions: Map<string, number>;
}

async function openStore(variant: Variant): Promise<Store> {
  const provisioned = await provisionStorage(variant.kind);
  const open = (runMigrations: boolean) => openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations });
  const first = await open(true);
  const pools = variant.kind === 'postgres' ? [first, await open(false)] : [first, first];
  const log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 't', log: silentLog });
  const counters = pools.map((db) => {
    const outbox = new Outbox(db, log, { log: silentLog });
    if (variant.counter === 'locked') return new LockedScanCounter(db, outbox, DEFAULT_MILESTONES);
    return new PredictedScanCounter(db, outbox, outbox.statementAppender!, DEFAULT_MILESTONES);
  });
  const store: Store = { variant, provisioned, log, pools, counters, cached: [new Map(), new Map()], revisions: new Map() };
  await upsert(
    store,
    CODES.map((id, i) => ({ id, revision: 1, scan_limit: FIRST_LIMITS[i] })),
  );
  for (const r of [0, 1]) await refresh(store, r);
  return store;
}

async function closeStore(store: Store): Promise<void> {
  for (const db of new Set(store.pools)) await db.close();
  await store.log.close();
  await store.provisioned.cleanup();
}

async function upsert(store: Store, codes: Array<{ id: string; revision: number; scan_limit: number | null }>): Promise<void> {
  const db = store.pools[0];
  await new ApplyCodeChanges(db, new LinksRepository(db), null).execute(
    codes.map((c) => ({
      kind: 'upsert' as const,
      snapshot: codeSnapshot(c.id, { destinations: [{ target_url: `https://example.com/${c.revision}` }], scan_limit: c.scan_limit, revision: c.revision }),
    })),
  );
  for (const c of codes) store.revisions.set(c.id, c.revision);
}

async function refresh(store: Store, replica: number): Promise<void> {
  const links = new LinksRepository(store.pools[replica]);
  for (const id of CODES) {
    const link = await links.findByQrId(id);
    if (link) store.cached[replica].set(id, link);
  }
}

type Step =
  | { kind: 'scans'; replica: number; scans: Array<{ code: string; facts: ScanFacts; at: number }> }
  | { kind: 'both'; batches: Array<Array<{ code: string; facts: ScanFacts; at: number }>> }
  | { kind: 'patch'; code: string; scan_limit: number | null }
  | { kind: 'delete'; code: string }
  | { kind: 'moved'; code: string; by: number }
  | { kind: 'refresh'; replica: number };

function script(seed: number, steps: number, concurrent: boolean): Step[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  let clock = BASE;
  const batch = () =>
    Array.from({ length: 1 + Math.floor(next() * 40) }, () => ({
      // Skewed towards the first codes: some batches hold many scans of one code, as a hot code does.
      code: CODES[Math.floor(next() ** 2 * CODES.length)],
      facts: {
        country: pick(['DE', 'FR', null]),
        device: pick(['mobile', 'desktop']),
        os: 'iOS',
        browser: 'Safari',
        is_bot: next() < 0.1,
        visitor_hash: pick(['aa', 'bb', 'cc']).repeat(16),
      } as ScanFacts,
      at: (clock += 1 + Math.floor(next() * 5000)),
    }));
  const out: Step[] = [];
  for (let i = 0; i < steps; i++) {
    const roll = next();
    if (roll < 0.6) out.push(concurrent ? { kind: 'both', batches: [batch(), batch()] } : { kind: 'scans', replica: pick([0, 1]), scans: batch() });
    else if (roll < 0.72) out.push({ kind: 'patch', code: pick(CODES), scan_limit: pick([null, 5, 30, 60, 120]) });
    else if (roll < 0.76) out.push({ kind: 'delete', code: pick(CODES.slice(2)) });
    else if (roll < 0.84) out.push({ kind: 'moved', code: pick(CODES), by: 1 + Math.floor(next() * 4) });
    else out.push({ kind: 'refresh', replica: pick([0, 1]) });
  }
  return out;
}

interface Run {
  /** Every batch's outcomes, in order (only where the run is sequential: concurrent batches may share out admissions differently). */
  outcomes: ScanOutcome[][];
  counts: Record<string, number>;
  /** Each code's events as committed, in order, without their ids. */
  events: Record<string, unknown[]>;
}

async function play(store: Store, steps: readonly Step[]): Promise<Run> {
  const outcomes: ScanOutcome[][] = [];
  const toCount = (replica: number, scans: Array<{ code: string; facts: ScanFacts; at: number }>): ScanToCount[] =>
    scans.map((s) => ({ link: store.cached[replica].get(s.code)!, facts: s.facts, at: new Date(s.at) }));
  for (const step of steps) {
    if (step.kind === 'scans') outcomes.push(await store.counters[step.replica].count(toCount(step.replica, step.scans)));
    else if (step.kind === 'both') await Promise.all(step.batches.map((b, r) => store.counters[r].count(toCount(r, b))));
    else if (step.kind === 'patch') await upsert(store, [{ id: step.code, revision: store.revisions.get(step.code)! + 1, scan_limit: step.scan_limit }]);
    else if (step.kind === 'delete')
      await new ApplyCodeChanges(store.pools[0], new LinksRepository(store.pools[0]), null).execute([
        { kind: 'delete', qr_id: step.code, revision: store.revisions.get(step.code)! },
      ]);
    // Another writer (a replica outside the test) moves the count: both counters must notice.
    else if (step.kind === 'moved') await store.pools[0].execute('UPDATE links SET scan_count = scan_count + $1 WHERE qr_id = $2', [step.by, step.code]);
    else await refresh(store, step.replica);
  }
  return { outcomes, ...(await stored(store)) };
}

async function stored(store: Store): Promise<Omit<Run, 'outcomes'>> {
  const db = store.pools[0];
  const counts: Record<string, number> = {};
  const events: Record<string, unknown[]> = {};
  for (const id of CODES) {
    counts[id] = Number((await db.query<{ scan_count: number }>('SELECT scan_count FROM links WHERE qr_id = $1', [id]))[0].scan_count);
    const rows = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE partition_key = $1 ORDER BY id', [id]);
    events[id] = rows.flatMap((r) => payloadEvents(r.payload)).map((e) => ({ ...(e as object), id: undefined }));
  }
  return { counts, events };
}

/** What concurrent runs must agree on: how many scans each code admitted and the events' kinds and numbers. */
function tallied(run: Omit<Run, 'outcomes'>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of CODES) {
    const events = run.events[id] as Array<{ type: string; data: { scan_number?: number; milestone?: number; scan_limit?: number } }>;
    out[id] = {
      count: run.counts[id],
      scanNumbers: events
        .filter((e) => e.type === 'qr.scanned')
        .map((e) => e.data.scan_number)
        .sort((a, b) => a! - b!),
      limitsReached: events.filter((e) => e.type === 'qr.scan_limit_reached').map((e) => e.data.scan_limit),
      milestones: events.filter((e) => e.type === 'qr.scan_milestone_reached').map((e) => e.data.milestone),
    };
  }
  return out;
}

describe('scan counters: the reference and the one-statement path give the same answers', () => {
  it.each([1, 2, 3])('one replica at a time (stream %i): the same outcome for every scan, the same counts and events', async (seed) => {
    const steps = script(seed, 60, false);
    const runs: Run[] = [];
    for (const variant of VARIANTS) {
      const store = await openStore(variant);
      try {
        runs.push(await play(store, steps));
      } finally {
        await closeStore(store);
      }
    }
    // The stream exercises what it should: admissions, refusals at a limit, stale scans.
    const all = runs[0].outcomes.flat();
    expect(all.filter((o) => o.admitted).length).toBeGreaterThan(50);
    expect(all.filter((o) => !o.admitted && !o.stale).length).toBeGreaterThan(0);
    expect(all.filter((o) => !o.admitted && o.stale).length).toBeGreaterThan(0);
    for (const run of runs.slice(1)) {
      expect(run.outcomes).toEqual(runs[0].outcomes);
      expect(run.counts).toEqual(runs[0].counts);
      expect(run.events).toEqual(runs[0].events);
    }
  });

  it('two replicas at once: the same counts, scan numbers, limit and milestone events', async () => {
    const steps = script(7, 50, true);
    const runs: Array<Record<string, unknown>> = [];
    for (const variant of VARIANTS) {
      const store = await openStore(variant);
      try {
        runs.push(tallied(await play(store, steps)));
      } finally {
        await closeStore(store);
      }
    }
    for (const run of runs.slice(1)) expect(run).toEqual(runs[0]);
  });

  it('through the recorder, 1,000 concurrent scans over two replicas: both paths admit exactly each limit', async () => {
    const runs: Array<Record<string, unknown>> = [];
    for (const variant of VARIANTS) {
      const store = await openStore(variant);
      try {
        const recorders = store.pools.map(
          (db) => new ScanRecorder(db, new Outbox(db, store.log, { log: silentLog }), silentLog, { counting: variant.counter }),
        );
        await Promise.all(
          Array.from({ length: 1000 }, (_, i) => recorders[i % 2].record(store.cached[i % 2].get(CODES[i % 4])!, SCAN_FACTS, new Date(BASE + i))),
        );
        expect(recorders.every((r) => r.counter instanceof (variant.counter === 'locked' ? LockedScanCounter : PredictedScanCounter))).toBe(true);
        runs.push(tallied(await stored(store)));
      } finally {
        await closeStore(store);
      }
    }
    expect((runs[0] as Record<string, { count: number }>).qr_d1.count).toBe(3);
    for (const run of runs.slice(1)) expect(run).toEqual(runs[0]);
  });
});
