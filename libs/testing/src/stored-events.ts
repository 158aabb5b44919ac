import { type Client } from 'pg';
import { payloadEvents } from '@qr/event-log';

export interface StoredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * The events of one code stored in a distributed cluster's PostgreSQL: in redirect's outbox (not relayed
 * yet) and in the event log (a packed row's events each), once per event id.
 */
export async function storedEventsOf(db: Client, qrId: string): Promise<StoredEvent[]> {
  const { rows } = await db.query<{ payload: string }>(
    `SELECT payload FROM redirect.outbox WHERE partition_key = $1 UNION ALL SELECT payload FROM eventlog.event_log WHERE partition_key = $1`,
    [qrId],
  );
  return eventsOfPayloads(rows.map((r) => r.payload));
}

/** The events of stored payloads (a packed row's each), once per event id, the last copy kept. */
export function eventsOfPayloads(payloads: readonly string[]): StoredEvent[] {
  const byId = new Map<string, StoredEvent>();
  for (const payload of payloads) for (const e of payloadEvents(payload) as StoredEvent[]) byId.set(e.id, e);
  return [...byId.values()];
}
