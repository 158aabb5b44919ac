// The browser entry (`@qr/domain/browser`): what the dashboard shares with the server. Nothing
// behind these exports imports node: or a package, so Vite can bundle them.
export { ROLES, type Role } from './access/roles';
export { PLAN_NAMES, type PlanName, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './plans/plans';
export type { Meter } from './quota/usage-summary';
export type { Actor, ChangeChannel } from './audit/actor';
export type { FieldError } from './errors/api-error';
