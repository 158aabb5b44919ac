import { validateEvent } from '@qr/contracts';
import { type Log } from '@qr/domain';
import type { ConsumedRecord } from '../event-log.port';
import { payloadEvents } from './packed-rows';

/** One event_log row as stored. */
export interface StoredRow {
  position: number;
  topic: string;
  partition_key: string;
  payload: string;
}

/**
 * A stored row's records: its one event, or each event of a row packed by an earlier version in order,
 * all at the row's position (a group's offset moves by rows). An event that fails its schema is dropped and reported;
 * a payload that is not JSON gives none.
 */
export function decodeRow(row: StoredRow, log: Log): ConsumedRecord[] {
  let events: unknown[];
  try {
    events = payloadEvents(row.payload);
  } catch {
    events = [undefined];
  }
  const records: ConsumedRecord[] = [];
  for (const parsed of events) {
    const checked = validateEvent(parsed);
    if (!checked.ok) {
      log.event('error', 'event log row failed validation; skipped', { position: row.position, topic: row.topic, reason: checked.reason });
      continue;
    }
    records.push({ position: String(row.position), topic: row.topic, key: row.partition_key, event: checked.event });
  }
  return records;
}
