import { ApiError, PLANS, type Plan } from '@qr/domain';
import { type Principal } from '@qr/identity';
import { MonthlyQuota } from './monthly-quota';
import { type QuotaRepository, type Reservation } from './quota.repository';

const principal = (plan: Plan = PLANS.pro): Principal => ({ keyId: 'key_1', workspaceId: 'ws_1', role: 'editor', plan });

/** A fake QuotaRepository holding one counter per workspace/period, with the same grant rule as the SQL. */
function fakeQuota(initialUsed = 0) {
  const used = new Map<string, number>();
  const k = (ws: string, period: string) => `${ws}|${period}`;
  const reserveCalls = jest.fn(async (ws: string, period: string, n: number, limit: number): Promise<Reservation> => {
    const current = used.get(k(ws, period)) ?? initialUsed;
    if (current + n > limit) return { granted: false, used: current };
    used.set(k(ws, period), current + n);
    return { granted: true, used: current + n };
  });
  const refundCalls = jest.fn(async (ws: string, period: string, n: number): Promise<void> => {
    used.set(k(ws, period), Math.max(0, (used.get(k(ws, period)) ?? initialUsed) - n));
  });
  const repo = { reserveCalls, refundCalls } as unknown as QuotaRepository;
  return { repo, reserveCalls, refundCalls, used: (ws: string, period: string) => used.get(k(ws, period)) ?? initialUsed };
}

async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

const MARCH_SECONDS = 31 * 86_400;

describe('MonthlyQuota', () => {
  it('granted → RateLimit-Policy with q and w, RateLimit with r and t', async () => {
    const now = new Date('2026-03-31T23:00:00Z'); // one hour before April, UTC
    const { repo, reserveCalls } = fakeQuota(100);
    const grant = await new MonthlyQuota(repo, () => now).reserve(principal(), 1);

    expect(reserveCalls).toHaveBeenCalledWith('ws_1', '2026-03', 1, 3000);
    expect(grant.headers).toEqual({
      'RateLimit-Policy': `"monthly";q=3000;w=${MARCH_SECONDS}`,
      RateLimit: '"monthly";r=2899;t=3600',
    });
  });

  it('a bulk cost reserves that many calls and reports the remaining after it', async () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const { repo, reserveCalls } = fakeQuota(0);
    const grant = await new MonthlyQuota(repo, () => now).reserve(principal(PLANS.agency), 50);
    expect(reserveCalls).toHaveBeenCalledWith('ws_1', '2026-03', 50, 25_000);
    expect(grant.headers.RateLimit).toBe(`"monthly";r=24950;t=${MARCH_SECONDS}`);
    expect(grant.headers['RateLimit-Policy']).toBe(`"monthly";q=25000;w=${MARCH_SECONDS}`);
  });

  it('refused → 429 quota_exceeded with Retry-After to the 1st of next month (UTC) and the RateLimit headers', async () => {
    const now = new Date('2026-03-31T23:59:30.250Z');
    const { repo } = fakeQuota(3000);
    const err = await errorOf(new MonthlyQuota(repo, () => now).reserve(principal(), 1));

    const expectedRetry = Math.ceil((Date.parse('2026-04-01T00:00:00Z') - now.getTime()) / 1000);
    expect(expectedRetry).toBe(30);
    expect(err.status).toBe(429);
    expect(err.code).toBe('quota_exceeded');
    expect(err.headers).toEqual({
      'Retry-After': String(expectedRetry),
      'RateLimit-Policy': `"monthly";q=3000;w=${MARCH_SECONDS}`,
      RateLimit: `"monthly";r=0;t=${expectedRetry}`,
    });
  });

  it('Retry-After counts to the 1st in UTC across a year end', async () => {
    const now = new Date('2025-12-15T00:00:00Z');
    const { repo, reserveCalls } = fakeQuota(3000);
    const err = await errorOf(new MonthlyQuota(repo, () => now).reserve(principal(), 1));
    expect(reserveCalls).toHaveBeenCalledWith('ws_1', '2025-12', 1, 3000);
    expect(err.headers?.['Retry-After']).toBe(String(17 * 86_400));
  });

  it('refuses a bulk that does not fit even though single calls still would', async () => {
    const now = new Date('2026-03-10T00:00:00Z');
    const quota = fakeQuota(2990);
    const mq = new MonthlyQuota(quota.repo, () => now);
    const err = await errorOf(mq.reserve(principal(), 11));
    expect(err.code).toBe('quota_exceeded');
    expect(err.headers?.RateLimit).toMatch(/^"monthly";r=10;t=\d+$/);
    expect(quota.used('ws_1', '2026-03')).toBe(2990);
    await expect(mq.reserve(principal(), 10)).resolves.toBeDefined();
    expect(quota.used('ws_1', '2026-03')).toBe(3000);
  });

  it('refund gives back the same cost for the same period, even after the month has turned', async () => {
    let now = new Date('2026-03-31T23:59:59Z');
    const quota = fakeQuota(0);
    const grant = await new MonthlyQuota(quota.repo, () => now).reserve(principal(), 7);
    expect(quota.used('ws_1', '2026-03')).toBe(7);

    now = new Date('2026-04-01T00:00:01Z');
    await grant.refund();
    expect(quota.refundCalls).toHaveBeenCalledTimes(1);
    expect(quota.refundCalls).toHaveBeenCalledWith('ws_1', '2026-03', 7);
    expect(quota.used('ws_1', '2026-03')).toBe(0);
  });

  it('a refused reservation calls the repository once and never refunds', async () => {
    const quota = fakeQuota(3000);
    await errorOf(new MonthlyQuota(quota.repo, () => new Date('2026-03-10T00:00:00Z')).reserve(principal(), 1));
    expect(quota.reserveCalls).toHaveBeenCalledTimes(1);
    expect(quota.refundCalls).not.toHaveBeenCalled();
  });

  it('a plan with monthlyCalls null never touches the repository', async () => {
    const unlimited: Plan = { ...PLANS.agency, monthlyCalls: null };
    const quota = fakeQuota(0);
    const grant = await new MonthlyQuota(quota.repo, () => new Date('2026-03-10T00:00:00Z')).reserve(principal(unlimited), 5);
    expect(grant.headers).toEqual({});
    await grant.refund();
    expect(quota.reserveCalls).not.toHaveBeenCalled();
    expect(quota.refundCalls).not.toHaveBeenCalled();
  });
});
