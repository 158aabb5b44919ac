import { ForgotPasswordInput, InviteInput, readDeclared, RoleInput } from '@qr/api-contract';

export function readInviteBody(body: unknown): { email: string; role: string } {
  return readDeclared(InviteInput, body);
}

export function readRoleBody(body: unknown): { role: string } {
  return readDeclared(RoleInput, body);
}

export function readForgotPasswordBody(body: unknown): { email: string } {
  return readDeclared(ForgotPasswordInput, body);
}
