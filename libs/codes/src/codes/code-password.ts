import { hashPassword } from '@qr/session-rules';

/**
 * The `password_hash` a code keeps after a create or a PATCH: a new password is hashed with the
 * members' slow hash (scrypt, `hashPassword`: one hasher for every password we keep), null removes
 * it, and a request that does not name `password` keeps the current one.
 */
export async function passwordHashOf(password: string | null | undefined, current: string | null): Promise<string | null> {
  if (password === undefined) return current;
  return password === null ? null : hashPassword(password);
}
