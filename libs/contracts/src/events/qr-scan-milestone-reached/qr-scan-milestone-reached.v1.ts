import { defineEvent } from '../../event-definition';

export interface QrScanMilestoneReachedV1 {
  qr_id: string;
  client_ref: string | null;
  milestone: number;
  reached_at: string;
}

export const QR_SCAN_MILESTONE_REACHED_V1 = defineEvent('qr.scan_milestone_reached', 1, {
  qr_id: { type: 'string' },
  client_ref: { type: ['string', 'null'] },
  milestone: { type: 'integer', minimum: 1 },
  reached_at: { type: 'string' },
});
