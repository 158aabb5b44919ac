import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Webhook signing secrets must be readable again (to sign), so they are encrypted, not hashed:
 * AES-256-GCM with a key that never sits in the database. `v1:<iv>:<tag>:<ciphertext>` (base64url).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** From `SECRETS_KEY` (32 bytes, base64 or hex), or in all-in-one a key file created once under DATA_DIR (mode 0600). */
  static fromConfig(o: { secretsKey: string | undefined; dataDir: string; allowKeyFile: boolean }): SecretBox {
    if (o.secretsKey) return new SecretBox(decodeKey(o.secretsKey));
    if (!o.allowKeyFile) throw new Error('SECRETS_KEY is required outside all-in-one (32 random bytes, base64)');
    mkdirSync(o.dataDir, { recursive: true });
    const file = join(o.dataDir, 'secrets.key');
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return new SecretBox(decodeKey(readFileSync(file, 'utf8').trim()));
  }

  static withKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
    return new SecretBox(key);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

function decodeKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must decode to 32 bytes (base64 or hex)');
  return key;
}
