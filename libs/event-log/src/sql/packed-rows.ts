import type { LogRecord } from '../event-log.port';

export function payloadOf(record: LogRecord): string {
  return record.payload ?? JSON.stringify(record.event);
}

/**
 * A stored payload's events: one event; a JSON array of events (an event_log row packed by an earlier
 * version); or events joined by newlines (an outbox row on PostgreSQL, packedOutboxRows). JSON.stringify
 * writes no newline outside a string, so a line is an event.
 */
export function payloadEvents(payload: string): unknown[] {
  return payload.split('\n').flatMap((line) => {
    const parsed: unknown = JSON.parse(line);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
