import { defineEvent } from '../../event-definition';

/**
 * What the password page of a protected code saw: a page view (the page was answered to a GET or to
 * a post that did not unlock) or an unlock (the right password; the same request's scan is its
 * `qr.scanned`). Internal: analytics counts the two apart; never a webhook.
 */
export interface QrPasswordGateV1 {
  qr_id: string;
  outcome: 'page_view' | 'unlock';
  at: string;
}

export const QR_PASSWORD_GATE_V1 = defineEvent(
  'qr.password_gate',
  1,
  {
    qr_id: { type: 'string' },
    outcome: { enum: ['page_view', 'unlock'] },
    at: { type: 'string' },
  },
  { closed: true },
);
