import { canManageApiKeys, canWrite, type Plan } from '@qr/domain';
import { type MeAnswer, type PlanView } from '@qr/api-contract';
import { type SessionPrincipal } from '../sessions/authenticate-session';
import { type Membership } from '../workspaces/workspaces.repository';

/** What the dashboard knows about the signed-in member: who, where, with which role and plan. */
export function meView(principal: SessionPrincipal, memberships: Membership[], csrfToken: string): MeAnswer {
  const current = memberships.find((m) => m.id === principal.workspaceId)!;
  return {
    signed_in: true,
    csrf_token: csrfToken,
    account: { email: principal.member.email },
    workspace: { id: current.id, name: current.name, plan: current.plan, role: principal.role },
    workspaces: memberships.map((m) => ({ id: m.id, name: m.name, plan: m.plan, role: m.role })),
    plan: planView(principal.plan),
    permissions: { write: canWrite(principal.role), manage_api_keys: canManageApiKeys(principal.role), manage_members: principal.role === 'owner' },
  };
}

export function planView(plan: Plan): PlanView {
  return {
    name: plan.name,
    api_access: plan.apiAccess,
    monthly_calls: plan.monthlyCalls,
    dynamic_codes: plan.dynamicCodes,
    webhook_events: [...plan.webhookEvents],
  };
}
