import { appApi } from './client';
import { type Me, type SignedOut } from './types';

/** What a sign-in link is for, before it is used. */
export interface LinkDetails {
  email: string;
  workspace_name: string;
  purpose: 'invite' | 'first_run' | 'reset';
  has_password: boolean;
  expires_at: string;
}

/** The member's session and account: the dashboard's own endpoints. A wrong password's 401 is an answer here, not a sign-out. */
export const sessionApi = {
  current: () => appApi.get<Me | SignedOut>('/session', { expectUnauthorized: true }),
  signIn: (email: string, password: string) => appApi.post<Me>('/session', { email, password }, { expectUnauthorized: true }),
  signOut: () => appApi.del<SignedOut>('/session'),
  switchWorkspace: (workspaceId: string) => appApi.post<Me>('/session/workspace', { workspace_id: workspaceId }),
  changePassword: (current: string, next: string) => appApi.post('/account/password', { current_password: current, new_password: next }),
  inspectLink: (token: string) => appApi.post<LinkDetails>('/sign-in-links/inspect', { token }, { expectUnauthorized: true }),
  /** "Forgot password": the same 202 whether or not the email is a member. */
  forgotPassword: (email: string) => appApi.post<{ accepted: true; detail: string }>('/password-reset', { email }, { expectUnauthorized: true }),
  redeemLink: (token: string, password: string) => appApi.post<Me>('/sign-in-links/redeem', { token, password }, { expectUnauthorized: true }),
};
