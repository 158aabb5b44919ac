import { defineEvent } from '../../event-definition';

export interface QrCodeCreatedV1 {
  qr_id: string;
  category: 'dynamic' | 'static';
  type: string;
  short_code: string | null;
  client_ref: string | null;
  /** The code as stored after the change; consumers keep their own read model from it. */
  snapshot: Record<string, unknown>;
}

export const QR_CODE_CREATED_V1 = defineEvent('qr.code.created', 1, {
  qr_id: { type: 'string' },
  category: { enum: ['dynamic', 'static'] },
  type: { type: 'string' },
  short_code: { type: ['string', 'null'] },
  client_ref: { type: ['string', 'null'] },
  snapshot: { type: 'object' },
});
