import { type QrScannedV1, TOPICS } from '@qr/contracts';
import { type EventLog, type Subscription } from '@qr/event-log';
import { type Database } from '@qr/persistence';

/**
 * Keeps the API's `scan_count` (and so `state: limit_reached`) from redirect-service's scan events.
 * A scan's `scan_number` is the code's count after it, so taking the maximum is idempotent and order-free.
 */
export function subscribeToScanCounts(log: EventLog, db: Database): Subscription {
  return log.subscribe({
    group: 'qr-service.scan-counts',
    topics: [TOPICS.qrScanned],
    handler: async (records) => {
      const latest = new Map<string, number>();
      for (const r of records) {
        const data = r.event.data as QrScannedV1;
        latest.set(data.qr_id, Math.max(latest.get(data.qr_id) ?? 0, data.scan_number));
      }
      await db.transaction(async (tx) => {
        for (const [qrId, count] of latest) {
          await tx.query('UPDATE qr_codes SET scan_count = $1 WHERE id = $2 AND scan_count < $1', [count, qrId]);
        }
      });
    },
  });
}
