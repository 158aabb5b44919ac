import { type EventEnvelope } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { createTempDir, scannedEvent, seededRandom, waitUntil } from '@qr/testing';
import { type EventLog, type LogRecord, type Subscription } from '../event-log.port';
import { openEventLog } from '../open-event-log';

/**
 * The embedded log with its fast paths (the decoded-row cache its consumers read ranges from, the append
 * pacer) and the plain log (each consumer reads and decodes its rows from the table, appends never wait)
 * given the same stream must deliver the same events to every group, in the same order. The stream is
 * long enough for the pacer to hold appends back and for the cache to evict, and has duplicates, packed
 * records, a failing handler and a reset in it.
 */
const SCANS = 'diff.scans.v1';
const CHANGES = 'diff.changes.v1';
const GROUPS: Array<{ group: string; topics: string[]; batchSize: number; failEvery?: number }> = [
  { group: 'g-scans', topics: [SCANS], batchSize: 500 },
  { group: 'g-both', topics: [SCANS, CHANGES], batchSize: 37, failEvery: 40 },
  { group: 'g-changes', topics: [CHANGES], batchSize: 200 },
];

/** Appends of 1–600 records: a fifth on the second topic, some packed (several events of one key in one record), some duplicates. */
function stream(seed: number, appends: number): LogRecord[][] {
  const next = seededRandom(seed);
  const sent: LogRecord[] = [];
  const out: LogRecord[][] = [];
  for (let a = 0; a < appends; a++) {
    const batch: LogRecord[] = [];
    const size = 1 + Math.floor(next() * 600);
    for (let i = 0; i < size; i++) {
      const roll = next();
      if (roll < 0.02 && sent.length) {
        batch.push(sent[Math.floor(next() * sent.length)]);
        continue;
      }
      const topic = next() < 0.2 ? CHANGES : SCANS;
      const key = `qr_k${Math.floor(next() * 50)}`;
      if (roll < 0.1) {
        const events = Array.from({ length: 2 + Math.floor(next() * 5) }, (_, n) => scannedEvent(key, n + 1));
        batch.push({ topic, key, event: events[0], payload: events.map((e) => JSON.stringify(e)).join('\n'), events: events.length });
      } else batch.push({ topic, key, event: scannedEvent(key, i + 1) });
    }
    sent.push(...batch);
    out.push(batch);
  }
  return out;
}

/** Each event of a record, in order (a packed record holds several). */
function eventsOf(r: LogRecord): EventEnvelope[] {
  return (r.events ?? 1) > 1 ? (r.payload ?? '').split('\n').map((line) => JSON.parse(line) as EventEnvelope) : [r.event];
}

/** What each group must end up with: its topics' events in append order, each once. */
function expected(appends: readonly LogRecord[][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { group, topics } of GROUPS) {
    const seen = new Set<string>();
    const ids: string[] = [];
    for (const r of appends.flat()) {
      if (!topics.includes(r.topic)) continue;
      for (const e of eventsOf(r)) if (!seen.has(e.id) && seen.add(e.id)) ids.push(e.id);
    }
    out.set(group, ids);
  }
  return out;
}

async function play(plain: boolean, appends: readonly LogRecord[][]): Promise<Map<string, string[]>> {
  const dir = createTempDir('sql-log-diff');
  const log: EventLog = await openEventLog({
    transport: { kind: 'sql' },
    storage: { kind: 'sqlite', dataDir: dir.path },
    runMigrations: true,
    clientId: 'diff',
    log: silentLog,
    pollMs: 20,
    plain,
  });
  const delivered = new Map<string, string[]>(GROUPS.map((g) => [g.group, []]));
  const subs: Subscription[] = [];
  try {
    for (const { group, topics, batchSize, failEvery } of GROUPS) {
      let calls = 0;
      subs.push(
        log.subscribe({
          group,
          topics,
          batchSize,
          handler: async (batch) => {
            calls += 1;
            if (failEvery && calls % failEvery === 0) throw new Error('injected failure: the batch comes again');
            delivered.get(group)!.push(...batch.map((r) => r.event.id));
          },
        }),
      );
    }
    for (let i = 0; i < appends.length; i++) {
      await log.append(appends[i]);
      // A rebuild halfway: the group reads everything again from the start.
      if (i === Math.floor(appends.length / 2)) await log.resetGroup('g-changes', [CHANGES]);
    }
    const want = expected(appends);
    await waitUntil(() => GROUPS.every(({ group }) => new Set(delivered.get(group)).size >= want.get(group)!.length), 'every group caught up', 45_000);
    for (const s of subs) await s.stop();
    // Delivery is at least once: what a group keeps is each event's first delivery, in order.
    return new Map([...delivered].map(([group, ids]) => [group, [...new Set(ids)]]));
  } finally {
    for (const s of subs) await s.stop();
    await log.close();
    dir.remove();
  }
}

describe('embedded log: the fast paths and the plain log deliver the same', () => {
  it.each([11, 12])(
    'stream %i: every group gets the same events in the same order',
    async (seed) => {
      const appends = stream(seed, 32);
      const want = expected(appends);
      // More positions than the cache holds (8,192), and the pacer's window (4,096) many times over.
      expect(appends.flat().length).toBeGreaterThan(8192);
      const fast = await play(false, appends);
      const plain = await play(true, appends);
      for (const { group } of GROUPS) {
        expect(fast.get(group)).toEqual(want.get(group));
        expect(plain.get(group)).toEqual(want.get(group));
      }
    },
    120_000,
  );
});
