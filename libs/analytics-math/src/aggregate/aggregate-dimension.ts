/** Scans of one dimension value (a device, country, OS, browser, destination or GS1 link type) as the projection stores them. */
export interface DimensionRow {
  value: string | null;
  human: number;
  bot: number;
}

type DimensionKind = 'device' | 'country' | 'os' | 'browser' | 'destination' | 'link_type';

/** Every device class, in the order the answer lists them, zeros included. */
const DEVICES = ['mobile', 'tablet', 'desktop', 'other'] as const;

/**
 * One breakdown of the analytics answer: scans summed per value, bots only when `includeBots`.
 * Countries, OSes, browsers, destinations and link types: a missing value (null or '') is `'unknown'`, values without
 * scans are dropped, and the rest sorted by scans descending, then value ascending (by code
 * unit, so the order does not depend on the server's locale). Devices: always mobile, tablet,
 * desktop, other in that order, zeros kept; a missing or unrecognised device counts as other.
 *
 * @example
 * aggregateDimension('country', [{ value: 'DE', human: 3, bot: 0 }, { value: null, human: 5, bot: 2 }], false)
 * // → [{ value: 'unknown', scans: 5 }, { value: 'DE', scans: 3 }]
 */
export function aggregateDimension(kind: DimensionKind, rows: readonly DimensionRow[], includeBots: boolean): Array<{ value: string; scans: number }> {
  const totals = new Map<string, number>(kind === 'device' ? DEVICES.map((device) => [device, 0]) : []);
  for (const row of rows) {
    const value = kind === 'device' ? deviceOf(row.value) : row.value || 'unknown';
    totals.set(value, (totals.get(value) ?? 0) + row.human + (includeBots ? row.bot : 0));
  }
  const entries = [...totals].map(([value, scans]) => ({ value, scans }));
  // The map was seeded in DEVICES order and every device value is one of them: already in order.
  if (kind === 'device') return entries;
  return entries.filter((entry) => entry.scans !== 0).sort((a, b) => b.scans - a.scans || compareCodeUnits(a.value, b.value));
}

function deviceOf(value: string | null): string {
  return DEVICES.find((device) => device === value) ?? 'other';
}

function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
