import { unlockAttemptLimits, unlockRetryAfterSeconds } from './unlock-throttle';

describe('unlockRetryAfterSeconds', () => {
  const at = (h: number, m: number, s: number, ms = 0) => new Date(Date.UTC(2026, 0, 1, h, m, s, ms));

  it('counts the seconds left in the quarter hour the throttle windows share', () => {
    expect(unlockRetryAfterSeconds(at(10, 14, 30))).toBe(30);
    expect(unlockRetryAfterSeconds(at(10, 0, 0))).toBe(900);
    expect(unlockRetryAfterSeconds(at(10, 44, 59, 500))).toBe(1);
  });

  it('is never 0, which would invite an immediate retry', () => {
    expect(unlockRetryAfterSeconds(at(10, 59, 59, 999))).toBe(1);
  });

  it('matches the windows the limits use', () => {
    const [code] = unlockAttemptLimits('qr_1', '203.0.113.9');
    const now = at(10, 7, 0);
    expect(unlockRetryAfterSeconds(now) * 1000).toBe(code.windowMs - (now.getTime() % code.windowMs));
  });
});
