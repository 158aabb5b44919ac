import { readBody } from '@qr/domain';

// Types and sizes only: what makes a password acceptable or an email known is the use cases' to say.

export function readSignInBody(body: unknown): { email: string; password: string } {
  return readBody(body, ['email', 'password'], (c, b) => ({ email: c.opaque(b, 'email', '', 320)!, password: c.opaque(b, 'password', '', 1024)! }));
}

export function readTokenBody(body: unknown): { token: string } {
  return readBody(body, ['token'], (c, b) => ({ token: c.opaque(b, 'token', '', 100)! }));
}

export function readRedeemLinkBody(body: unknown): { token: string; password: string } {
  return readBody(body, ['token', 'password'], (c, b) => ({ token: c.opaque(b, 'token', '', 100)!, password: c.opaque(b, 'password', '', 1024)! }));
}

export function readSwitchWorkspaceBody(body: unknown): { workspace_id: string } {
  return readBody(body, ['workspace_id'], (c, b) => ({ workspace_id: c.opaque(b, 'workspace_id', '', 64)! }));
}

export function readChangePasswordBody(body: unknown): { current_password: string; new_password: string } {
  return readBody(body, ['current_password', 'new_password'], (c, b) => ({
    current_password: c.opaque(b, 'current_password', '', 1024)!,
    new_password: c.opaque(b, 'new_password', '', 1024)!,
  }));
}
