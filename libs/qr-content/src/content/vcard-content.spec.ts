import { escapeVcardText, vcardPayload } from './vcard-content';

describe('vcard content', () => {
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
