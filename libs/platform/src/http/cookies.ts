import type { IncomingMessage } from 'node:http';

/** One cookie's value from the Cookie header; undefined when absent (or present more than once). */
export function readCookie(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    // Two cookies of one name (e.g. one set by a sibling subdomain) are refused rather than guessed between.
    if (found !== undefined) return undefined;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/ (the dashboard's cookies, a protected code's unlock cookie). */
export function setCookieValue(name: string, value: string, o: CookieOptions): string {
  return `${name}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(o.maxAgeSeconds))}; HttpOnly; SameSite=Lax${o.secure ? '; Secure' : ''}`;
}
