import type { LogRecord } from '../event-log.port';

/** An outbox row to write: a topic and key, and the JSON texts of its events, in order. */
export interface OutboxRowToWrite {
  topic: string;
  key: string;
  /** The first event's id (the row's event_id). */
  eventId: string;
  payload: string;
  events: number;
}

/**
 * A transaction's records as outbox rows: those of one topic and partition key go into one row, their
 * JSON texts joined by newlines (JSON.stringify never writes a newline outside a string, and escapes it
 * inside one, so a line is an event). A redirect replica's batch of 45 scans of a busy code is then one
 * row to insert, read, relay and delete instead of 45, and one Kafka message: a row costs PostgreSQL, and
 * a message costs the Kafka client and broker, about the same whatever it holds. Rows come in the order
 * of each group's first record, and a key's records keep their order within their topic (the order
 * Kafka keeps).
 */
export function packedOutboxRows(records: readonly (LogRecord & { payload: string })[]): OutboxRowToWrite[] {
  const rows = new Map<string, OutboxRowToWrite>();
  for (const r of records) {
    const id = `${r.topic}\u0000${r.key}`;
    const row = rows.get(id);
    if (row) {
      row.payload += `\n${r.payload}`;
      row.events += 1;
    } else rows.set(id, { topic: r.topic, key: r.key, eventId: r.event.id, payload: r.payload, events: 1 });
  }
  return [...rows.values()];
}

/** A record as a row of its own. */
export function singleRow(r: LogRecord & { payload: string }): OutboxRowToWrite {
  return { topic: r.topic, key: r.key, eventId: r.event.id, payload: r.payload, events: 1 };
}
