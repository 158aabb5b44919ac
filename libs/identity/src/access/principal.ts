import { type Plan, type Role } from '@qr/domain';

/** The signed-in person behind a dashboard session. */
export interface SessionMember {
  memberId: string;
  email: string;
  sessionId: string;
}

/**
 * Who is calling: resolved on every authenticated request, from an API key or from a dashboard
 * session cookie. Use cases see the same workspace, role and plan either way.
 */
export interface Principal {
  /** The API key of an API call; null for a dashboard session. */
  keyId: string | null;
  /** The API key's name, for history and the audit log ("who did it"). */
  keyName?: string;
  workspaceId: string;
  role: Role;
  plan: Plan;
  /** Set for a dashboard session only. */
  member?: SessionMember;
}

/** A caller authenticated by an API key. */
export type ApiKeyPrincipal = Principal & { keyId: string };
