import { sessionStatusAt, shouldTouch, TOUCH_INTERVAL_MS } from '../index';

const policy = { idleMs: 1_000, absoluteMs: 10_000 };
const at = (createdAt: number, lastSeenAt: number, revokedAt: number | null = null) => ({ createdAt, lastSeenAt, revokedAt });

describe('sessionStatusAt', () => {
  it('is live until the idle limit, and expired from the idle limit on', () => {
    expect(sessionStatusAt(at(0, 500), policy, 1_499)).toBe('live');
    expect(sessionStatusAt(at(0, 500), policy, 1_500)).toBe('idle_expired');
  });

  it('ends at the absolute limit however recently it was used', () => {
    expect(sessionStatusAt(at(0, 9_999), policy, 9_999)).toBe('live');
    expect(sessionStatusAt(at(0, 9_999), policy, 10_000)).toBe('expired');
  });

  it('is revoked once revoked, whenever that was', () => {
    expect(sessionStatusAt(at(0, 0, 5), policy, 1)).toBe('revoked');
    expect(sessionStatusAt(at(0, 0, 999_999), policy, 1)).toBe('revoked');
  });
});

describe('shouldTouch', () => {
  it('writes last_seen_at back at most once per interval', () => {
    expect(shouldTouch(1_000, 1_000 + TOUCH_INTERVAL_MS - 1)).toBe(false);
    expect(shouldTouch(1_000, 1_000 + TOUCH_INTERVAL_MS)).toBe(true);
  });
});
