import { type EventEnvelope, type LinkChange, type QrCodeCreatedV1, type QrCodeDeletedV1, type QrCodeUpdatedV1, TOPICS } from '@qr/contracts';
import { type EventLog, type Subscription } from '@qr/event-log';
import { type ApplyCodeChanges } from './apply-code-changes';

export const CODE_CHANGES_GROUP = 'redirect-service.links';

/** The durable path for code changes: the same changes the sync command applies, from the log. */
export function subscribeToCodeChanges(log: EventLog, apply: ApplyCodeChanges): Subscription {
  return log.subscribe({
    group: CODE_CHANGES_GROUP,
    topics: [TOPICS.qrCodeCreated, TOPICS.qrCodeUpdated, TOPICS.qrCodeDeleted],
    handler: (records) => apply.execute(records.flatMap((r) => changeOf(r.event))),
  });
}

function changeOf(event: EventEnvelope): LinkChange[] {
  switch (event.type) {
    case 'qr.code.created':
    case 'qr.code.updated': {
      const data = event.data as QrCodeCreatedV1 | QrCodeUpdatedV1;
      return data.snapshot.category === 'dynamic' ? [{ kind: 'upsert', snapshot: data.snapshot }] : [];
    }
    case 'qr.code.deleted': {
      const data = event.data as QrCodeDeletedV1;
      return data.category === 'dynamic' ? [{ kind: 'delete', qr_id: data.qr_id, revision: Number.MAX_SAFE_INTEGER }] : [];
    }
    default:
      return [];
  }
}
