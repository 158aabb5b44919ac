import { type Database } from '@qr/persistence';
import type { LogRecord } from '../event-log.port';

/** A record as it goes into one event_log row: one event, or several packed (`events` > 1). */
export interface RowToAppend extends LogRecord {
  /** The events the row holds; its payload is then a JSON array of them. */
  events: number;
}

/**
 * Packs a transaction's records into rows: the records of one topic and partition key go into one row,
 * a JSON array of their events in the order given; a record alone keeps its row as before.
 *
 * Why: a row costs PostgreSQL about the same whatever it holds (heap tuple, three index entries, WAL):
 * a redirect replica's batch of 45 scans of a hot code measured 27 µs of PostgreSQL CPU a scan as 45
 * rows and 13 µs as one row, and its transaction took half the time (docs/benchmarks.md).
 *
 * Order holds per topic and key: every row of the transaction commits at once, and the rows come in the
 * order of each group's first record, so a consumer of several topics may see one key's records of two
 * topics in another order than a transaction that interleaved them wrote them (the scan recorder writes
 * a code's scans, then its limit and milestone events, all on one topic; Kafka keeps no order across
 * topics either).
 */
export function packRecords(records: readonly LogRecord[]): RowToAppend[] {
  const groups = new Map<string, LogRecord[]>();
  for (const r of records) {
    const id = `${r.topic}\u0000${r.key}`;
    const group = groups.get(id);
    if (group) group.push(r);
    else groups.set(id, [r]);
  }
  return [...groups.values()].map((group) =>
    group.length === 1
      ? { ...group[0], events: 1 }
      : // The row's event_id is its first event's: unique, as every event id is. A row whose first event
        // was appended before is skipped whole (ON CONFLICT): producers append a transaction's events once.
        { topic: group[0].topic, key: group[0].key, event: group[0].event, payload: `[${group.map(payloadOf).join(',')}]`, events: group.length },
  );
}

export function payloadOf(record: LogRecord): string {
  return record.payload ?? JSON.stringify(record.event);
}

/** A stored payload's events: a packed row's array, or the one event of any other row. */
export function payloadEvents(payload: string): unknown[] {
  const parsed: unknown = JSON.parse(payload);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * Whether this log's producers may pack rows. A process of an earlier version reading a packed row would
 * find no event in it and skip it as invalid, losing its events for that consumer group. So a log
 * created by this version (no rows, no consumer group when migrated) packs from the start; any other
 * packs only once an operator says every process of the log runs this version (`allowPackedRows`).
 * For the same reason a log with packed rows must not go back to an earlier version.
 */
export async function packedRowsAllowed(db: Database): Promise<boolean> {
  const [row] = await db.query<{ packed_rows: number }>('SELECT packed_rows FROM event_log_settings WHERE id = 1');
  return Number(row?.packed_rows ?? 0) === 1;
}

/** Lets this log's producers pack rows, from their next start (`npm run admin -- event-log allow-packed-rows`). */
export async function allowPackedRows(db: Database): Promise<{ packed_rows: boolean; was: boolean }> {
  const was = await packedRowsAllowed(db);
  await db.execute('UPDATE event_log_settings SET packed_rows = 1 WHERE id = 1');
  return { packed_rows: true, was };
}
