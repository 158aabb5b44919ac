/** Scan-count milestones of the `qr.scan_milestone_reached` webhook (docs/api.md, "Events"). */
export const DEFAULT_MILESTONES: readonly number[] = Object.freeze([10, 100, 1_000, 10_000, 100_000, 1_000_000]);

/**
 * Milestones crossed when a code's count goes from `before` to `after`, ascending. Each fires once:
 * a milestone m is in (before, after] for exactly one increment, so concurrent increments that
 * each report their own before/after never both fire it. A count that goes down fires nothing.
 *
 * @example milestonesReached(9, 10) // [10]
 * @example milestonesReached(0, 1_000) // [10, 100, 1000]
 */
export function milestonesReached(before: number, after: number, milestones: readonly number[] = DEFAULT_MILESTONES): number[] {
  return milestones.filter((milestone) => milestone > before && milestone <= after).sort((a, b) => a - b);
}
