import { validateHttpUrl } from './validate-http-url';

const P = '/content/url';
const codeOf = (value: unknown): string | undefined => validateHttpUrl(value, P)[0]?.code;

describe('validateHttpUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1&r=%20#frag',
    'HTTPS://EXAMPLE.COM/',
    'https://sub.example.co.uk:8443/a/b',
    'https://xn--mnchen-3ya.de/',
    'https://münchen.de/straße',
    'http://127.0.0.1:3000/x',
    'https://example.com/a,b;c=d',
  ])('accepts %s', (url) => {
    expect(validateHttpUrl(url, P)).toEqual([]);
  });

  it.each([
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['JAVASCRIPT:alert(1)', 'unsupported_scheme'],
    ['JavaScript:alert(1)', 'unsupported_scheme'],
    ['data:text/html,<script>alert(1)</script>', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['vbscript:msgbox(1)', 'unsupported_scheme'],
    ['ftp://example.com/file', 'unsupported_scheme'],
    ['mailto:a@b.co', 'unsupported_scheme'],
    [' https://a.b', 'invalid_url'],
    ['https://a.b ', 'invalid_url'],
    ['https://a.b/\u0000', 'invalid_url'],
    ['https://a.b/x\ty', 'invalid_url'],
    ['https://a.b/x\ny', 'invalid_url'],
    ['java\tscript:alert(1)', 'invalid_url'],
    ['https://a .b', 'invalid_url'],
    ['https://a.b/\u00A0', 'invalid_url'],
    ['https://a.b/\u2028x', 'invalid_url'],
    ['https://a.b/\u2029x', 'invalid_url'],
    ['https://a.b/\u200Bx', 'invalid_url'],
    ['https://a.b/\u202Ex', 'invalid_url'],
    ['https://a.b/\u0085x', 'invalid_url'],
    ['https://a.b/\u007F', 'invalid_url'],
    ['https://user:pw@a.b', 'credentials_not_allowed'],
    ['https://user@a.b', 'credentials_not_allowed'],
    ['https://@a.b', 'credentials_not_allowed'],
    ['https://bank.example@evil.example/login', 'credentials_not_allowed'],
    ['//a.b', 'invalid_url'],
    ['https:\\\\a.b', 'invalid_url'],
    ['https://a.b\\@evil.example', 'invalid_url'],
    ['https:a.b', 'invalid_url'],
    ['https:///a.b', 'invalid_url'],
    ['https://', 'invalid_url'],
    ['https://a.b:99999/', 'invalid_url'],
    ['https://[::1', 'invalid_url'],
    ['example.com', 'invalid_url'],
    ['/relative/path', 'invalid_url'],
    ['', 'required'],
    [undefined, 'required'],
    [null, 'invalid_type'],
    [42, 'invalid_type'],
    [{ href: 'https://a.b' }, 'invalid_type'],
  ])('rejects %j with %s', (value, code) => {
    expect(codeOf(value)).toBe(code);
  });

  it('rejects a URL over 2048 characters with too_long and accepts one of exactly 2048', () => {
    const base = 'https://example.com/';
    expect(codeOf(base + 'a'.repeat(2048 - base.length))).toBeUndefined();
    expect(codeOf(base + 'a'.repeat(2049 - base.length))).toBe('too_long');
  });

  it('reports one error at the given pointer', () => {
    expect(validateHttpUrl('javascript:alert(1)', '/destinations/2/target_url')).toEqual([
      { pointer: '/destinations/2/target_url', code: 'unsupported_scheme', detail: 'Only http and https URLs are allowed.' },
    ]);
  });
});
