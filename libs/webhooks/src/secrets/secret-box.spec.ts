import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox } from './secret-box';
import { boxWith } from '../testing/box-with';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);

/** A value as the box sealed it before key ids (v1). */
function sealV1(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

describe('SecretBox, a ring of keys', () => {
  it('seals with the newest key and names it; every key of the ring opens what it sealed', () => {
    const before = boxWith(oldKey);
    const during = boxWith(newKey, oldKey);
    const old = before.seal('whsec_old');
    const fresh = during.seal('whsec_new');
    expect(fresh.split(':')[1]).toBe(during.newestKeyId);
    expect(during.keyIds).toEqual([during.newestKeyId, before.newestKeyId]);
    expect(during.open(old)).toBe('whsec_old');
    expect(during.open(fresh)).toBe('whsec_new');
    expect(during.keyIdOf(old)).toBe(before.newestKeyId);
    expect(during.keyIdOf(fresh)).toBe(during.newestKeyId);
  });

  it('refuses a value whose key left the ring, saying which key it needs', () => {
    const old = boxWith(oldKey).seal('whsec_old');
    const after = boxWith(newKey);
    expect(() => after.open(old)).toThrow(`sealed with key ${boxWith(oldKey).newestKeyId}, which is not in SECRETS_KEYS`);
    expect(after.keyIdOf(old)).toBeNull();
  });

  it('opens v1 values (before key ids) by trying each key', () => {
    const v1 = sealV1(oldKey, 'whsec_legacy');
    const ring = boxWith(newKey, oldKey);
    expect(ring.open(v1)).toBe('whsec_legacy');
    expect(ring.keyIdOf(v1)).toBe(ring.keyIds[1]);
    expect(() => boxWith(newKey).open(v1)).toThrow('not in SECRETS_KEYS');
  });

  it('refuses a tampered value and anything that is not a sealed value', () => {
    const box = boxWith(newKey);
    const sealed = box.seal('whsec_x');
    const parts = sealed.split(':');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => box.open('whsec_plain')).toThrow('not a sealed secret');
  });

  it('reads SECRETS_KEYS (base64 or hex, newest first), refuses a short or repeated key, and makes all-in-one’s key file once', () => {
    const ring = SecretBox.fromConfig({ secretsKeys: [newKey.toString('hex'), oldKey.toString('base64')], dataDir: '/nonexistent', allowKeyFile: false });
    expect(ring.keyIds).toEqual(boxWith(newKey, oldKey).keyIds);
    expect(() => SecretBox.fromConfig({ secretsKeys: ['c2hvcnQ='], dataDir: '/x', allowKeyFile: false })).toThrow('32 bytes');
    expect(() => boxWith(newKey, newKey)).toThrow('same key twice');
    expect(() => SecretBox.fromConfig({ secretsKeys: undefined, dataDir: '/x', allowKeyFile: false })).toThrow('required outside all-in-one');
    const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
    try {
      const first = SecretBox.fromConfig({ secretsKeys: undefined, dataDir: dir, allowKeyFile: true });
      const again = SecretBox.fromConfig({ secretsKeys: undefined, dataDir: dir, allowKeyFile: true });
      expect(again.open(first.seal('whsec_file'))).toBe('whsec_file');
      expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(join(dir, 'secrets.key'), 'utf8'), 'base64')).toHaveLength(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
