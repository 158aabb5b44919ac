import { readBody } from '@qr/domain';

export function readInviteBody(body: unknown): { email: string; role: string } {
  return readBody(body, ['email', 'role'], (c, b) => ({ email: c.opaque(b, 'email', '', 320)!, role: c.opaque(b, 'role', '', 20)! }));
}

export function readRoleBody(body: unknown): { role: string } {
  return readBody(body, ['role'], (c, b) => ({ role: c.opaque(b, 'role', '', 20)! }));
}

export function readForgotPasswordBody(body: unknown): { email: string } {
  return readBody(body, ['email'], (c, b) => ({ email: c.opaque(b, 'email', '', 320)! }));
}
