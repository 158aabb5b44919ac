import { type Actor, PLAN_NAMES, type PlanName, type Role, ROLES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@qr/domain';
import { LINK_IMPORT_SOURCES } from '../bodies/dashboard-bodies';
import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, bool, constant, int, nullable, ref, str, timestamp } from './answer-types';

/*
 * The dashboard's own JSON answers (`/app/api`), declared as the public API's are. They are not in the
 * public OpenAPI document (`dashboard: true`); the dashboard's document (dashboardApiDocument) lists
 * them, and the dashboard's e2e suites check every answer they see against it. The dashboard reads
 * them with these classes as types.
 */

const role = { enum: [...ROLES] };
const plan = { enum: [...PLAN_NAMES] };

/** A plan as the dashboard shows it. */
@Declaration({ answer: true, dashboard: true })
export class PlanView {
  @Out(plan) name!: PlanName;
  @Out(bool) api_access!: boolean;
  @Out(nullable('integer')) monthly_calls!: number | null;
  @Out(nullable('integer')) dynamic_codes!: number | null;
  @Out(arrayOf({ enum: [...WEBHOOK_EVENT_TYPES] })) webhook_events!: WebhookEventType[];
}

@Declaration({ answer: true, dashboard: true })
export class WorkspaceMembership {
  @Out(str) id!: string;
  @Out(str) name!: string;
  @Out(plan) plan!: PlanName;
  @Out(role) role!: Role;
}

@Declaration({ answer: true, dashboard: true })
export class SessionPermissions {
  @Out(bool) write!: boolean;
  @Out(bool) manage_api_keys!: boolean;
  /** The Members page and the audit log (owners). */
  @Out(bool) manage_members!: boolean;
}

/** GET /app/api/session, signed in (and every answer that starts or switches a session). */
@Declaration({ answer: true, dashboard: true })
export class MeAnswer {
  @Out(constant(true)) signed_in!: true;
  @Out(str) csrf_token!: string;
  @Out({ type: 'object', required: ['email'], properties: { email: str } }) account!: { email: string };
  @Out(ref('WorkspaceMembership')) workspace!: WorkspaceMembership;
  @Out(arrayOf(ref('WorkspaceMembership'))) workspaces!: WorkspaceMembership[];
  @Out(ref('PlanView')) plan!: PlanView;
  @Out(ref('SessionPermissions')) permissions!: SessionPermissions;
}

/** GET /app/api/session, signed out: the CSRF token the sign-in form needs. */
@Declaration({ answer: true, dashboard: true })
export class SignedOutAnswer {
  @Out(constant(false)) signed_in!: false;
  @Out(str) csrf_token!: string;
}

/** What a sign-in link is for, before the person chooses a password (POST /app/api/sign-in-links/inspect). */
@Declaration({ answer: true, dashboard: true })
export class SignInLinkAnswer {
  @Out({ enum: ['invite', 'first_run', 'reset'] }) purpose!: 'invite' | 'first_run' | 'reset';
  @Out(str) email!: string;
  @Out(str) workspace_name!: string;
  @Out(bool) has_password!: boolean;
  @Out(timestamp) expires_at!: string;
}

@Declaration({ answer: true, dashboard: true })
export class PasswordResetAccepted {
  @Out(constant(true)) accepted!: true;
  @Out(str) detail!: string;
}

@Declaration({ answer: true, dashboard: true })
export class PasswordChanged {
  @Out(constant(true)) changed!: true;
  @Out(constant(true)) other_sessions_ended!: true;
}

/** One meter of the usage page. */
@Declaration({ answer: true, dashboard: true })
export class Meter {
  @Out(int) used!: number;
  @Out(nullable('integer', { description: 'null: no cap, or no such allowance' })) limit!: number | null;
  @Out(nullable('number', { description: '0..1 of the limit, capped at 1; null without a limit' })) fraction!: number | null;
}

/** GET /app/api/usage: this month's API calls and the dynamic codes, against the plan. */
@Declaration({ answer: true, dashboard: true })
export class UsageAnswer {
  @Out(ref('PlanView')) plan!: PlanView;
  @Out(str) period!: string;
  @Out(timestamp) resets_at!: string;
  @Out(ref('Meter')) api_calls!: Meter;
  @Out(ref('Meter')) dynamic_codes!: Meter;
}

