import type { ServerResponse } from 'node:http';

/**
 * The dashboard's Content-Security-Policy. Every script is a file of ours (no inline script at all,
 * so no nonce is needed); styles come from our stylesheet (style changes made through the CSSOM, as
 * Preact and the chart library make them, are not inline markup and stay allowed); images may be our
 * own, data: and blob: (previews rendered from the server's SVG); nothing may frame the page.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers on every dashboard answer: pages, assets and the dashboard's JSON. */
export function setDashboardHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
}
