import type { IncomingMessage } from 'node:http';
import { readCookie } from '@qr/platform';

/** The dashboard session: HttpOnly, SameSite=Lax, Secure on https, Path=/ (it also reaches /api/public/v1). */
export const SESSION_COOKIE = 'qr_session';
/** Before sign-in: the secret the sign-in form's CSRF token is derived from (login CSRF). */
export const PRESESSION_COOKIE = 'qr_presession';
export const CSRF_HEADER = 'x-csrf-token';
/** The workspace a dashboard page shows, sent with its requests: a mismatch is a 409, never a write elsewhere. */
export const WORKSPACE_HEADER = 'x-workspace-id';

type CookieRequest = Pick<IncomingMessage, 'headers'> & { secure?: boolean };

/**
 * Which names the dashboard's cookies have on a request. Over https (the public URL says so, or
 * the request came in over TLS) only the `__Host-` names count: a plain `qr_session` planted by a
 * sibling subdomain is never read.
 */
export class DashboardCookieNames {
  constructor(private readonly publicBaseUrl: string) {}

  secure(req: CookieRequest): boolean {
    return this.publicBaseUrl.startsWith('https:') || req.secure === true;
  }

  /**
   * Over https the cookies carry the `__Host-` prefix: browsers then take them only from this host,
   * Secure, with Path=/, so a sibling subdomain cannot plant one of the same name.
   */
  nameOf(req: CookieRequest, base: string): string {
    return this.secure(req) ? `__Host-${base}` : base;
  }

  read(req: CookieRequest, base: string): string | undefined {
    return readCookie(req, this.nameOf(req, base));
  }
}