/** One member on the Members page (owners only). */
@Declaration({ answer: true, dashboard: true })
export class MemberView {
  @Out(str) id!: string;
  @Out(str) email!: string;
  @Out(role) role!: Role;
  @Out(timestamp) added_at!: string;
  @Out(nullable('string', { format: 'date-time' })) last_sign_in_at!: string | null;
  /** `invited` until the person first signs in to this workspace. */
  @Out({ enum: ['active', 'invited'] }) status!: 'active' | 'invited';
  /** The newest unused invitation link, while the member is invited. */
  @Out({
    type: ['object', 'null'],
    required: ['expires_at', 'expired'],
    properties: { expires_at: timestamp, expired: bool },
  })
  invitation!: { expires_at: string; expired: boolean } | null;
  /** The signed-in owner's own row (the page does not offer to remove yourself by accident). */
  @Out(bool) you!: boolean;
}

/** GET /app/api/members. */
@Declaration({ answer: true, dashboard: true })
export class MembersAnswer {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf(ref('MemberView'))) data!: MemberView[];
  /** `smtp`: invitations go out by email; `link`: the page shows each new link once, to copy. */
  @Out({ enum: ['smtp', 'link'] }) invitations_by!: 'smtp' | 'link';
}

/**
 * POST /app/api/members (invite) and POST /app/api/members/{id}/invitation (resend). `link` is
 * shown once, and only when no email was sent and the person has no password yet (a link to an
 * existing account would let the inviting owner choose that person's password).
 */
@Declaration({ answer: true, dashboard: true })
export class InvitationAnswer {
  @Out(ref('MemberView')) member!: MemberView;
  @Out({
    type: 'object',
    required: ['status', 'detail'],
    properties: { status: { enum: ['sent', 'failed', 'not_configured'] }, detail: nullable('string') },
  })
  email!: { status: 'sent' | 'failed' | 'not_configured'; detail: string | null };
  @Out({ type: ['object', 'null'], required: ['url', 'expires_at'], properties: { url: str, expires_at: timestamp } })
  link!: { url: string; expires_at: string } | null;
  /** The person already has a password (a member of another workspace): they sign in with it. */
  @Out(bool) existing_account!: boolean;
}

/** PATCH /app/api/members/{id}: a lower role revokes the member's API keys that the role no longer allows. */
@Declaration({ answer: true, dashboard: true })
export class RoleChanged {
  @Out(ref('MemberView')) member!: MemberView;
  @Out(int) api_keys_revoked!: number;
}

@Declaration({ answer: true, dashboard: true })
export class MemberRemoved {
  @Out(str) id!: string;
  @Out(constant('member')) object!: 'member';
  @Out(constant(true)) deleted!: true;
  @Out(int) sessions_ended!: number;
  @Out(int) api_keys_revoked!: number;
}

@Declaration({ answer: true, dashboard: true })
export class InvitationRevoked {
  @Out(str) id!: string;
  @Out(constant('invitation')) object!: 'invitation';
  @Out(constant(true)) revoked!: true;
}

export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.role_changed',
  'member.removed',
  'domain.added',
  'domain.verified',
  'logo.uploaded',
  'logo.deleted',
  'design_preset.created',
  'design_preset.updated',
  'design_preset.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the workspace audit log (GET /app/api/audit-log). */
@Declaration({ answer: true, dashboard: true })
export class AuditEntryView {
  @Out(str) id!: string;
  @Out(timestamp) occurred_at!: string;
  @Out({ enum: [...AUDIT_ACTIONS] }) action!: AuditAction;
  @Out({ type: 'object', required: ['type', 'id', 'name'], properties: { type: str, id: str, name: nullable('string') } })
  target!: { type: string; id: string; name: string | null };
  @Out({
    type: 'object',
    required: ['kind', 'id', 'name', 'via', 'request_id'],
    properties: {
      kind: { enum: ['api_key', 'member', 'operator'] },
      id: nullable('string'),
      name: nullable('string'),
      via: { enum: ['api', 'dashboard', 'import', 'cli'] },
      request_id: nullable('string'),
    },
  })
  actor!: Actor;
  @Out({ type: ['object', 'null'], additionalProperties: true, description: 'What changed (from, to, role, fields), by action' }) details!: Record<
    string,
    unknown
  > | null;
}

