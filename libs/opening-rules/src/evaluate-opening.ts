import { type DailyWindow, dailyWindowOf, isInsideDailyWindow } from './daily-window/daily-window';
import { nextDailyOpening } from './daily-window/next-daily-opening';
import type { OpeningRules, OpeningState } from './opening-rules';
import { isValidTimeZone } from './time-zone/is-valid-time-zone';

/** The outcome of {@link evaluateOpening}. */
export interface OpeningEvaluation {
  state: OpeningState;
  /** Next opening instant for 'scheduled' and 'outside_hours'; null otherwise or when it never opens again. */
  opensAt: Date | null;
}

/**
 * The `state` field of the API: what a scan at `now` would meet. The first matching rule wins:
 * expired (now ≥ endAt), limit_reached (scanCount ≥ scanLimit), paused, scheduled (now < startAt),
 * outside_hours (outside the daily window or days), else active.
 *
 * @example
 * evaluateOpening({ ...rules, startAt: new Date('2026-07-01T00:00:00Z') }, 0, new Date('2026-06-01T00:00:00Z'))
 * // → { state: 'scheduled', opensAt: 2026-07-01T00:00:00Z }
 */
export function evaluateOpening(rules: OpeningRules, scanCount: number, now: Date): OpeningEvaluation {
  const nowMs = now.getTime();
  if (rules.endAt !== null && nowMs >= rules.endAt.getTime()) return { state: 'expired', opensAt: null };
  if (rules.scanLimit !== null && scanCount >= rules.scanLimit) return { state: 'limit_reached', opensAt: null };
  if (rules.status === 'paused') return { state: 'paused', opensAt: null };
  const window = dailyWindowOf(rules);
  if (rules.startAt !== null && nowMs < rules.startAt.getTime()) {
    return { state: 'scheduled', opensAt: nextOpening(rules, window, rules.startAt.getTime()) };
  }
  if (window !== null && !isInsideDailyWindow(window, nowMs, timeZoneOf(rules))) {
    return { state: 'outside_hours', opensAt: nextOpening(rules, window, nowMs) };
  }
  return { state: 'active', opensAt: null };
}

/** First instant ≥ fromMs inside the daily window, or null when that is at or after endAt. */
function nextOpening(rules: OpeningRules, window: DailyWindow | null, fromMs: number): Date | null {
  const opensAt = window === null ? fromMs : nextDailyOpening(window, fromMs, timeZoneOf(rules));
  if (opensAt === null || (rules.endAt !== null && opensAt >= rules.endAt.getTime())) return null;
  return new Date(opensAt);
}

// Validation keeps unknown zones out of storage; should one slip through, a scan must still get an
// answer rather than a RangeError, and UTC is the API's default zone.
function timeZoneOf(rules: OpeningRules): string {
  return isValidTimeZone(rules.timezone) ? rules.timezone : 'UTC';
}
