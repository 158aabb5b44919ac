import type { Request, Response } from 'express';
import { PRESESSION_COOKIE, readCookie, SESSION_COOKIE, setCookieValue } from '@qr/gateway';
import { csrfTokenFor, csrfTokenMatches, isWellFormedToken, newSecretToken } from '@qr/session-rules';
import { Errors } from '@qr/domain';

/** Cookies are Secure when the dashboard is served over https (the public URL says so, or the request came in so). */
export class SessionCookies {
  constructor(
    private readonly publicBaseUrl: string,
    private readonly maxAgeMs: number,
  ) {}

  setSession(req: Request, res: Response, token: string): void {
    res.append('Set-Cookie', setCookieValue(SESSION_COOKIE, token, { maxAgeSeconds: this.maxAgeMs / 1000, secure: this.secure(req) }));
    res.append('Set-Cookie', setCookieValue(PRESESSION_COOKIE, '', { maxAgeSeconds: 0, secure: this.secure(req) }));
  }

  clearSession(req: Request, res: Response): void {
    res.append('Set-Cookie', setCookieValue(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure: this.secure(req) }));
  }

  /**
   * Before sign-in there is no session to derive a CSRF token from, so the sign-in form gets a
   * cookie secret of its own (login CSRF: another site cannot sign a visitor in to its account).
   * Returns the CSRF token that goes with it, creating the cookie when the browser has none.
   */
  presessionCsrf(req: Request, res: Response): string {
    let secret = readCookie(req, PRESESSION_COOKIE);
    if (!isWellFormedToken(secret)) {
      secret = newSecretToken();
      res.append('Set-Cookie', setCookieValue(PRESESSION_COOKIE, secret, { maxAgeSeconds: 24 * 3600, secure: this.secure(req) }));
    }
    return csrfTokenFor(secret);
  }

  /** The sign-in and link forms' check: the header must carry the token of the presession cookie. */
  checkPresessionCsrf(req: Request): void {
    const secret = readCookie(req, PRESESSION_COOKIE);
    if (!isWellFormedToken(secret) || !csrfTokenMatches(secret, req.headers['x-csrf-token'])) throw Errors.csrfFailed();
  }

  private secure(req: Request): boolean {
    return this.publicBaseUrl.startsWith('https:') || req.secure;
  }
}
