import type { Request, Response } from 'express';
import { csrfTokenFor, newSecretToken } from '@qr/session-rules';
import { SessionCookies } from './session-cookie';

const cookiesFor = (publicBaseUrl: string, maxAgeMs = 1000) => new SessionCookies(publicBaseUrl, maxAgeMs);

function exchange(o: { cookie?: string; secure?: boolean; csrf?: string } = {}) {
  const set: string[] = [];
  const req = {
    headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.csrf ? { 'x-csrf-token': o.csrf } : {}) },
    secure: o.secure ?? false,
  } as unknown as Request;
  const res = { append: (name: string, value: string) => name === 'Set-Cookie' && set.push(value) } as unknown as Response;
  return { req, res, set };
}

describe('SessionCookies', () => {
  it('sets the session cookie for the absolute lifetime and drops the presession one', () => {
    const { req, res, set } = exchange();
    cookiesFor('http://localhost:3000', 7 * 24 * 3600 * 1000).setSession(req, res, 'tok');
    expect(set).toEqual(['qr_session=tok; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax', 'qr_presession=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax']);
  });

  it('marks cookies Secure when the public URL is https, or the request came over TLS', () => {
    const https = exchange();
    cookiesFor('https://qr.example.com').setSession(https.req, https.res, 'tok');
    expect(https.set[0]).toBe('__Host-qr_session=tok; Path=/; Max-Age=1; HttpOnly; SameSite=Lax; Secure');
    const tls = exchange({ secure: true });
    cookiesFor('http://localhost:3000').clearSession(tls.req, tls.res);
    expect(tls.set[0]).toBe('__Host-qr_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
  });

  it('over https reads only the __Host- cookies, never a plain one a sibling subdomain could have planted', () => {
    const cookies = cookiesFor('https://qr.example.com');
    expect(cookies.sessionToken(exchange({ cookie: 'qr_session=planted' }).req)).toBeUndefined();
    expect(cookies.sessionToken(exchange({ cookie: 'qr_session=planted; __Host-qr_session=real' }).req)).toBe('real');
    expect(cookiesFor('http://localhost:3000').sessionToken(exchange({ cookie: 'qr_session=local' }).req)).toBe('local');
  });

  it('gives the sign-in form a CSRF token tied to a presession cookie, creating the cookie only once', () => {
    const cookies = cookiesFor('http://localhost:3000');
    const first = exchange();
    const token = cookies.presessionCsrf(first.req, first.res);
    const secret = /^qr_presession=([^;]+)/.exec(first.set[0])![1];
    expect(token).toBe(csrfTokenFor(secret));
    const again = exchange({ cookie: `qr_presession=${secret}` });
    expect(cookies.presessionCsrf(again.req, again.res)).toBe(token);
    expect(again.set).toEqual([]);
  });

  it('accepts the sign-in form only with the token of its own presession cookie', () => {
    const cookies = cookiesFor('http://localhost:3000');
    const secret = newSecretToken();
    expect(() => cookies.checkPresessionCsrf(exchange({ cookie: `qr_presession=${secret}`, csrf: csrfTokenFor(secret) }).req)).not.toThrow();
    for (const o of [
      { cookie: `qr_presession=${secret}` },
      { csrf: csrfTokenFor(secret) },
      { cookie: `qr_presession=${secret}`, csrf: csrfTokenFor(newSecretToken()) },
    ]) {
      expect(() => cookies.checkPresessionCsrf(exchange(o).req)).toThrow(expect.objectContaining({ status: 403, code: 'csrf_failed' }));
    }
  });
});
