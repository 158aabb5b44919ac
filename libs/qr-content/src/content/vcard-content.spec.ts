import { validateContent } from '../validate-content';
import { escapeVcardText, vcardPayload } from './vcard-content';

const found = (content: unknown): string[] => validateContent('vcard', 'static', content).map((e) => `${e.pointer} ${e.code}`);

describe('vcard content', () => {
  it('checks each field', () => {
    expect(
      found({
        first_name: '',
        last_name: 'l'.repeat(201),
        organization: 3,
        phone: 'call me',
        email: 'ana@',
        url: 'javascript:alert(1)',
        address: 'a'.repeat(501),
        note: 'n'.repeat(1001),
      }),
    ).toEqual([
      '/content/first_name required',
      '/content/last_name too_long',
      '/content/organization invalid_type',
      '/content/phone invalid',
      '/content/email invalid',
      '/content/url unsupported_scheme',
      '/content/address too_long',
      '/content/note too_long',
    ]);
  });

  it.each(['+4930123456', '030 123456', '(030) 123-456', '+1 415.555.0123', '030/123456'])('accepts the phone %s', (phone) => {
    expect(found({ first_name: 'A', phone })).toEqual([]);
  });

  it.each(['12', '+', '-123', 'abc123', '+49 30 123 ext 5', '1'.repeat(33), '030\n123'])('rejects the phone %j', (phone) => {
    expect(found({ first_name: 'A', phone })).toHaveLength(1);
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'jörg@müller.de', "o'neil@example.ie"])('accepts the email %s', (email) => {
    expect(found({ first_name: 'A', email })).toEqual([]);
  });

  it.each(['a@b', '@b.co', 'a@@b.co', 'a b@c.co', 'a@b..co', '.a@b.co', 'a.@b.co', '"a"@b.co', 'a@-b.co', `${'a'.repeat(65)}@b.co`])(
    'rejects the email %j',
    (email) => {
      expect(found({ first_name: 'A', email })).toEqual(['/content/email invalid']);
    },
  );

  it('treats empty optional fields as absent', () => {
    const content = { first_name: 'Ana', last_name: '', phone: '', email: '', url: '', note: '' };
    expect(found(content)).toEqual([]);
    expect(vcardPayload(content)).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ana;;;\r\nFN:Ana\r\nEND:VCARD\r\n');
  });

  it('escapes backslash, comma, semicolon and every kind of line break', () => {
    expect(escapeVcardText('a\\b,c;d\ne\r\nf\rg:h"i')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng:h"i');
  });

  it('writes a minimal vCard exactly', () => {
    expect(vcardPayload({ first_name: 'Ana', last_name: 'Lima' })).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lima;Ana;;;\r\nFN:Ana Lima\r\nEND:VCARD\r\n');
  });

  it('writes every field in order, escaped, with umlauts kept as UTF-8 text', () => {
    const payload = vcardPayload({
      first_name: 'Jörg; "Jo"',
      last_name: 'Müller, Jr.\\',
      organization: 'Bäcker; Söhne',
      title: 'Chef: Brot',
      phone: '+49 (30) 123-456',
      email: 'jörg@müller.de',
      url: 'https://example.com/a,b;c',
      address: 'Hauptstraße 1\n10115 Berlin, DE',
      note: 'Line 1\r\nLine 2',
    });
    expect(payload.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Müller\\, Jr.\\\\;Jörg\\; "Jo";;;',
      'FN:Jörg\\; "Jo" Müller\\, Jr.\\\\',
      'ORG:Bäcker\\; Söhne',
      'TITLE:Chef: Brot',
      'TEL:+49 (30) 123-456',
      'EMAIL:jörg@müller.de',
      'URL:https://example.com/a,b;c',
      'ADR:;;Hauptstraße 1\\n10115 Berlin\\, DE;;;;',
      'NOTE:Line 1\\nLine 2',
      'END:VCARD',
      '',
    ]);
  });

  it('keeps every raw line break out of the vCard lines', () => {
    const payload = vcardPayload({ first_name: 'A\nB', last_name: 'C\rD', note: 'E\r\nF' });
    expect(payload.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
