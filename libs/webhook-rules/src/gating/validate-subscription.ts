import { type FieldError, planOf, type PlanName, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@qr/domain';

export type SubscriptionCheck = { ok: true; events: WebhookEventType[] } | { ok: false; status: 403 | 422; errors: FieldError[] };

/**
 * Checks the `events` of a webhook endpoint against the schema and the workspace's plan (its
 * `webhookEvents`: none on free and starter, docs/api.md "Plans, quota and rate limits"). Order of
 * judgement: a plan without webhooks → 403 `plan_has_no_webhooks` (whatever the body); then shape
 * (not an array, empty, a non-string, an unknown type, a duplicate) → 422 with a pointer per item;
 * then a valid type the plan lacks → 403 `event_not_in_plan`, so upgrading is the only fix left.
 *
 * @example
 * validateSubscription('pro', ['qr.scanned', 'qr.scan_milestone_reached'])
 * // { ok: false, status: 403, errors: [{ pointer: '/events/1', code: 'event_not_in_plan', detail: '…' }] }
 */
export function validateSubscription(plan: PlanName, events: unknown, pointer = '/events'): SubscriptionCheck {
  const allowed = planOf(plan).webhookEvents;
  if (allowed.length === 0) {
    const detail = `The ${plan} plan does not include webhooks; upgrade to pro or agency.`;
    return { ok: false, status: 403, errors: [{ pointer, code: 'plan_has_no_webhooks', detail }] };
  }
  const shapeErrors = eventListProblems(events, pointer);
  if (shapeErrors.length > 0) return { ok: false, status: 422, errors: shapeErrors };
  const valid = events as WebhookEventType[];
  const planErrors = valid.flatMap((type, i) =>
    allowed.includes(type) ? [] : [{ pointer: `${pointer}/${i}`, code: 'event_not_in_plan', detail: `The ${plan} plan does not include ${type} webhooks.` }],
  );
  return planErrors.length > 0 ? { ok: false, status: 403, errors: planErrors } : { ok: true, events: [...valid] };
}

/** What is wrong with `events` as a list of event types, whatever the plan: not an array, empty, a non-string, an unknown type, a duplicate. */
export function eventListProblems(events: unknown, pointer: string): FieldError[] {
  if (!Array.isArray(events)) return [{ pointer, code: 'invalid_type', detail: 'Must be an array of event types.' }];
  if (events.length === 0) return [{ pointer, code: 'required', detail: 'Subscribe to at least one event type.' }];
  const seen = new Set<unknown>();
  return events.flatMap((value: unknown, i): FieldError[] => {
    const at = `${pointer}/${i}`;
    if (typeof value !== 'string') return [{ pointer: at, code: 'invalid_type', detail: 'Must be a string.' }];
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)) {
      return [{ pointer: at, code: 'unknown_event_type', detail: `Must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }];
    }
    if (seen.has(value)) return [{ pointer: at, code: 'duplicate', detail: `${value} is listed more than once.` }];
    seen.add(value);
    return [];
  });
}
