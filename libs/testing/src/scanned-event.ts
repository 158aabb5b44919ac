import { type EventEnvelope, type QrScannedV1 } from '@qr/contracts';
import { newId } from '@qr/domain';

/** A valid `qr.scanned` event for code `qrId`, a fresh id each call: what the log's tests append. */
export function scannedEvent(qrId: string, scanNumber = 1): EventEnvelope<'qr.scanned', QrScannedV1> {
  return {
    id: newId('evt'),
    type: 'qr.scanned',
    version: 1,
    occurred_at: '2026-11-21T10:00:00Z',
    workspace_id: 'ws_test',
    qr_id: qrId,
    data: {
      qr_id: qrId,
      client_ref: null,
      short_code: 'abc',
      country: 'DE',
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      is_bot: false,
      scanned_at: '2026-11-21T10:00:00Z',
      visitor_hash: 'ab'.repeat(16),
      scan_number: scanNumber,
    },
  };
}