@Declaration({ answer: true, dashboard: true })
export class AuditLogAnswer {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf(ref('AuditEntryView'))) data!: AuditEntryView[];
  @Out(bool) has_more!: boolean;
  @Out(nullable('string')) next_cursor!: string | null;
}

/** POST /app/api/previews: the create form's live preview. */
@Declaration({ answer: true, dashboard: true })
export class DraftPreviewAnswer {
  @Out({ type: 'string', description: 'The drawn code, image/svg+xml' }) svg!: string;
  @Out({
    type: ['object', 'null'],
    required: ['id', 'name'],
    properties: { id: str, name: str },
    description: 'The code this draft’s client_ref already names, if any',
  })
  existing!: { id: string; name: string } | null;
}

@Declaration({ answer: true, dashboard: true })
export class SheetPreset {
  @Out(str) id!: string;
  @Out(str) label!: string;
  @Out(str) page_size!: string;
  @Out(int) columns!: number;
  @Out(int) rows!: number;
}

/** GET /app/api/print-sheets/presets: the layouts the print page offers. */
@Declaration({ answer: true, dashboard: true })
export class SheetPresetsAnswer {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf(ref('SheetPreset'))) data!: SheetPreset[];
  @Out(arrayOf(str)) page_sizes!: string[];
}

const LINK_SOURCES = { enum: [...LINK_IMPORT_SOURCES] };

/** Why a record or a file cannot be imported, or what an import leaves behind (a warning). */
@Declaration({ answer: true, dashboard: true })
export class LinkImportNote {
  @Out(str) code!: string;
  @Out(str) detail!: string;
  @Out({ ...str, description: 'The normalized field it is about (path, destination, …), when there is one' }, { optional: true }) field?: string;
}

/** One record of an export and what the import does with it. */
@Declaration({ answer: true, dashboard: true })
export class LinkImportRecord {
  @Out(int) record!: number;
  @Out(nullable('integer')) line!: number | null;
  @Out({ enum: ['create', 'exists', 'refused'] }) outcome!: 'create' | 'exists' | 'refused';
  @Out(nullable('string')) domain!: string | null;
  @Out(nullable('string')) path!: string | null;
  @Out(nullable('string')) destination!: string | null;
  @Out(nullable('string')) title!: string | null;
  @Out(nullable('string')) folder!: string | null;
  @Out(nullable('string')) expires_at!: string | null;
  @Out(nullable('integer')) visit_limit!: number | null;
  @Out(arrayOf(ref('LinkImportNote'))) reasons!: LinkImportNote[];
  @Out(arrayOf(ref('LinkImportNote'))) warnings!: LinkImportNote[];
}

/** POST /app/api/link-imports(/preview): the dry run, and after an import what was written (the admin CLI prints the same). */
@Declaration({ answer: true, dashboard: true })
export class LinkImportReport {
  @Out(constant('link_import')) object!: 'link_import';
  @Out(LINK_SOURCES) format!: string;
  @Out({ anyOf: [LINK_SOURCES, { type: 'null' }] }) detected_format!: string | null;
  @Out(bool) dry_run!: boolean;
  @Out(bool) written!: boolean;
  @Out(int) created!: number;
  @Out(int) existing!: number;
  @Out({ type: 'object', required: ['create', 'exists', 'refused'], properties: { create: int, exists: int, refused: int } })
  counts!: { create: number; exists: number; refused: number };
  @Out({ type: 'object', required: ['needed', 'remaining'], properties: { needed: int, remaining: nullable('integer') } })
  allowance!: { needed: number; remaining: number | null };
  @Out(arrayOf(ref('LinkImportNote'))) file_problems!: LinkImportNote[];
  @Out(arrayOf(ref('LinkImportRecord'))) records!: LinkImportRecord[];
}
