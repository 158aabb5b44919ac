import { type EventEnvelope, validateEvent } from '@qr/contracts';

/**
 * A stored or sent payload's events, in order. A payload is one event's JSON, or several events of one
 * topic and key one per line (an outbox row on PostgreSQL and its Kafka message, packedOutboxRows:
 * JSON.stringify writes no newline outside a string), or a JSON array of events (an event_log row packed
 * by an earlier version). An event that fails its schema, or a line that is not JSON, is handed to
 * `skipped` and never applied; the others are kept.
 */
export function decodeEvents(payload: string, skipped: (reason: string) => void): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  for (const line of payload.split('\n')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    for (const candidate of Array.isArray(parsed) ? parsed : [parsed]) {
      const checked = validateEvent(candidate);
      if (checked.ok) events.push(checked.event);
      else skipped(checked.reason);
    }
  }
  return events;
}
