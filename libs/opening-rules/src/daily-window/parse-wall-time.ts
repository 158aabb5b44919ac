/** `HH:MM`, 00:00 to 23:59: the only wall-time shape the API accepts (no `24:00`, no seconds). */
export const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of an `'HH:MM'` string, or null when it is absent or malformed. */
export function parseWallTime(value: string | null): number | null {
  if (value === null || !WALL_TIME_PATTERN.test(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}
