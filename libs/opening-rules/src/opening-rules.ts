import type { Weekday } from './weekdays';

/**
 * The opening rules of one dynamic code, as the rule functions read them: instants as
 * `Date`, wall-clock times as `'HH:MM'` strings read in `timezone`.
 *
 * @example
 * const rules: OpeningRules = {
 *   status: 'active', startAt: null, endAt: null,
 *   dailyStart: '22:00', dailyEnd: '02:00', dailyDays: ['fri'],
 *   timezone: 'Europe/Berlin', scanLimit: null,
 * };
 */
export interface OpeningRules {
  status: 'active' | 'paused';
  /** Inclusive: a scan at exactly `startAt` is admitted. */
  startAt: Date | null;
  /** Exclusive: a scan at exactly `endAt` is expired. */
  endAt: Date | null;
  /** `'HH:MM'` wall-clock time in `timezone`, inclusive; set together with `dailyEnd` or not at all. */
  dailyStart: string | null;
  /** `'HH:MM'` wall-clock time in `timezone`, exclusive; earlier than `dailyStart` means the window crosses midnight. */
  dailyEnd: string | null;
  /** Days a window may start on; `null` means every day. */
  dailyDays: readonly Weekday[] | null;
  /** IANA time zone name, e.g. `'Europe/Berlin'`. */
  timezone: string;
  scanLimit: number | null;
}

/** The `state` field of the API: what a scan at a given instant would meet. */
export type OpeningState = 'active' | 'paused' | 'scheduled' | 'expired' | 'outside_hours' | 'limit_reached';
