import type { LogRecord, StatementAppender } from '../event-log.port';
import { payloadOf } from '../sql/packed-rows';
import { packedOutboxRows } from './packed-outbox-rows';

/**
 * The outbox's insert as a part of a producer's statement on PostgreSQL (StatementAppender): a producer
 * that decides in SQL which of its records hold (the scan recorder) writes them in the same round trip.
 * Each column goes as one array, and the payloads as one byte string with each row's byte range: a JSON
 * text inside an array parameter costs node-postgres an escaping pass over every quote and PostgreSQL an
 * unescaping one. The text is the same for any number of rows, so it can be prepared once per connection.
 * Rows keep the order given (ORDER BY the ordinality), so their ids do, and the relay keeps a key's order.
 */
export function outboxStatementAppender(o: { table: string; now: () => number; committed: () => void }): StatementAppender {
  return {
    insertSql(first, allowedKeys) {
      const $ = (k: number) => `$${first + k}`;
      return `INSERT INTO ${o.table} (event_id, topic, partition_key, payload, created_at, event_count)
  SELECT r.event_id, r.topic, r.partition_key, convert_from(substring(${$(3)}::bytea FROM r.start FOR r.length), 'UTF8'), ${$(7)}::bigint, r.event_count
  FROM unnest(${$(0)}::text[], ${$(1)}::text[], ${$(2)}::text[], ${$(4)}::int[], ${$(5)}::int[], ${$(6)}::int[])
    WITH ORDINALITY AS r(topic, partition_key, event_id, start, length, event_count, n)
  WHERE r.partition_key IN (${allowedKeys})
  ORDER BY r.n`;
    },
    prepare(records: readonly LogRecord[]) {
      const rows = packedOutboxRows(records.map((r) => ({ ...r, payload: payloadOf(r) })));
      const starts: number[] = [];
      const lengths: number[] = [];
      let at = 1;
      for (const row of rows) {
        const length = Buffer.byteLength(row.payload, 'utf8');
        starts.push(at);
        lengths.push(length);
        at += length;
      }
      const params = [
        rows.map((r) => r.topic),
        rows.map((r) => r.key),
        rows.map((r) => r.eventId),
        Buffer.from(rows.map((r) => r.payload).join(''), 'utf8'),
        starts,
        lengths,
        rows.map((r) => r.events),
        o.now(),
      ];
      return { params, committed: o.committed };
    },
  };
}
