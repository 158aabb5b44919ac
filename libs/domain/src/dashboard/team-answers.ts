import { type Role } from '../access/roles';
import { type Actor } from '../audit/actor';

/** One member on the Members page (owners only). Times are RFC 3339 UTC. */
export interface MemberView {
  id: string;
  email: string;
  role: Role;
  added_at: string;
  last_sign_in_at: string | null;
  /** `invited` until the person first signs in to this workspace. */
  status: 'active' | 'invited';
  /** The newest unused invitation link, while the member is invited. */
  invitation: { expires_at: string; expired: boolean } | null;
  /** The signed-in owner's own row (the page does not offer to remove yourself by accident). */
  you: boolean;
}

/** GET /app/api/members. */
export interface MembersAnswer {
  object: 'list';
  data: MemberView[];
  /** `smtp`: invitations go out by email; `link`: the page shows each new link once, to copy. */
  invitations_by: 'smtp' | 'link';
}

/**
 * POST /app/api/members (invite) and POST /app/api/members/{id}/invitation (resend). `link` is
 * shown once, and only when no email was sent and the person has no password yet (a link to an
 * existing account would let the inviting owner choose that person's password).
 */
export interface InvitationAnswer {
  member: MemberView;
  email: { status: 'sent' | 'failed' | 'not_configured'; detail: string | null };
  link: { url: string; expires_at: string } | null;
  /** The person already has a password (a member of another workspace): they sign in with it. */
  existing_account: boolean;
}

/** One line of the workspace audit log (GET /app/api/audit-log). */
export interface AuditEntryView {
  id: string;
  occurred_at: string;
  action: AuditAction;
  target: { type: string; id: string; name: string | null };
  actor: Actor;
  details: Record<string, unknown> | null;
}

export type AuditAction =
  | 'api_key.created'
  | 'api_key.revoked'
  | 'webhook_endpoint.created'
  | 'webhook_endpoint.updated'
  | 'webhook_endpoint.deleted'
  | 'webhook_endpoint.secret_rotated'
  | 'member.invited'
  | 'member.invitation_resent'
  | 'member.invitation_revoked'
  | 'member.role_changed'
  | 'member.removed'
  | 'domain.added'
  | 'domain.verified'
  | 'logo.uploaded'
  | 'logo.deleted'
  | 'design_preset.created'
  | 'design_preset.updated'
  | 'design_preset.deleted';

export interface AuditLogAnswer {
  object: 'list';
  data: AuditEntryView[];
  has_more: boolean;
  next_cursor: string | null;
}
