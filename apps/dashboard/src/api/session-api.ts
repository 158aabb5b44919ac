import { appApi } from './client';
import { type Me, type PasswordResetAccepted, type SignedOut, type SignInLinkAnswer } from './types';

/** The member's session and account: the dashboard's own endpoints. A wrong password's 401 is an answer here, not a sign-out. */
export const sessionApi = {
  current: () => appApi.get<Me | SignedOut>('/session', { expectUnauthorized: true }),
  signIn: (email: string, password: string) => appApi.post<Me>('/session', { email, password }, { expectUnauthorized: true }),
  signOut: () => appApi.del<SignedOut>('/session'),
  switchWorkspace: (workspaceId: string) => appApi.post<Me>('/session/workspace', { workspace_id: workspaceId }),
  changePassword: (current: string, next: string) => appApi.post('/account/password', { current_password: current, new_password: next }),
  inspectLink: (token: string) => appApi.post<SignInLinkAnswer>('/sign-in-links/inspect', { token }, { expectUnauthorized: true }),
  /** "Forgot password": the same 202 whether or not the email is a member. */
  forgotPassword: (email: string) => appApi.post<PasswordResetAccepted>('/password-reset', { email }, { expectUnauthorized: true }),
  redeemLink: (token: string, password: string) => appApi.post<Me>('/sign-in-links/redeem', { token, password }, { expectUnauthorized: true }),
};
