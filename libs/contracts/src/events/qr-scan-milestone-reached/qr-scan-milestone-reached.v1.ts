import { defineEvent } from '../../event-definition';

export interface QrScanMilestoneReachedV1 {
  qr_id: string;
  client_ref: string | null;
  milestone: number;
  reached_at: string;
}

export const QR_SCAN_MILESTONE_REACHED_V1 = defineEvent('qr.scan_milestone_reached', 1, {
  type: 'object',
  required: ['qr_id', 'client_ref', 'milestone', 'reached_at'],
  properties: {
    qr_id: { type: 'string' },
    client_ref: { type: ['string', 'null'] },
    milestone: { type: 'integer', minimum: 1 },
    reached_at: { type: 'string' },
  },
});
