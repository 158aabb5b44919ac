/**
 * Monthly quotas reset at 00:00 UTC on the 1st. A period is named `YYYY-MM`.
 */
export interface BillingPeriod {
  key: string;
  start: Date;
  end: Date;
}

export function billingPeriodAt(now: Date): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const key = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { key, start, end };
}

/** Whole seconds until the period ends, never zero (a Retry-After of 0 invites a hot loop). */
export function secondsUntilReset(now: Date): number {
  const { end } = billingPeriodAt(now);
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

export function periodLengthSeconds(now: Date): number {
  const { start, end } = billingPeriodAt(now);
  return (end.getTime() - start.getTime()) / 1000;
}
