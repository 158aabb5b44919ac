import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, isWellFormedApiKey, redactApiKey } from './api-key-format';
import { BASE62_ALPHABET, encodeBase62 } from '../ids/base62';

const KEY_PATTERN = /^qrk_[0-9A-Za-z]{32}$/;

/** Another base62 character than `ch`, so a "flip" stays inside the key alphabet. */
function flip(ch: string): string {
  const i = BASE62_ALPHABET.indexOf(ch);
  return BASE62_ALPHABET[(i + 1) % 62];
}

function replaceAt(s: string, i: number, ch: string): string {
  return s.slice(0, i) + ch + s.slice(i + 1);
}

describe('generateApiKey', () => {
  it('produces qrk_ + 32 base62 characters', () => {
    for (let i = 0; i < 50; i++) {
      const key = generateApiKey();
      expect(key).toMatch(KEY_PATTERN);
      expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it('is random: many keys are distinct', () => {
    const keys = new Set(Array.from({ length: 500 }, () => generateApiKey()));
    expect(keys.size).toBe(500);
  });

  it('uses the injected random source and appends the base62 CRC-32 of the body', () => {
    const random = (size: number) => new Uint8Array(size).fill(1);
    const body = '1'.repeat(26);
    const key = generateApiKey(random);
    expect(key).toBe(`qrk_${body}${encodeBase62(crc32(Buffer.from(body, 'ascii')), 6)}`);
    expect(generateApiKey(random)).toBe(key);
    expect(isWellFormedApiKey(key)).toBe(true);
  });
});

describe('isWellFormedApiKey', () => {
  const key = generateApiKey();

  it('accepts a generated key', () => {
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('rejects the key when any single character of the body or checksum is changed', () => {
    expect(key).toHaveLength(36);
    for (let i = API_KEY_PREFIX.length; i < key.length; i++) {
      const tampered = replaceAt(key, i, flip(key[i]));
      expect(tampered).toMatch(KEY_PATTERN);
      expect({ position: i, ok: isWellFormedApiKey(tampered) }).toEqual({ position: i, ok: false });
    }
  });

  it('rejects the key when any character is changed to any other base62 character (several keys)', () => {
    const accepted: string[] = [];
    let tried = 0;
    for (let k = 0; k < 5; k++) {
      const candidate = generateApiKey();
      for (let i = 4; i < candidate.length; i++) {
        for (const ch of BASE62_ALPHABET) {
          if (ch === candidate[i]) continue;
          tried++;
          const tampered = replaceAt(candidate, i, ch);
          if (isWellFormedApiKey(tampered)) accepted.push(tampered);
        }
      }
    }
    expect(tried).toBe(5 * 32 * 61);
    expect(accepted).toEqual([]);
  });

  it('rejects swapping two adjacent different body characters', () => {
    const k = 'qrk_' + 'AB'.repeat(13);
    const wellFormed = k + encodeBase62(crc32(Buffer.from(k.slice(4), 'ascii')), 6);
    expect(isWellFormedApiKey(wellFormed)).toBe(true);
    const swapped = 'qrk_BA' + wellFormed.slice(6);
    expect(isWellFormedApiKey(swapped)).toBe(false);
  });

  it.each([
    ['wrong prefix', (k: string) => 'qrx_' + k.slice(4)],
    ['uppercase prefix', (k: string) => 'QRK_' + k.slice(4)],
    ['no prefix', (k: string) => k.slice(4)],
    ['one character short', (k: string) => k.slice(0, -1)],
    ['one character long', (k: string) => k + 'A'],
    ['body char not base62', (k: string) => replaceAt(k, 10, '-')],
    ['checksum char not base62', (k: string) => replaceAt(k, 35, '_')],
    ['leading whitespace', (k: string) => ' ' + k],
    ['trailing newline', (k: string) => k + '\n'],
    ['Bearer included', (k: string) => 'Bearer ' + k],
  ])('rejects a malformed key (%s)', (_label, mutate) => {
    expect(isWellFormedApiKey(mutate(key))).toBe(false);
  });

  it('rejects empty and unrelated strings', () => {
    expect(isWellFormedApiKey('')).toBe(false);
    expect(isWellFormedApiKey('qrk_')).toBe(false);
    expect(isWellFormedApiKey('qrk_' + '0'.repeat(32))).toBe(false);
  });
});

describe('hashApiKey', () => {
  it('is the SHA-256 hex digest of the key', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
  });

  it('matches a known vector', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is 64 lowercase hex characters, differs from the key and does not contain it', () => {
    const key = generateApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(key);
    expect(hash).not.toContain(key.slice(4));
  });

  it('differs for different keys', () => {
    expect(hashApiKey(generateApiKey())).not.toBe(hashApiKey(generateApiKey()));
  });
});

describe('redactApiKey', () => {
  it('shows the prefix, four body characters, an ellipsis and the last three characters', () => {
    expect(redactApiKey('qrk_AbC1' + 'd'.repeat(25) + 'x9Z')).toBe('qrk_AbC1…x9Z');
  });

  it('never reveals the full key nor more than 11 of its characters', () => {
    for (let i = 0; i < 20; i++) {
      const key = generateApiKey();
      const redacted = redactApiKey(key);
      expect(redacted).not.toContain(key);
      expect(redacted).not.toContain(key.slice(4));
      const shown = redacted.replace('…', '');
      expect(shown.length).toBeLessThanOrEqual(11);
      expect(key.startsWith(redacted.split('…')[0])).toBe(true);
      expect(key.endsWith(redacted.split('…')[1])).toBe(true);
    }
  });
});
