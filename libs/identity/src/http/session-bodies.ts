import { ChangePasswordInput, readDeclared, RedeemLinkInput, SignInInput, SwitchWorkspaceInput, TokenInput } from '@qr/api-contract';

// The declarations check types and sizes only: what makes a password acceptable or an email known is the use cases' to say.

export function readSignInBody(body: unknown): { email: string; password: string } {
  return readDeclared(SignInInput, body);
}

export function readTokenBody(body: unknown): { token: string } {
  return readDeclared(TokenInput, body);
}

export function readRedeemLinkBody(body: unknown): { token: string; password: string } {
  return readDeclared(RedeemLinkInput, body);
}

export function readSwitchWorkspaceBody(body: unknown): { workspace_id: string } {
  return readDeclared(SwitchWorkspaceInput, body);
}

export function readChangePasswordBody(body: unknown): { current_password: string; new_password: string } {
  return readDeclared(ChangePasswordInput, body);
}
