/**
 * The form shows start and end as wall-clock time in the code's own time zone; the API takes
 * instants with an explicit offset. These two functions convert between them with Intl alone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, instant: number): Record<string, number> {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Offset of `zone` from UTC at `instant`, in milliseconds (east positive). */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * `2026-12-01T09:00` in `Europe/Berlin` → `2026-12-01T09:00:00+01:00`. As Temporal's "compatible"
 * rule: a wall time that occurs twice (clocks going back) is the earlier instant; one that a DST jump
 * skips is read with the offset before the jump, so it lands after it (02:30 → 03:30).
 */
export function wallTimeToRfc3339(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  const before = offsetAt(zone, asUtc - 86_400_000);
  const after = offsetAt(zone, asUtc + 86_400_000);
  const candidates = [asUtc - before, asUtc - after].filter((t) => instantToWallTime(new Date(t).toISOString(), zone) === local);
  const instant = candidates.length ? Math.min(...candidates) : asUtc - before;
  const offsetMin = Math.round(offsetAt(zone, instant) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const wall = new Date(instant + offsetMin * 60_000).toISOString().slice(0, 19);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** `2026-12-01T08:00:00Z` shown in `Europe/Berlin` → `2026-12-01T09:00` (for a datetime-local input). */
export function instantToWallTime(iso: string | null, zone: string): string {
  if (!iso) return '';
  const p = partsIn(zone, new Date(iso).getTime());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The calendar date `days` before the one `now` falls on in `zone` (YYYY-MM-DD), as analytics ranges count days. */
export function zonedDateDaysAgo(days: number, zone: string, now: number = Date.now()): string {
  const p = partsIn(zone, now);
  return new Date(Date.UTC(p.year, p.month - 1, p.day - days)).toISOString().slice(0, 10);
}

let zoneOptions: Array<{ value: string; label: string }> | undefined;

/** Every IANA zone the browser knows, UTC first, as the options of a select (listed once). */
export function timeZoneOptions(): Array<{ value: string; label: string }> {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  zoneOptions ??= ['UTC', ...all.filter((z) => z !== 'UTC')].map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
  return zoneOptions;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
