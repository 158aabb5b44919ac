import { randomBase62, type RandomBytes } from '@qr/domain';

/** 7 base62 characters: 3.5·10¹² codes, short enough for a small pattern (version 2 at ECC M). */
export const SHORT_CODE_LENGTH = 7;

/** Top-level paths the servers answer themselves; a short code must never shadow one. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set(['healthz', 'readyz', 'metrics', 'api', 'internal', 'favicon.ico', 'robots.txt']);

export function newShortCode(random?: RandomBytes): string {
  for (;;) {
    const code = randomBase62(SHORT_CODE_LENGTH, random);
    if (!RESERVED_PATHS.has(code)) return code;
  }
}

/** 32 base62 characters (~190 bits): the unguessable part of a public preview URL. */
export function newPreviewToken(random?: RandomBytes): string {
  return randomBase62(32, random);
}
