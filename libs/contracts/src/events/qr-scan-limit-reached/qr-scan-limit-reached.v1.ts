import { defineEvent } from '../../event-definition';

export interface QrScanLimitReachedV1 {
  qr_id: string;
  client_ref: string | null;
  scan_limit: number;
  reached_at: string;
}

export const QR_SCAN_LIMIT_REACHED_V1 = defineEvent('qr.scan_limit_reached', 1, {
  qr_id: { type: 'string' },
  client_ref: { type: ['string', 'null'] },
  scan_limit: { type: 'integer', minimum: 1 },
  reached_at: { type: 'string' },
});
