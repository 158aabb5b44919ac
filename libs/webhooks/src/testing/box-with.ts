import { SecretBox } from '../secrets/secret-box';

/** A SecretBox with these 32-byte keys, newest first, as SECRETS_KEYS would give it. */
export function boxWith(...keys: Buffer[]): SecretBox {
  return SecretBox.fromConfig({ secretsKeys: keys.map((k) => k.toString('base64')), dataDir: '', allowKeyFile: false });
}
