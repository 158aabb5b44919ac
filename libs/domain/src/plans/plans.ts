export const PLAN_NAMES = ['free', 'starter', 'pro', 'agency'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const WEBHOOK_EVENT_TYPES = ['qr.scanned', 'lead.created', 'qr.scan_limit_reached', 'qr.scan_milestone_reached'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface Plan {
  name: PlanName;
  apiAccess: boolean;
  /** API calls per calendar month (UTC); null where the plan has no API. */
  monthlyCalls: number | null;
  /**
   * Existing dynamic codes allowed; null means no cap. free and starter allow none: their members
   * create static codes, in the dashboard (these plans have no API).
   */
  dynamicCodes: number | null;
  webhookEvents: readonly WebhookEventType[];
  /** Per-key requests per second, chosen so that an ordinary client's bulk work is not throttled. */
  requestsPerSecond: number;
}

const PRO_EVENTS: readonly WebhookEventType[] = ['qr.scanned', 'lead.created', 'qr.scan_limit_reached'];

export const PLANS: Readonly<Record<PlanName, Plan>> = {
  free: { name: 'free', apiAccess: false, monthlyCalls: null, dynamicCodes: 0, webhookEvents: [], requestsPerSecond: 0 },
  starter: { name: 'starter', apiAccess: false, monthlyCalls: null, dynamicCodes: 0, webhookEvents: [], requestsPerSecond: 0 },
  pro: { name: 'pro', apiAccess: true, monthlyCalls: 3_000, dynamicCodes: 300, webhookEvents: PRO_EVENTS, requestsPerSecond: 20 },
  agency: {
    name: 'agency',
    apiAccess: true,
    monthlyCalls: 25_000,
    dynamicCodes: null,
    webhookEvents: [...PRO_EVENTS, 'qr.scan_milestone_reached'],
    requestsPerSecond: 100,
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

export function planOf(name: PlanName): Plan {
  return PLANS[name];
}
