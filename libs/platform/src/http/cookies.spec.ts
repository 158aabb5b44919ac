import { readCookie, setCookieValue } from './cookies';

const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } });

describe('readCookie', () => {
  it('finds a cookie among others, trimming spaces', () => {
    expect(readCookie(req('a=1; qr_session=tok_en; b=2'), 'qr_session')).toBe('tok_en');
    expect(readCookie(req('qr_session=x'), 'qr_session')).toBe('x');
  });

  it('is undefined when absent, and for a name that only starts the same', () => {
    expect(readCookie(req(), 'qr_session')).toBeUndefined();
    expect(readCookie(req('qr_session_old=x; other'), 'qr_session')).toBeUndefined();
  });

  it('refuses a name given twice instead of picking one', () => {
    expect(readCookie(req('qr_session=a; qr_session=b'), 'qr_session')).toBeUndefined();
  });
});

describe('setCookieValue', () => {
  it('is HttpOnly, SameSite=Lax and Path=/, Secure only when asked', () => {
    expect(setCookieValue('qr_session', 'v', { maxAgeSeconds: 60.9, secure: false })).toBe('qr_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
    expect(setCookieValue('qr_session', 'v', { maxAgeSeconds: 60, secure: true })).toMatch(/; Secure$/);
    expect(setCookieValue('qr_session', '', { maxAgeSeconds: -5, secure: false })).toContain('Max-Age=0');
  });
});
