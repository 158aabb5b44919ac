import { validateContent } from './qr-content';
import { staticPayload } from '@qr/qr-content';

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
    expect(staticPayload('vcard', content)).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ana;;;\r\nFN:Ana\r\nEND:VCARD\r\n');
  });
});
