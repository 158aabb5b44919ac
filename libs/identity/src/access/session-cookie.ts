import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { Errors } from '@qr/domain';
import { readCookie, setCookieValue } from '@qr/platform';
import { csrfTokenFor, csrfTokenMatches, isWellFormedToken, newSecretToken } from '@qr/session-rules';

/** The dashboard session: HttpOnly, SameSite=Lax, Secure on https, Path=/ (it also reaches /api/public/v1). */
export const SESSION_COOKIE = 'qr_session';
/** Before sign-in: the secret the sign-in form's CSRF token is derived from (login CSRF). */
export const PRESESSION_COOKIE = 'qr_presession';
export const CSRF_HEADER = 'x-csrf-token';
/** The workspace a dashboard page shows, sent with its requests: a mismatch is a 409, never a write elsewhere. */
export const WORKSPACE_HEADER = 'x-workspace-id';

type CookieRequest = Pick<IncomingMessage, 'headers'> & { secure?: boolean };

/**
 * The dashboard's cookies. Over https (the public URL says so, or the request came in over TLS)
 * they are Secure and only the `__Host-` names count: browsers take those only from this host,
 * with Path=/, so a plain `qr_session` planted by a sibling subdomain is never read.
 */
export class SessionCookies {
  constructor(
    private readonly publicBaseUrl: string,
    private readonly maxAgeMs: number,
  ) {}

  /** The session token a request carries, if any (it says nothing yet about whether it is valid). */
  sessionToken(req: CookieRequest): string | undefined {
    return this.read(req, SESSION_COOKIE);
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
    let secret = this.read(req, PRESESSION_COOKIE);
    if (!isWellFormedToken(secret)) {
      secret = newSecretToken();
      this.set(req, res, PRESESSION_COOKIE, secret, 24 * 3600);
    }
    return csrfTokenFor(secret);
  }

  /** The sign-in and link forms' check: the header must carry the token of the presession cookie. */
  checkPresessionCsrf(req: Request): void {
    const secret = this.read(req, PRESESSION_COOKIE);
    if (!isWellFormedToken(secret) || !csrfTokenMatches(secret, req.headers[CSRF_HEADER])) throw Errors.csrfFailed();
  }

  private secure(req: CookieRequest): boolean {
    return this.publicBaseUrl.startsWith('https:') || req.secure === true;
  }

  private nameOf(req: CookieRequest, base: string): string {
    return this.secure(req) ? `__Host-${base}` : base;
  }

  private read(req: CookieRequest, base: string): string | undefined {
    return readCookie(req, this.nameOf(req, base));
  }

  private set(req: Request, res: Response, base: string, value: string, maxAgeSeconds: number): void {
    res.append('Set-Cookie', setCookieValue(this.nameOf(req, base), value, { maxAgeSeconds, secure: this.secure(req) }));
  }
}
