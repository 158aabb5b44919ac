import { validateEvent } from '@qr/contracts';
import { type Log } from '@qr/domain';
import type { ConsumedRecord } from '../event-log.port';

/** One event_log row as stored. */
export interface StoredRow {
  position: number;
  topic: string;
  partition_key: string;
  partition_no: number;
  payload: string;
}

/** Turns stored rows back into records, dropping (and reporting) any payload that fails its schema. */
export function decodeRows(rows: readonly StoredRow[], log: Log): ConsumedRecord[] {
  const records: ConsumedRecord[] = [];
  for (const row of rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.payload);
    } catch {
      parsed = undefined;
    }
    const checked = validateEvent(parsed);
    if (!checked.ok) {
      log.event('error', 'event log row failed validation; skipped', { position: row.position, topic: row.topic, reason: checked.reason });
      continue;
    }
    records.push({ position: String(row.position), topic: row.topic, key: row.partition_key, event: checked.event });
  }
  return records;
}
