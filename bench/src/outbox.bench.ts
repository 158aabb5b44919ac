import { silentLog } from '@qr/domain';
import { openEventLog, Outbox, OUTBOX_DROP_EVENT_ID_INDEX_SQL, OUTBOX_EVENT_COUNT_SQL, OUTBOX_TABLE_SQL } from '@qr/event-log';
import { defineMigration, openDatabase } from '@qr/persistence';
import { provisionStorage } from '@qr/testing';
import { benchScanEvent } from './bench-events';
import { type BenchRow, fmt } from './bench-report';
import { median } from './stats';

const TRANSACTIONS = 400;
const EVENTS_PER_TX = 50;
/** Hot codes: the scans of one group commit fall on a few codes, as a popular print run's do. */
const CODES_PER_TX = 5;
const WRITERS = 4;
const AT = Date.parse('2026-01-01T00:00:00Z');

const MIGRATIONS = [
  defineMigration({ timestamp: 1763700000001, name: 'Outbox', sqlite: [OUTBOX_TABLE_SQL.sqlite], postgres: [OUTBOX_TABLE_SQL.postgres] }),
  defineMigration({ timestamp: 1763700000002, name: 'OutboxWithoutEventIdIndex', ...OUTBOX_DROP_EVENT_ID_INDEX_SQL }),
  defineMigration({ timestamp: 1763700000003, name: 'OutboxEventCount', ...OUTBOX_EVENT_COUNT_SQL }),
];

/** Events per second from the first transaction until the relay has moved every event into the log. */
async function once(plain: boolean): Promise<number> {
  const provisioned = await provisionStorage('postgres');
  const db = await openDatabase({ name: 'bench-outbox', storage: provisioned.storage, migrations: MIGRATIONS, runMigrations: true });
  const log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 'bench', log: silentLog });
  const outbox = new Outbox(db, log, { log: silentLog, plain });
  try {
    const started = process.hrtime.bigint();
    let next = 0;
    const writer = async () => {
      while (next < TRANSACTIONS) {
        const t = next++;
        const events = Array.from({ length: EVENTS_PER_TX }, (_, j) => benchScanEvent((t % 48) * CODES_PER_TX + (j % CODES_PER_TX), AT + t));
        await db.transaction((tx) => outbox.add(tx, events));
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await outbox.relayAll();
    return (TRANSACTIONS * EVENTS_PER_TX) / (Number(process.hrtime.bigint() - started) / 1e9);
  } finally {
    outbox.close();
    await log.close();
    await db.close();
    await provisioned.cleanup();
  }
}

/**
 * The PostgreSQL outbox's packed rows (a transaction's events of one topic and key share a row)
 * against the plain outbox (a row per event), written by four concurrent writers in transactions of
 * 50 scans on 5 codes, then relayed into the SQL event log.
 */
export async function benchOutbox(runs = 5): Promise<BenchRow[]> {
  const packed: number[] = [];
  const plain: number[] = [];
  await once(false);
  for (let i = 0; i < runs; i++) {
    packed.push(await once(false));
    plain.push(await once(true));
  }
  return [
    {
      benchmark: 'Outbox on PostgreSQL: packed rows, written and relayed',
      figure: fmt.rate(median(packed), 'events'),
      baseline: `the plain outbox (a row per event): ${fmt.rate(median(plain), 'events')}`,
      ratio: median(packed) / median(plain),
      note: `${TRANSACTIONS} transactions of ${EVENTS_PER_TX} scans on ${CODES_PER_TX} codes, ${WRITERS} writers, then relayed into the SQL log; median of ${runs}, alternating`,
    },
  ];
}
