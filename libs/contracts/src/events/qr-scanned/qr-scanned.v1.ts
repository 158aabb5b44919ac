import { defineEvent } from '../../event-definition';

/** A recorded open of a short link. Nothing in it identifies the person who scanned. */
export interface QrScannedV1 {
  qr_id: string;
  client_ref: string | null;
  short_code: string;
  country: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | 'other';
  os: string | null;
  browser: string | null;
  is_bot: boolean;
  scanned_at: string;
  /** Daily-rotating salted hash, only for unique counts; it cannot be reversed to an address. */
  visitor_hash: string;
  /** The code's scan count after this scan, for milestones. */
  scan_number: number;
  /**
   * The destination URL the scan was sent to (as configured, before UTM fields are added); null for
   * a hosted page (menu, vCard, form). Optional, so events written before it existed stay valid;
   * deploy consumers before redirect-service (docs/design/event-log.md, "Changing an event").
   */
  destination?: string | null;
  /**
   * For a scan a GS1 resolver answered: the link type served (`gs1:pip`, or `linkset` for the
   * linkset). Absent for other codes; optional, as `destination` is, for events written before it.
   */
  link_type?: string | null;
}

export const QR_SCANNED_V1 = defineEvent(
  'qr.scanned',
  1,
  {
    qr_id: { type: 'string' },
    client_ref: { type: ['string', 'null'] },
    short_code: { type: 'string' },
    country: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' },
    device: { enum: ['mobile', 'tablet', 'desktop', 'other'] },
    os: { type: ['string', 'null'] },
    browser: { type: ['string', 'null'] },
    is_bot: { type: 'boolean' },
    scanned_at: { type: 'string' },
    visitor_hash: { type: 'string', pattern: '^[0-9a-f]{16,64}$' },
    scan_number: { type: 'integer', minimum: 1 },
    destination: { type: ['string', 'null'], maxLength: 4096 },
    link_type: { type: ['string', 'null'], maxLength: 256 },
  },
  { optional: ['destination', 'link_type'], closed: true },
);
