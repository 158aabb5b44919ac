import type { VcardContent } from '@qr/qr-content';
import { staticPayload } from '@qr/qr-content';
import { fullName } from './full-name';
import { vcfFilename } from './vcf-filename';

/** A .vcf file to send: the body, its Content-Type and an ASCII-safe filename. */
export interface VcardFile {
  body: string;
  contentType: string;
  filename: string;
}

/**
 * The .vcf behind a vCard page's "Add to contacts" link: the same vCard 3.0 text a static vCard
 * code holds, so both ways of saving a contact give the same card.
 *
 * @example vcardDownload({ first_name: 'Zoë', last_name: 'Müller' })
 * // { body: 'BEGIN:VCARD\r\n…', contentType: 'text/vcard; charset=utf-8', filename: 'zoe-muller.vcf' }
 */
export function vcardDownload(content: VcardContent): VcardFile {
  return {
    // The spread turns the interface into a plain object type staticPayload's signature accepts.
    body: staticPayload('vcard', { ...content }),
    contentType: 'text/vcard; charset=utf-8',
    filename: vcfFilename(fullName(content)),
  };
}
