import { type FieldError, fieldError } from '@qr/domain';
import { PRIMARY_KEYS } from '@qr/gs1';

/** Longest chosen back-half, slashes included. */
export const BACK_HALF_MAX = 64;

/**
 * First path segments the servers answer themselves, compared without case: Express routes
 * without case by default, so `/API/public/v1` reaches the API, and a code at `API/x` could never
 * be scanned. `api` (public API), `app` (dashboard and its API), `internal` (commands between
 * services), `healthz`, `readyz`, `metrics` (health and Prometheus), `.well-known` (ACME, the GS1
 * resolver description), `favicon.ico` and `robots.txt`; the last three cannot pass the character
 * rule, and are listed so the list says what is taken.
 */
export const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'app',
  'internal',
  'healthz',
  'readyz',
  'metrics',
  '.well-known',
  'favicon.ico',
  'robots.txt',
]);

/**
 * A path that starts with a GS1 primary key AI and goes on (`01/09506000134352`) is the shape a
 * GS1 Digital Link resolver answers, so a chosen back-half may not take it. A lone `01` is no
 * Digital Link and stays free.
 */
const GS1_PRIMARY_KEY_AIS: ReadonlySet<string> = new Set(PRIMARY_KEYS);

// Segments of letters, digits, `_` and `-`, joined by single slashes: no empty segment, no
// leading or trailing slash, nothing a browser or proxy would normalise (`.`, `..`, `%2F`).
const SHAPE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/**
 * Every problem with `value` as a chosen back-half (the path after the domain), at `pointer`;
 * empty when it may be used. Case is kept: `Spring` and `spring` are two back-halves.
 *
 * @example validateBackHalf('spring-sale/2026') // []
 * @example validateBackHalf('api/x') // [{ pointer: '/short_code', code: 'reserved', detail: '…' }]
 */
export function validateBackHalf(value: unknown, pointer = '/short_code'): FieldError[] {
  if (value === undefined) return [fieldError(pointer, 'required', 'This field is required.')];
  if (typeof value !== 'string') return [fieldError(pointer, 'invalid_type', 'Must be a string.')];
  if (value === '') return [fieldError(pointer, 'required', 'Must not be empty.')];
  if (value.length > BACK_HALF_MAX) return [fieldError(pointer, 'too_long', `At most ${BACK_HALF_MAX} characters.`)];
  if (!SHAPE.test(value)) {
    return [fieldError(pointer, 'invalid', 'Use letters A–Z and a–z, digits, _ and -, in segments joined by single slashes (no slash at either end).')];
  }
  const reason = reservedReason(value);
  return reason ? [fieldError(pointer, 'reserved', reason)] : [];
}

/**
 * Whether a request path (without its leading slash) can name a code: the redirect's route test,
 * answered without building errors. Every generated code and every back-half validateBackHalf lets
 * through passes; reserved and GS1-shaped paths are left to the routes that own them.
 */
export function isServableBackHalf(path: string): boolean {
  return path.length > 0 && path.length <= BACK_HALF_MAX && SHAPE.test(path) && reservedReason(path) === null;
}

/** Why a well-formed back-half is taken by the servers themselves, or null when it is free. */
function reservedReason(backHalf: string): string | null {
  // Runs on every redirect: the first segment without splitting the whole path.
  const slash = backHalf.indexOf('/');
  const first = slash < 0 ? backHalf : backHalf.slice(0, slash);
  if (RESERVED_FIRST_SEGMENTS.has(first.toLowerCase())) return `"${first}" is a path the servers answer themselves; choose another first segment.`;
  if (slash >= 0 && GS1_PRIMARY_KEY_AIS.has(first)) {
    return `A path starting with "${first}/" is a GS1 Digital Link; choose another first segment.`;
  }
  return null;
}
