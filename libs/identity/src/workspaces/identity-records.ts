import { type PlanName, type Role } from '@qr/domain';

/** Storage shapes of the gateway's identity tables (not API DTOs). */
export interface WorkspaceRecord {
  id: string;
  name: string;
  plan: PlanName;
  created_at: number;
  updated_at: number;
}

export interface MemberRecord {
  id: string;
  workspace_id: string;
  email: string;
  role: Role;
  created_at: number;
  /** The member's latest sign-in to this workspace (a sign-in, a link, or switching to it); null until the first. */
  last_sign_in_at: number | null;
}

export interface ApiKeyRecord {
  id: string;
  workspace_id: string;
  name: string;
  role: Role;
  key_hash: string;
  key_hint: string;
  created_by_key_id: string | null;
  /** The dashboard member who created it (null for keys made by the CLI or another key). */
  created_by_member_id: string | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  /** Written at most once a minute (TOUCH_INTERVAL_MS), so it is "last used, to the minute". */
  last_used_at: number | null;
}

/** A person's credentials, by email: one password for every workspace the email is a member of. */
export interface AccountRecord {
  email: string;
  /** `scrypt$…`; null until the person sets a password from a sign-in link or the CLI. */
  password_hash: string | null;
  password_changed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A dashboard session: the cookie holds the token, this row only its SHA-256. */
export interface SessionRecord {
  id: string;
  token_hash: string;
  email: string;
  /** The workspace the session is looking at; switching changes it. */
  workspace_id: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  user_agent: string | null;
}

/** `reset`: asked for with "Forgot password" on the sign-in page. */
export type SignInLinkPurpose = 'invite' | 'first_run' | 'reset';

/** A one-time link that lets a member set a password and signs them in. */
export interface SignInLinkRecord {
  id: string;
  token_hash: string;
  email: string;
  workspace_id: string;
  purpose: SignInLinkPurpose;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
