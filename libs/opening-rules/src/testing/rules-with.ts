import { evaluateOpening } from '../evaluate-opening';
import type { OpeningRules } from '../opening-rules';

/** Test fixture: rules that restrict nothing (active, UTC), with `overrides` applied. */
export function rulesWith(overrides: Partial<OpeningRules> = {}): OpeningRules {
  return { status: 'active', startAt: null, endAt: null, dailyStart: null, dailyEnd: null, dailyDays: null, timezone: 'UTC', scanLimit: null, ...overrides };
}

/** Test fixture: evaluateOpening at an ISO instant, with opensAt as an ISO string for readable expectations. */
export function stateAt(overrides: Partial<OpeningRules>, nowIso: string, scanCount = 0): { state: string; opensAt: string | null } {
  const { state, opensAt } = evaluateOpening(rulesWith(overrides), scanCount, new Date(nowIso));
  return { state, opensAt: opensAt === null ? null : opensAt.toISOString() };
}
