import { ApiKeyInput, expiryOf, readDeclared } from '@qr/api-contract';
import { type Role } from '@qr/domain';

/** POST /api-keys, read through its declaration. */
export interface CreateApiKeyBody {
  name: string;
  role?: Role;
  expires_at?: Date;
}

export function readCreateApiKeyBody(body: unknown): CreateApiKeyBody {
  const input = readDeclared(ApiKeyInput, body);
  return { name: input.name, role: input.role ?? undefined, expires_at: expiryOf(input) };
}
