import { randomBase62 } from '@qr/domain';
import { isServableBackHalf } from '@qr/qr-content';

/** 7 base62 characters: 3.5·10¹² codes, short enough for a small pattern (version 2 at ECC M). */
export const SHORT_CODE_LENGTH = 7;

/**
 * A random short code the redirect route serves: never a path the servers answer themselves, in any
 * case (`Metrics` too), by the same rule chosen back-halves follow. Uniqueness on its domain is the
 * unique index's to judge: the insert draws again when it is taken, by a chosen code or a drawn one.
 */
export function newShortCode(): string {
  for (;;) {
    const code = randomBase62(SHORT_CODE_LENGTH);
    if (isServableBackHalf(code)) return code;
  }
}
