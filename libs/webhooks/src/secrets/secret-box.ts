import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface RingKey {
  /** The first 8 hex digits of the key's SHA-256: names the key in sealed values and reports, reveals nothing of it. */
  id: string;
  key: Buffer;
}

/**
 * Webhook signing secrets must be readable again (to sign), so they are encrypted, not hashed:
 * AES-256-GCM with keys that never sit in the database. The keys are a ring, newest first
 * (`SECRETS_KEYS`): new secrets are sealed with the newest, and every key in the ring opens what it
 * sealed, so a key can be added, everything re-sealed (`npm run admin -- secrets reseal`), and the old
 * key removed, with no secret ever lost (docs/operations.md, "Rotating the secrets key").
 *
 * Sealed values are `v2:<key id>:<iv>:<tag>:<ciphertext>` (base64url). Values from before key ids,
 * `v1:<iv>:<tag>:<ciphertext>`, are still opened: each key of the ring is tried (GCM's tag tells).
 */
export class SecretBox {
  private readonly byId: Map<string, Buffer>;

  private constructor(private readonly ring: readonly RingKey[]) {
    if (!ring.length) throw new Error('the secrets key ring is empty');
    this.byId = new Map(ring.map((k) => [k.id, k.key]));
    if (this.byId.size !== ring.length) throw new Error('SECRETS_KEYS lists the same key twice');
  }

  /**
   * From `SECRETS_KEYS` (or `SECRETS_KEY`, a ring of one): 32-byte keys, base64 or hex, newest first.
   * Without either, all-in-one uses a key file created once under DATA_DIR (mode 0600).
   */
  static fromConfig(o: { secretsKeys: readonly string[] | undefined; dataDir: string; allowKeyFile: boolean }): SecretBox {
    if (o.secretsKeys?.length) return new SecretBox(o.secretsKeys.map((k) => ringKey(decodeKey(k))));
    if (!o.allowKeyFile) throw new Error('SECRETS_KEYS (or SECRETS_KEY) is required outside all-in-one (32 random bytes, base64)');
    return new SecretBox([ringKey(decodeKey(keyFile(o.dataDir)))]);
  }

  /** The ring's key ids, newest first. */
  get keyIds(): string[] {
    return this.ring.map((k) => k.id);
  }

  get newestKeyId(): string {
    return this.ring[0].id;
  }

  seal(plaintext: string): string {
    const { id, key } = this.ring[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string): string {
    return this.unseal(sealed).plaintext;
  }

  /** Which key of the ring opens `sealed`, or null when none does (a key removed too early). */
  keyIdOf(sealed: string): string | null {
    try {
      return this.unseal(sealed).keyId;
    } catch {
      return null;
    }
  }

  private unseal(sealed: string): { plaintext: string; keyId: string } {
    const parts = sealed.split(':');
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, keyId, iv, tag, body] = parts;
      const key = this.byId.get(keyId);
      if (!key) throw new Error(`sealed with key ${keyId}, which is not in SECRETS_KEYS`);
      return { plaintext: decrypt(key, iv, tag, body), keyId };
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv, tag, body] = parts;
      for (const { id, key } of this.ring) {
        try {
          return { plaintext: decrypt(key, iv, tag, body), keyId: id };
        } catch {
          // Not this key: GCM refused the tag. Try the next.
        }
      }
      throw new Error('sealed with a key that is not in SECRETS_KEYS');
    }
    throw new Error('not a sealed secret');
  }
}

function decrypt(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

function ringKey(key: Buffer): RingKey {
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** All-in-one's key file in DATA_DIR, made at first start when no SECRETS_KEYS is set. */
export const SECRETS_KEY_FILE = 'secrets.key';

/** The key id a sealed value names (`v2:<key id>:…`), or 'v1' for the older format, which names none. */
export function sealedKeyLabel(sealed: string): string {
  const parts = sealed.split(':');
  return parts[0] === 'v2' && parts.length === 5 ? parts[1] : 'v1';
}

function keyFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

function decodeKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('each key of SECRETS_KEYS must decode to 32 bytes (base64 or hex)');
  return key;
}
