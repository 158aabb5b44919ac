import { type EventEnvelope, type QrScannedV1 } from '@qr/contracts';
import { newId } from '@qr/domain';

/** The `i`th scan of a bench's stream at `at` (epoch ms): 240 codes in turn, one visitor in 5,000. */
export function benchScanEvent(i: number, at: number): EventEnvelope<'qr.scanned', QrScannedV1> {
  const iso = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const qrId = `qr_bench${i % 240}`;
  return {
    id: newId('evt'),
    type: 'qr.scanned',
    version: 1,
    occurred_at: iso,
    workspace_id: 'ws_bench',
    qr_id: qrId,
    data: {
      qr_id: qrId,
      client_ref: null,
      short_code: 'Bench01',
      country: 'DE',
      device: i % 3 ? 'mobile' : 'desktop',
      os: 'iOS',
      browser: 'Mobile Safari',
      is_bot: false,
      scanned_at: iso,
      visitor_hash: (i % 5000).toString(16).padStart(32, '0'),
      scan_number: i + 1,
    },
  };
}
