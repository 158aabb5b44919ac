import { type Client } from 'pg';
import { type KafkaEvents } from './kafka-events';
import { type StoredEvent } from './stored-event';

export type { StoredEvent } from './stored-event';

/**
 * The events of one code that a distributed cluster has stored: in redirect's outbox in PostgreSQL (not
 * relayed yet) and on the Kafka topics, once per event id. The outbox is read first: a row the relay
 * deletes after that read was on Kafka before, so it is within the topics' ends `upToDate` reads to.
 */
export async function storedEventsOf(db: Client, qrId: string, kafka: KafkaEvents): Promise<StoredEvent[]> {
  const { rows } = await db.query<{ payload: string }>(`SELECT payload FROM redirect.outbox WHERE partition_key = $1`, [qrId]);
  await kafka.upToDate();
  const byId = new Map(kafka.of(qrId).map((e) => [e.id, e]));
  for (const e of eventsOfPayloads(rows.map((r) => r.payload))) byId.set(e.id, e);
  return [...byId.values()];
}

/** The events of stored payloads (a packed row's each), once per event id, the last copy kept. */
export function eventsOfPayloads(payloads: readonly string[]): StoredEvent[] {
  const byId = new Map<string, StoredEvent>();
  for (const payload of payloads) for (const e of payloadEvents(payload) as StoredEvent[]) byId.set(e.id, e);
  return [...byId.values()];
}

/**
 * A stored payload's events, unchecked: one event; a JSON array of events (an event_log row packed by an
 * earlier version); or events one per line (an outbox row on PostgreSQL, packedOutboxRows).
 */
export function payloadEvents(payload: string): unknown[] {
  return payload.split('\n').flatMap((line) => {
    const parsed: unknown = JSON.parse(line);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
