import { TOPICS } from '@qr/contracts';
import { type EventLog } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { PROJECTION_TABLES } from '../store/analytics-migrations';

/** The projection's consumer group, also its name in processed_events (the event ids it applied). */
export const PROJECTION_GROUP = 'analytics-service.projection';
export const PROJECTION_TOPICS = [TOPICS.qrScanned, TOPICS.qrCodeCreated, TOPICS.qrCodeUpdated, TOPICS.qrCodeDeleted, TOPICS.qrPasswordGate];

/**
 * Drops the projection (and its record of applied events) in one transaction, then rewinds the
 * consumer group: the running consumer replays the log from the start. A batch applied around the
 * reset is counted once either way, since applied event ids are recorded with their effects.
 */
export async function rebuildProjection(db: Database, log: EventLog): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of PROJECTION_TABLES) await tx.query(`DELETE FROM ${table}`);
    await tx.query('DELETE FROM processed_events WHERE consumer = $1', [PROJECTION_GROUP]);
  });
  await log.resetGroup(PROJECTION_GROUP, PROJECTION_TOPICS);
}
