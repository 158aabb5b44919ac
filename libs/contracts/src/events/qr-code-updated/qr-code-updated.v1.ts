import { defineEvent } from '../../event-definition';

export interface QrCodeUpdatedV1 {
  qr_id: string;
  changed: string[];
  snapshot: Record<string, unknown>;
}

export const QR_CODE_UPDATED_V1 = defineEvent('qr.code.updated', 1, {
  qr_id: { type: 'string' },
  changed: { type: 'array', items: { type: 'string' } },
  snapshot: { type: 'object' },
});
