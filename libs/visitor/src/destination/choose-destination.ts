import type { Destination } from '@qr/qr-content';
import type { Visitor } from '../visitor';
import { stickyFraction } from './sticky-fraction';

/** What keeps a visitor on one variant: the daily unique-visitor hash, its UTC day and the code. */
export interface Stickiness {
  visitorHash: string;
  /** `YYYY-MM-DD`, `utcDayOf(now)`. */
  day: string;
  /** The short code: two codes split their visitors independently. */
  code: string;
}

const CONDITIONS = ['device', 'os', 'country', 'language'] as const;

/**
 * Where a scan goes. The rules come first: the first later entry whose given conditions all match
 * decides the group, which is every entry with exactly those conditions; when none matches, the
 * group is the default (first) entry and the later entries without conditions. Within the group,
 * entries with a weight share the scans by weight, chosen by `stickiness` so one visitor sees one
 * variant all day; a group without weights (or without `stickiness`) takes its first entry, which
 * is the rule before weights existed. A missing weight counts as 0 in a weighted group.
 *
 * A visitor whose country or language is unknown matches no condition on it.
 *
 * @throws RangeError when `destinations` is empty (validation requires at least one).
 * @example
 * chooseDestination(
 *   [{ target_url: 'https://a.example', weight: 50 }, { target_url: 'https://b.example', weight: 50 }],
 *   visitor,
 *   { visitorHash: '3f1c…', day: '2026-06-05', code: 'Ab3dE7x' },
 * ) // one of the two, the same one for this visitor all day
 */
export function chooseDestination<D extends Destination>(destinations: readonly D[], visitor: Visitor, stickiness?: Stickiness): D {
  if (destinations.length === 0) throw new RangeError('A dynamic code needs at least one destination');
  // One entry is the whole group whatever the visitor (most codes: answered without building the group).
  if (destinations.length === 1) return destinations[0];
  const group = matchingGroup(destinations, visitor);
  if (!stickiness || !group.some((d) => d.weight !== undefined)) return group[0];
  return byWeight(group, stickyFraction(stickiness.visitorHash, stickiness.day, stickiness.code));
}

function matchingGroup<D extends Destination>(destinations: readonly D[], visitor: Visitor): D[] {
  const rule = destinations.slice(1).find((d) => hasConditions(d) && matches(d, visitor));
  if (rule) return destinations.filter((d, index) => index > 0 && sameConditions(d, rule));
  return destinations.filter((d, index) => index === 0 || !hasConditions(d));
}

/**
 * The entry whose share of the total weight covers `fraction` (0 ≤ fraction < 1), entries in
 * list order; the first entry when no weight is positive.
 */
function byWeight<D extends Destination>(group: readonly D[], fraction: number): D {
  const weightOf = (d: D) => (d.weight !== undefined && Number.isFinite(d.weight) && d.weight > 0 ? d.weight : 0);
  const total = group.reduce((sum, d) => sum + weightOf(d), 0);
  if (total === 0) return group[0];
  let point = fraction * total;
  for (const d of group) {
    point -= weightOf(d);
    if (point < 0) return d;
  }
  // Rounding can leave the point on the very end: the last entry with a weight takes it.
  return [...group].reverse().find((d) => weightOf(d) > 0)!;
}

function hasConditions(destination: Destination): boolean {
  return CONDITIONS.some((key) => destination[key] !== undefined);
}

function sameConditions(a: Destination, b: Destination): boolean {
  return CONDITIONS.every((key) => a[key]?.toLowerCase() === b[key]?.toLowerCase());
}

function matches(destination: Destination, visitor: Visitor): boolean {
  const { device, os, country, language } = destination;
  // Stored codes are validated as uppercase / lowercase; comparing case-insensitively costs nothing.
  return (
    (device === undefined || device === visitor.device) &&
    (os === undefined || os === visitor.osKey) &&
    (country === undefined || country.toUpperCase() === visitor.country) &&
    (language === undefined || language.toLowerCase() === visitor.language)
  );
}
