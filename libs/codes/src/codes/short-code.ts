import { randomBase62, type RandomBytes } from '@qr/domain';

/** 7 base62 characters: 3.5·10¹² codes, short enough for a small pattern (version 2 at ECC M). */
export const SHORT_CODE_LENGTH = 7;

export function newShortCode(random?: RandomBytes): string {
  return randomBase62(SHORT_CODE_LENGTH, random);
}

/** 32 base62 characters (~190 bits): the unguessable part of a public preview URL. */
export function newPreviewToken(random?: RandomBytes): string {
  return randomBase62(32, random);
}
