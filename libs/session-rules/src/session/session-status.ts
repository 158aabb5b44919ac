import { type SessionPolicy, TOUCH_INTERVAL_MS } from './session-policy';

export interface SessionTimes {
  createdAt: number;
  lastSeenAt: number;
  revokedAt: number | null;
}

export type SessionStatus = 'live' | 'revoked' | 'idle_expired' | 'expired';

/**
 * Whether a stored session may still be used at `now`. Revocation wins; then the absolute limit;
 * then idleness. The end instants themselves count as expired.
 *
 * @example
 * sessionStatusAt({ createdAt: 0, lastSeenAt: 0, revokedAt: null }, { idleMs: 10, absoluteMs: 100 }, 10) // 'idle_expired'
 */
export function sessionStatusAt(s: SessionTimes, policy: SessionPolicy, now: number): SessionStatus {
  if (s.revokedAt !== null) return 'revoked';
  if (now >= s.createdAt + policy.absoluteMs) return 'expired';
  if (now >= s.lastSeenAt + policy.idleMs) return 'idle_expired';
  return 'live';
}

/** Whether a use at `now` should be written back as last_seen_at. */
export function shouldTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= TOUCH_INTERVAL_MS;
}
