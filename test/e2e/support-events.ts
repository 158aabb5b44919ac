import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eventsOfPayloads, type StoredEvent as Stored } from '@qr/testing';

export type StoredEvent = Stored & { qr_id: string | null };

/** Every event about a code that the all-in-one server has committed: still in an outbox, or already in the log. */
export function committedEvents(dataDir: string, qrId: string): StoredEvent[] {
  const payloads: string[] = [];
  const read = (file: string, sql: string) => {
    if (!existsSync(join(dataDir, file))) return;
    const db = new Database(join(dataDir, file), { readonly: true });
    for (const row of db.prepare(sql).all(qrId) as Array<{ payload: string }>) payloads.push(row.payload);
    db.close();
  };
  read('redirect.sqlite', 'SELECT payload FROM outbox WHERE partition_key = ?');
  read('eventlog.sqlite', 'SELECT payload FROM event_log WHERE partition_key = ?');
  return eventsOfPayloads(payloads) as StoredEvent[];
}
