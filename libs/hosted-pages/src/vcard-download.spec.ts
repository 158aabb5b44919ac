import type { VcardContent } from '@qr/qr-content';
import { staticPayload } from '@qr/qr-content';
import { vcardDownload } from './vcard-download';
import { vcfFilename } from './vcf-filename';

describe('vcardDownload', () => {
  const card: VcardContent = { first_name: 'Zoë', last_name: 'Müller', organization: 'Café; Bar', phone: '+49 30 1234', note: 'line 1\nline 2' };

  it('is the same vCard a static code holds', () => {
    const file = vcardDownload(card);
    expect(file.body).toBe(staticPayload('vcard', { ...card }));
    expect(file.body.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
  });

  it('is text/vcard in UTF-8, named after the contact in ASCII', () => {
    const file = vcardDownload(card);
    expect(file.contentType).toBe('text/vcard; charset=utf-8');
    expect(file.filename).toBe('zoe-muller.vcf');
  });
});

describe('vcfFilename', () => {
  it.each([
    ['Zoë Müller', 'zoe-muller.vcf'],
    ['Jürgen Weiß', 'jurgen-weiss.vcf'],
    ['Søren Łukasz', 'soren-lukasz.vcf'],
    ['  Ana   Lima  ', 'ana-lima.vcf'],
    ['O\'Brien "Bob"; x\r\nSet-Cookie: a=b', 'o-brien-bob-x-set-cookie-a-b.vcf'],
    ['../../etc/passwd', 'etc-passwd.vcf'],
    ['李小龍', 'contact.vcf'],
    ['', 'contact.vcf'],
  ])('names %j as %s', (name, expected) => {
    expect(vcfFilename(name)).toBe(expected);
  });

  it('keeps names short and every character header-safe', () => {
    const filename = vcfFilename('Ä'.repeat(300));
    expect(filename).toBe(`${'a'.repeat(60)}.vcf`);
    expect(vcfFilename('x-'.repeat(40))).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.vcf$/);
  });
});
