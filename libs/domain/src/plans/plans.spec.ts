import { PLAN_NAMES, PLANS, WEBHOOK_EVENT_TYPES, isPlanName, planOf } from './plans';

describe('PLANS (docs/api.md, plan table)', () => {
  it('lists exactly free, starter, pro, agency', () => {
    expect([...PLAN_NAMES]).toEqual(['free', 'starter', 'pro', 'agency']);
    expect(Object.keys(PLANS).sort()).toEqual(['agency', 'free', 'pro', 'starter']);
  });

  it('names each plan after its key', () => {
    for (const name of PLAN_NAMES) expect(PLANS[name].name).toBe(name);
  });

  it.each(['free', 'starter'] as const)('%s has no API, no calls, no dynamic allowance, no webhooks', (name) => {
    const plan = PLANS[name];
    expect(plan.apiAccess).toBe(false);
    expect(plan.monthlyCalls).toBeNull();
    expect(plan.dynamicCodes).toBe(0);
    expect(plan.webhookEvents).toEqual([]);
    expect(plan.requestsPerSecond).toBe(0);
  });

  it('pro: API, 3,000 calls, 300 dynamic codes, webhooks scan/lead/scan limit', () => {
    const pro = PLANS.pro;
    expect(pro.apiAccess).toBe(true);
    expect(pro.monthlyCalls).toBe(3000);
    expect(pro.dynamicCodes).toBe(300);
    expect([...pro.webhookEvents].sort()).toEqual(['lead.created', 'qr.scan_limit_reached', 'qr.scanned']);
    expect(pro.webhookEvents).not.toContain('qr.scan_milestone_reached');
    expect(pro.requestsPerSecond).toBeGreaterThan(0);
  });

  it('agency: API, 25,000 calls, no dynamic cap (null), pro webhooks plus milestones', () => {
    const agency = PLANS.agency;
    expect(agency.apiAccess).toBe(true);
    expect(agency.monthlyCalls).toBe(25000);
    expect(agency.dynamicCodes).toBeNull();
    expect([...agency.webhookEvents].sort()).toEqual(['lead.created', 'qr.scan_limit_reached', 'qr.scan_milestone_reached', 'qr.scanned']);
    for (const e of PLANS.pro.webhookEvents) expect(agency.webhookEvents).toContain(e);
    expect(agency.requestsPerSecond).toBeGreaterThanOrEqual(PLANS.pro.requestsPerSecond);
  });

  it('only offers webhook event types that exist', () => {
    for (const name of PLAN_NAMES) {
      for (const e of PLANS[name].webhookEvents) expect(WEBHOOK_EVENT_TYPES).toContain(e);
    }
  });

  it('has exactly the four event types webhook endpoints subscribe to', () => {
    expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual(['lead.created', 'qr.scan_limit_reached', 'qr.scan_milestone_reached', 'qr.scanned']);
  });

  it('has a call quota exactly where it has API access', () => {
    for (const name of PLAN_NAMES) {
      const plan = PLANS[name];
      expect(plan.monthlyCalls !== null).toBe(plan.apiAccess);
    }
  });
});

describe('planOf', () => {
  it('returns the table entry', () => {
    for (const name of PLAN_NAMES) expect(planOf(name)).toBe(PLANS[name]);
  });
});

describe('isPlanName', () => {
  it.each(['free', 'starter', 'pro', 'agency'])('accepts %s', (name) => {
    expect(isPlanName(name)).toBe(true);
  });

  it.each([['Pro'], ['enterprise'], [''], [' pro'], [null], [undefined], [3], [{}], [['pro']], ['toString'], ['constructor']])('rejects %j', (value) => {
    expect(isPlanName(value)).toBe(false);
  });
});
