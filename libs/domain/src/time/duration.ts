const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(\d+)(ms|s|m|h|d)$/;

/**
 * Milliseconds from an operator's duration: `250ms`, `5s`, `5m`, `2h`, `7d` (surrounding whitespace
 * ignored). Null for anything else, zero included. One syntax for every setting that takes a duration.
 *
 * @example
 * parseDuration('8h') // 28800000
 * parseDuration('8 hours') // null
 */
export function parseDuration(raw: unknown): number | null {
  const match = DURATION.exec(typeof raw === 'string' ? raw.trim() : '');
  const ms = match ? Number(match[1]) * UNIT_MS[match[2]] : NaN;
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}
