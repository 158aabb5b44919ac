import { parseRfc3339, readBody, ROLES, type Role } from '@qr/domain';

/** POST /api-keys. */
export interface CreateApiKeyBody {
  name: string;
  role?: Role;
  expires_at?: Date;
}

/** `role` and `expires_at` may be sent as null, meaning "not given" (the role of the caller, no expiry). */
export function readCreateApiKeyBody(body: unknown): CreateApiKeyBody {
  return readBody(body, ['name', 'role', 'expires_at'], (c, sent) => {
    const b = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null));
    const name = c.text(b, 'name', '', { required: true, max: 200 });
    const role = c.choice(b, 'role', '', ROLES, false);
    const expires = c.text(b, 'expires_at', '', { max: 64, singleLine: true });
    const expiresAt = expires === undefined ? undefined : (parseRfc3339(expires) ?? undefined);
    if (expires !== undefined && !expiresAt) c.add('/expires_at', 'invalid', 'Must be an RFC 3339 timestamp with an offset, e.g. 2026-01-01T10:00:00Z.');
    return { name: name!, role, expires_at: expiresAt };
  });
}
