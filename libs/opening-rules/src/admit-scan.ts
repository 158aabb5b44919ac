import { evaluateOpening } from './evaluate-opening';
import type { OpeningRules, OpeningState } from './opening-rules';

/** Admission of one scan: open, or closed with the HTTP status and the reason shown to the scanner. */
export type Admission =
  | { open: true }
  | {
      open: false;
      reason: 'deleted' | 'expired' | 'limit_reached' | 'paused' | 'scheduled' | 'outside_hours';
      status: 410 | 403;
      /** When it opens next (scheduled, outside_hours); null when unknown or never. */
      opensAt: Date | null;
    };

// 410: the code will never open again by waiting. 403: it may, or its owner may reopen it.
const STATUS_BY_STATE: Record<Exclude<OpeningState, 'active'>, 410 | 403> = {
  expired: 410,
  limit_reached: 410,
  paused: 403,
  scheduled: 403,
  outside_hours: 403,
};

/**
 * Whether a scan at `ctx.now` is let through (the redirect hot path). Deleted codes answer 410
 * before any rule; the rest follows {@link evaluateOpening}.
 *
 * @example
 * admitScan(rules, { scanCount: 10, deleted: false, now: clock() })
 * // with scanLimit 10 → { open: false, reason: 'limit_reached', status: 410, opensAt: null }
 */
export function admitScan(rules: OpeningRules, ctx: { scanCount: number; deleted: boolean; now: Date }): Admission {
  if (ctx.deleted) return { open: false, reason: 'deleted', status: 410, opensAt: null };
  const { state, opensAt } = evaluateOpening(rules, ctx.scanCount, ctx.now);
  if (state === 'active') return { open: true };
  return { open: false, reason: state, status: STATUS_BY_STATE[state], opensAt };
}
