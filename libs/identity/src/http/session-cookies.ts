import type { Request, Response } from 'express';
import { Errors } from '@qr/domain';
import { setCookieValue } from '@qr/platform';
import { CSRF_HEADER, type DashboardCookieNames, PRESESSION_COOKIE, SESSION_COOKIE } from '../access/session-cookie';
import { csrfTokenFor, csrfTokenMatches, isWellFormedToken, newSecretToken } from '@qr/session-rules';

/**
 * The dashboard's cookies. Secure, and named with the `__Host-` prefix, when the dashboard is served
 * over https (the public URL says so, or the request came in over TLS).
 */
export class SessionCookies {
  constructor(
    private readonly names: DashboardCookieNames,
    private readonly maxAgeMs: number,
  ) {}

  sessionToken(req: Request): string | undefined {
    return this.names.read(req, SESSION_COOKIE);
  }

  setSession(req: Request, res: Response, token: string): void {
    this.set(req, res, SESSION_COOKIE, token, this.maxAgeMs / 1000);
    this.set(req, res, PRESESSION_COOKIE, '', 0);
  }

  clearSession(req: Request, res: Response): void {
    this.set(req, res, SESSION_COOKIE, '', 0);
  }

  /**
   * Before sign-in there is no session to derive a CSRF token from, so the sign-in form gets a
   * cookie secret of its own (login CSRF: another site cannot sign a visitor in to its account).
   * Returns the CSRF token that goes with it, creating the cookie when the browser has none.
   */
  presessionCsrf(req: Request, res: Response): string {
    let secret = this.names.read(req, PRESESSION_COOKIE);
    if (!isWellFormedToken(secret)) {
      secret = newSecretToken();
      this.set(req, res, PRESESSION_COOKIE, secret, 24 * 3600);
    }
    return csrfTokenFor(secret);
  }

  /** The sign-in and link forms' check: the header must carry the token of the presession cookie. */
  checkPresessionCsrf(req: Request): void {
    const secret = this.names.read(req, PRESESSION_COOKIE);
    if (!isWellFormedToken(secret) || !csrfTokenMatches(secret, req.headers[CSRF_HEADER])) throw Errors.csrfFailed();
  }

  private set(req: Request, res: Response, base: string, value: string, maxAgeSeconds: number): void {
    res.append('Set-Cookie', setCookieValue(this.names.nameOf(req, base), value, { maxAgeSeconds, secure: this.names.secure(req) }));
  }
}
