import { defineEvent } from '../../event-definition';

export interface QrCodeDeletedV1 {
  qr_id: string;
  category: 'dynamic' | 'static';
  short_code: string | null;
}

export const QR_CODE_DELETED_V1 = defineEvent('qr.code.deleted', 1, {
  qr_id: { type: 'string' },
  category: { enum: ['dynamic', 'static'] },
  short_code: { type: ['string', 'null'] },
});
