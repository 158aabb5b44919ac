import { planOf, type PlanName, type WebhookEventType } from '@qr/domain';

/**
 * The webhook event types a plan may subscribe to, from the plan table (docs/api.md, "Plans, quota
 * and rate limits"): none on free and starter, scan/lead/limit on pro, those and milestones on agency.
 *
 * @example
 * allowedEventTypes('pro') // ['qr.scanned', 'lead.created', 'qr.scan_limit_reached']
 */
export function allowedEventTypes(plan: PlanName): readonly WebhookEventType[] {
  return planOf(plan).webhookEvents;
}
