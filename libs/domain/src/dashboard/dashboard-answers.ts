import { type Role } from '../access/roles';
import { type PlanName, type WebhookEventType } from '../plans/plans';
import { type Meter } from '../quota/usage-summary';

/**
 * The dashboard's own JSON answers (`/app/api`), which are not in the public OpenAPI document. The
 * server builds them with these types and the dashboard reads them with the same ones (through
 * `@qr/domain/browser`), so a field renamed on one side fails the other's type check.
 */

/** A plan as the dashboard shows it. */
export interface PlanView {
  name: PlanName;
  api_access: boolean;
  monthly_calls: number | null;
  dynamic_codes: number | null;
  webhook_events: WebhookEventType[];
}

/** GET /app/api/session, signed in: who, where, with which role and plan. */
export interface MeAnswer {
  signed_in: true;
  csrf_token: string;
  account: { email: string };
  workspace: { id: string; name: string; plan: PlanName; role: Role };
  workspaces: Array<{ id: string; name: string; plan: PlanName; role: Role }>;
  plan: PlanView;
  /** `manage_members`: the Members page and the audit log (owners). */
  permissions: { write: boolean; manage_api_keys: boolean; manage_members: boolean };
}

/** GET /app/api/session, signed out: the CSRF token the sign-in form needs. */
export interface SignedOutAnswer {
  signed_in: false;
  csrf_token: string;
}

/** GET /app/api/usage: this month's API calls and the dynamic codes, against the plan. */
export interface UsageAnswer {
  plan: PlanView;
  period: string;
  resets_at: string;
  api_calls: Meter;
  dynamic_codes: Meter;
}
