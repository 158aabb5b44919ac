import { partitionOf } from '@qr/log-partitions';
import type { LogRecord, StatementAppender } from '../event-log.port';
import { payloadOf, type RowToAppend } from './packed-rows';

export interface StatementAppendOptions {
  /** The log's table, schema-qualified. */
  table: string;
  /** The name of the log's advisory lock (its notify channel). */
  lockName: string;
  partitions: number;
  /** Records as rows (packRecords, or one row each where the log does not pack yet). */
  rows: (records: readonly LogRecord[]) => RowToAppend[];
  now: () => number;
  /** After the commit: wakes the log's consumers of these records' topics. */
  committed: (records: readonly LogRecord[]) => void;
}

/**
 * The log's insert as a part of a producer's statement (StatementAppender). Each row's columns go as
 * one array each, and every payload as one byte string with each row's byte range: a JSON text in an
 * array parameter costs node-postgres an escaping pass over every quote, and PostgreSQL an unescaping
 * one; a byte string is sent as it is. The statement's text is the same for any number of rows, so a
 * producer can prepare it once per connection (its plan kept by the server).
 *
 * The log's lock is taken by the insert itself, before its rows get their positions (a one-time
 * filter runs before any row is read), and held to the commit: positions commit in order. It is taken
 * only when some record's key is allowed: a statement that appends nothing (every code of a scan batch
 * mispredicted, or at its limit) does not queue behind every other appender for nothing. Rows keep the
 * order given (ORDER BY the ordinality), so a key's records keep theirs.
 */
export function statementAppender(o: StatementAppendOptions): StatementAppender {
  return {
    insertSql(first, allowedKeys) {
      const $ = (k: number) => `$${first + k}`;
      return `INSERT INTO ${o.table} (topic, partition_key, partition_no, event_id, payload, appended_at, event_count)
  SELECT r.topic, r.partition_key, r.partition_no, r.event_id, convert_from(substring(${$(4)}::bytea FROM r.start FOR r.length), 'UTF8'), ${$(8)}::bigint, r.event_count
  FROM unnest(${$(0)}::text[], ${$(1)}::text[], ${$(2)}::int[], ${$(3)}::text[], ${$(5)}::int[], ${$(6)}::int[], ${$(7)}::int[])
    WITH ORDINALITY AS r(topic, partition_key, partition_no, event_id, start, length, event_count, n)
  WHERE r.partition_key IN (${allowedKeys})
    AND (SELECT pg_advisory_xact_lock(hashtext(${$(9)}))::text FROM (${allowedKeys}) AS appending(key) WHERE appending.key = ANY(${$(1)}::text[]) LIMIT 1) IS NOT NULL
  ORDER BY r.n
  ON CONFLICT (event_id) DO NOTHING`;
    },
    prepare(records) {
      const rows = o.rows(records);
      const payloads = rows.map(payloadOf);
      const bytes = Buffer.from(payloads.join(''), 'utf8');
      const starts: number[] = [];
      const lengths: number[] = [];
      let at = 1;
      for (const payload of payloads) {
        const length = Buffer.byteLength(payload, 'utf8');
        starts.push(at);
        lengths.push(length);
        at += length;
      }
      const params = [
        rows.map((r) => r.topic),
        rows.map((r) => r.key),
        rows.map((r) => partitionOf(r.key, o.partitions)),
        rows.map((r) => r.event.id),
        bytes,
        starts,
        lengths,
        rows.map((r) => r.events),
        o.now(),
        o.lockName,
      ];
      return { params, committed: () => o.committed(records) };
    },
  };
}
