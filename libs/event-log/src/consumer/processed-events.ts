import { type Tx } from '@qr/persistence';

/**
 * Claims an event for a consumer inside the consumer's own transaction. Returns false when the
 * event was applied before, so a redelivered event changes nothing.
 */
export async function claimEvent(tx: Tx, consumer: string, eventId: string, now: number): Promise<boolean> {
  const { affected } = await tx.query(
    'INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ($1, $2, $3) ON CONFLICT (consumer, event_id) DO NOTHING',
    [consumer, eventId, now],
  );
  return affected === 1;
}
