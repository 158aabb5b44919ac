import { type FieldError } from '@qr/domain';
import { checkScannability } from '@qr/qr-design';
import { encodeText } from '@qr/qr-render';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { payloadOf, type PatternSource } from './render-image';

/**
 * The scannability guarantee at the point of saving: a code with a design is written only if its
 * pattern, drawn with that design, reads back with both decoders (`checkScannability`). The
 * pattern is the code's own: its short link (dynamic) or its data (static), at level M.
 */
export class DesignCheck {
  constructor(private readonly shortBaseUrl: string) {}

  /** Every problem with the record's design, at `${at}/design…`; none for the default design. */
  async problems(record: PatternSource & Pick<QrCodeRecord, 'design'>, domainHost: string | null, at = ''): Promise<FieldError[]> {
    if (!record.design) return [];
    const payload = payloadOf(record, this.shortBaseUrl, domainHost);
    return (await checkScannability(encodeText(payload, { ecc: 'M' }), payload, record.design, `${at}/design`)).problems;
  }
}
