import { type Destination } from '../../api/types';

/** One variant of an A/B group: its weight's share against the share of scans it got. */
export interface SplitRow {
  target_url: string;
  weight: number;
  /** weight / the group's total weight, 0–1. */
  expected: number;
  scans: number;
  /** scans / the group's scans, 0–1; null before the group has any. */
  actual: number | null;
}

export interface SplitGroup {
  /** 'Default' or the group's conditions, e.g. 'country DE, device mobile'. */
  label: string;
  rows: SplitRow[];
}

const CONDITIONS = ['device', 'os', 'country', 'language'] as const;

/**
 * The weighted groups of a code's destinations (the redirect's groups: same conditions; the default
 * with the later entries without any), each variant's weight share next to its share of scans.
 * Scans are counted by URL (`by_destination`), so a URL used in two groups counts in both.
 *
 * @example abSplit([{ target_url: 'a', weight: 3 }, { target_url: 'b', weight: 1 }], [{ destination: 'a', scans: 6 }, { destination: 'b', scans: 2 }])
 * // [{ label: 'Default', rows: [{ target_url: 'a', weight: 3, expected: 0.75, scans: 6, actual: 0.75 }, …] }]
 */
export function abSplit(destinations: readonly Destination[], byDestination: ReadonlyArray<{ destination: string; scans: number }>): SplitGroup[] {
  const scansOf = new Map(byDestination.map((r) => [r.destination, r.scans]));
  const groups = new Map<string, Destination[]>();
  destinations.forEach((d, index) => {
    const present = CONDITIONS.filter((c) => d[c] !== undefined).map((c) => `${c} ${d[c]}`);
    const label = index === 0 || present.length === 0 ? 'Default' : present.join(', ');
    groups.set(label, [...(groups.get(label) ?? []), d]);
  });
  return [...groups.entries()]
    .filter(([, entries]) => entries.some((d) => d.weight !== undefined))
    .map(([label, entries]) => {
      const totalWeight = entries.reduce((sum, d) => sum + (d.weight ?? 0), 0);
      const totalScans = entries.reduce((sum, d) => sum + (scansOf.get(d.target_url) ?? 0), 0);
      return {
        label,
        rows: entries.map((d) => {
          const scans = scansOf.get(d.target_url) ?? 0;
          return {
            target_url: d.target_url,
            weight: d.weight ?? 0,
            expected: totalWeight ? (d.weight ?? 0) / totalWeight : 0,
            scans,
            actual: totalScans ? scans / totalScans : null,
          };
        }),
      };
    });
}
