/** Svix's rule: five days of nothing but failures means nobody is listening any more. */
export const ENDPOINT_FAILURE_WINDOW_MS = 5 * 86_400_000;

/**
 * True once an endpoint whose deliveries have all failed since `failingSince` has been failing for
 * at least 5 days; null (the last attempt succeeded) is never disabled. The window is longer than
 * the default retry schedule (~27.5 h), so one unlucky message never disables an endpoint by itself.
 *
 * @example
 * shouldDisableEndpoint(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-06T00:00:00Z')) // true
 */
export function shouldDisableEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= ENDPOINT_FAILURE_WINDOW_MS;
}
