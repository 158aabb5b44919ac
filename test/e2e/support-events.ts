import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { payloadEvents } from '@qr/event-log';

export interface StoredEvent {
  id: string;
  type: string;
  qr_id: string | null;
  data: Record<string, unknown>;
}

/** Every event about a code that the all-in-one server has committed: still in an outbox, or already in the log. */
export function committedEvents(dataDir: string, qrId: string): StoredEvent[] {
  const byId = new Map<string, StoredEvent>();
  const read = (file: string, sql: string) => {
    if (!existsSync(join(dataDir, file))) return;
    const db = new Database(join(dataDir, file), { readonly: true });
    for (const row of db.prepare(sql).all(qrId) as Array<{ payload: string }>) {
      for (const e of payloadEvents(row.payload) as StoredEvent[]) byId.set(e.id, e);
    }
    db.close();
  };
  read('redirect.sqlite', 'SELECT payload FROM outbox WHERE partition_key = ?');
  read('eventlog.sqlite', 'SELECT payload FROM event_log WHERE partition_key = ?');
  return [...byId.values()];
}
