import { formatterFor } from '@qr/domain';

// A name, not an offset: newer runtimes accept '+01:00' as a time zone, which has no DST rules
// and is not an IANA name. Intl still decides whether the name exists.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * Whether `tz` is an IANA time zone name the runtime knows (`'Europe/Berlin'`, `'UTC'`,
 * links such as `'US/Eastern'`). Names match case-insensitively, as ECMA-402 specifies.
 *
 * @example isValidTimeZone('Asia/Kathmandu') // true
 * @example isValidTimeZone('+05:45')         // false
 */
export function isValidTimeZone(tz: string): boolean {
  if (!ZONE_NAME.test(tz)) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}
