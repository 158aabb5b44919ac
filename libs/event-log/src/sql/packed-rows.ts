import type { LogRecord } from '../event-log.port';

export function payloadOf(record: LogRecord): string {
  return record.payload ?? JSON.stringify(record.event);
}

/**
 * A stored payload's events: one event, or several packed by an earlier version into one row (an
 * event_log row's JSON array; an outbox row's JSON texts joined by newlines, which JSON.stringify never
 * writes outside a string, so a line is an event).
 */
export function payloadEvents(payload: string): unknown[] {
  return payload.split('\n').flatMap((line) => {
    const parsed: unknown = JSON.parse(line);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
