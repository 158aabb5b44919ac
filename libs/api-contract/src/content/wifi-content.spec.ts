import { validateContent } from './qr-content';

const found = (content: unknown): string[] => validateContent('wifi', 'static', content).map((e) => `${e.pointer} ${e.code}`);

describe('wifi content', () => {
  it('limits the SSID to 32 UTF-8 bytes', () => {
    expect(found({ ssid: 'a'.repeat(32), encryption: 'nopass' })).toEqual([]);
    expect(found({ ssid: 'a'.repeat(33), encryption: 'nopass' })).toEqual(['/content/ssid too_long']);
    expect(found({ ssid: 'ü'.repeat(16), encryption: 'nopass' })).toEqual([]);
    expect(found({ ssid: 'ü'.repeat(17), encryption: 'nopass' })).toEqual(['/content/ssid too_long']);
    expect(found({ ssid: '  ', encryption: 'nopass' })).toEqual(['/content/ssid required']);
    expect(found({ ssid: 'a\nb', encryption: 'nopass' })).toEqual(['/content/ssid invalid']);
  });

  it('checks encryption exactly', () => {
    expect(found({ ssid: 'x', encryption: 'wpa', password: 'secret123' })).toEqual(['/content/encryption invalid']);
    expect(found({ ssid: 'x', encryption: 'WPA2', password: 'secret123' })).toEqual(['/content/encryption invalid']);
    expect(found({ ssid: 'x' })).toEqual(['/content/encryption required']);
  });

  it.each([
    ['WPA', '12345678', []],
    ['WPA', 'p'.repeat(63), []],
    ['WPA', 'pass wörd', []],
    ['WPA', '1234567', ['/content/password too_short']],
    ['WPA', 'p'.repeat(64), ['/content/password too_long']],
    ['WPA', '        ', ['/content/password required']],
    ['WPA', undefined, ['/content/password required']],
    ['WPA', 12345678, ['/content/password invalid_type']],
    ['WEP', 'abcde', []],
    ['WEP', 'abcdefghijklm', []],
    ['WEP', '0123456789', []],
    ['WEP', '0123456789abcdefABCDEF0123', []],
    ['WEP', 'abcdef', ['/content/password invalid']],
    ['WEP', '012345678g', ['/content/password invalid']],
    ['WEP', 'äbcde', ['/content/password invalid']],
    ['WEP', undefined, ['/content/password required']],
    ['nopass', undefined, []],
    ['nopass', '', ['/content/password invalid']],
    ['nopass', 'secret123', ['/content/password invalid']],
  ])('%s with password %j → %j', (encryption, password, errors) => {
    expect(found({ ssid: 'Net', encryption, password })).toEqual(errors);
  });

  it('checks hidden is a boolean', () => {
    expect(found({ ssid: 'x', encryption: 'nopass', hidden: 'true' })).toEqual(['/content/hidden invalid_type']);
  });
});
