import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { type EventLog, type LogRecord, openEventLog } from '@qr/event-log';
import { createTempDir } from '@qr/testing';
import { benchScanEvent } from './bench-events';
import { type BenchRow, fmt } from './bench-report';
import { median } from './stats';

const EVENTS = 20_000;
const APPEND = 100;
const GROUPS = 3;

const AT = Date.parse('2026-01-01T00:00:00Z');

function scan(i: number): LogRecord {
  const event = benchScanEvent(i, AT);
  return { topic: TOPICS.qrScanned, key: event.qr_id!, event };
}

/** Events per second from the first append until every group has handled every event. */
async function once(plain: boolean): Promise<number> {
  const dir = createTempDir('bench-log');
  const log: EventLog = await openEventLog({
    transport: { kind: 'sql' },
    storage: { kind: 'sqlite', dataDir: dir.path },
    runMigrations: true,
    clientId: 'bench',
    log: silentLog,
    plain,
  });
  try {
    const handled = Array.from({ length: GROUPS }, () => 0);
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const subs = handled.map((_, g) =>
      log.subscribe({
        group: `bench-${g}`,
        topics: [TOPICS.qrScanned],
        handler: async (batch) => {
          handled[g] += batch.length;
          if (handled.every((n) => n >= EVENTS)) done();
        },
      }),
    );
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < EVENTS; i += APPEND) await log.append(Array.from({ length: APPEND }, (_, j) => scan(i + j)));
    await finished;
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    await Promise.all(subs.map((s) => s.stop()));
    return EVENTS / seconds;
  } finally {
    await log.close();
    dir.remove();
  }
}

/**
 * The embedded log's fast paths (the decoded-row cache its consumers read ranges from, the append pacer)
 * against the plain log (each consumer reads and decodes its rows from the table), in this process, as
 * all-in-one's relays and consumers use it: 20,000 events appended 100 at a time, read by three groups.
 */
export async function benchEmbeddedLog(runs = 5): Promise<BenchRow[]> {
  const fast: number[] = [];
  const plain: number[] = [];
  await once(false);
  for (let i = 0; i < runs; i++) {
    fast.push(await once(false));
    plain.push(await once(true));
  }
  return [
    {
      benchmark: 'Embedded event log (SQLite): 3 consumer groups reading what one producer appends',
      figure: fmt.rate(median(fast), 'events'),
      baseline: `the plain log (no decoded-row cache, no append pacer): ${fmt.rate(median(plain), 'events')}`,
      ratio: median(fast) / median(plain),
      note: `${EVENTS.toLocaleString('en-US')} events appended ${APPEND} at a time, from the first append until every group handled all; median of ${runs}, alternating; one process, one thread`,
    },
  ];
}
