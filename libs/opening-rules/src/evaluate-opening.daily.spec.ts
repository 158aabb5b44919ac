import type { Weekday } from './weekdays';
import { stateAt } from './testing/rules-with';

// June 2026: Fri 5, Sat 6, Sun 7, Mon 8, Tue 9, Wed 10, Fri 12, Sun 14.
const active = { state: 'active', opensAt: null };
const outside = (opensAt: string | null) => ({ state: 'outside_hours', opensAt });
const days = (...list: Weekday[]) => list;

describe('evaluateOpening: daily windows', () => {
  describe('edges of 09:00–17:00 UTC, every day', () => {
    const hours = { dailyStart: '09:00', dailyEnd: '17:00' };
    it.each([
      ['one minute before dailyStart', '2026-06-05T08:59:00Z', outside('2026-06-05T09:00:00.000Z')],
      ['one millisecond before dailyStart', '2026-06-05T08:59:59.999Z', outside('2026-06-05T09:00:00.000Z')],
      ['exactly dailyStart', '2026-06-05T09:00:00Z', active],
      ['one minute before dailyEnd', '2026-06-05T16:59:00Z', active],
      ['one millisecond before dailyEnd', '2026-06-05T16:59:59.999Z', active],
      ['exactly dailyEnd', '2026-06-05T17:00:00Z', outside('2026-06-06T09:00:00.000Z')],
      ['just before midnight', '2026-06-05T23:59:59Z', outside('2026-06-06T09:00:00.000Z')],
    ])('%s', (_name, now, expected) => expect(stateAt(hours, now)).toEqual(expected));
  });

  describe('a window crossing midnight belongs to the day it starts: 22:00–02:00 Fridays, Berlin (UTC+2)', () => {
    const friday = { dailyStart: '22:00', dailyEnd: '02:00', dailyDays: days('fri'), timezone: 'Europe/Berlin' };
    const nextFriday = '2026-06-12T20:00:00.000Z';
    it.each([
      ['Fri 21:59 (one minute before)', '2026-06-05T19:59:00Z', outside('2026-06-05T20:00:00.000Z')],
      ['Fri 22:00 (dailyStart)', '2026-06-05T20:00:00Z', active],
      ['Fri 23:59', '2026-06-05T21:59:00Z', active],
      ['Sat 00:00', '2026-06-05T22:00:00Z', active],
      ['Sat 01:00 (Friday’s window)', '2026-06-05T23:00:00Z', active],
      ['Sat 01:59 (one minute before dailyEnd)', '2026-06-05T23:59:00Z', active],
      ['Sat 02:00 (dailyEnd)', '2026-06-06T00:00:00Z', outside(nextFriday)],
      ['Sat 23:00 (Saturday is not a window day)', '2026-06-06T21:00:00Z', outside(nextFriday)],
      ['Sun 01:00 (no Saturday window to belong to)', '2026-06-06T23:00:00Z', outside(nextFriday)],
      ['Fri 01:00 (Thursday’s window, not allowed)', '2026-06-04T23:00:00Z', outside('2026-06-05T20:00:00.000Z')],
    ])('%s', (_name, now, expected) => expect(stateAt(friday, now)).toEqual(expected));
  });

  describe('Sunday → Monday wrap: 22:00–02:00 UTC', () => {
    const sunday = { dailyStart: '22:00', dailyEnd: '02:00', dailyDays: days('sun') };
    const monday = { ...sunday, dailyDays: days('mon') };
    it.each([
      ['Sun 22:00 on Sundays', sunday, '2026-06-07T22:00:00Z', active],
      ['Mon 01:59 on Sundays', sunday, '2026-06-08T01:59:00Z', active],
      ['Mon 02:00 on Sundays', sunday, '2026-06-08T02:00:00Z', outside('2026-06-14T22:00:00.000Z')],
      ['Mon 23:00 on Sundays', sunday, '2026-06-08T23:00:00Z', outside('2026-06-14T22:00:00.000Z')],
      ['Mon 01:00 on Mondays (belongs to Sunday)', monday, '2026-06-08T01:00:00Z', outside('2026-06-08T22:00:00.000Z')],
      ['Tue 01:00 on Mondays', monday, '2026-06-09T01:00:00Z', active],
      ['Sun 23:00 on Mondays', monday, '2026-06-07T23:00:00Z', outside('2026-06-08T22:00:00.000Z')],
    ])('%s', (_name, rules, now, expected) => expect(stateAt(rules, now)).toEqual(expected));
  });

  describe('every day versus selected days', () => {
    const hours = { dailyStart: '09:00', dailyEnd: '17:00' };
    const weekdays = { ...hours, dailyDays: days('mon', 'wed', 'fri') };
    it.each([
      ['every day: Tuesday 10:00 is open', hours, '2026-06-09T10:00:00Z', active],
      ['Mon/Wed/Fri: Tuesday 10:00 waits for Wednesday', weekdays, '2026-06-09T10:00:00Z', outside('2026-06-10T09:00:00.000Z')],
      ['Mon/Wed/Fri: Wednesday 10:00 is open', weekdays, '2026-06-10T10:00:00Z', active],
      ['Mon/Wed/Fri: Friday 17:00 waits over the weekend', weekdays, '2026-06-05T17:00:00Z', outside('2026-06-08T09:00:00.000Z')],
      [
        'all seven days listed equals every day',
        { ...hours, dailyDays: days('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun') },
        '2026-06-06T10:00:00Z',
        active,
      ],
    ])('%s', (_name, rules, now, expected) => expect(stateAt(rules, now)).toEqual(expected));
  });

  describe('days without hours are whole days', () => {
    const weekend = { dailyDays: days('sat', 'sun'), timezone: 'Europe/Berlin' };
    it.each([
      ['Fri 23:59 local', '2026-06-05T21:59:00Z', outside('2026-06-05T22:00:00.000Z')],
      ['Sat 00:00 local', '2026-06-05T22:00:00Z', active],
      ['Sun 23:59 local', '2026-06-07T21:59:00Z', active],
      ['Mon 00:00 local', '2026-06-07T22:00:00Z', outside('2026-06-12T22:00:00.000Z')],
    ])('%s', (_name, now, expected) => expect(stateAt(weekend, now)).toEqual(expected));
  });

  describe('non-hour offsets', () => {
    it.each([
      // Asia/Kolkata is UTC+05:30: 09:00 IST = 03:30Z, 17:00 IST = 11:30Z.
      ['Kolkata, one minute before dailyStart', 'Asia/Kolkata', '2026-06-05T03:29:00Z', outside('2026-06-05T03:30:00.000Z')],
      ['Kolkata, exactly dailyStart', 'Asia/Kolkata', '2026-06-05T03:30:00Z', active],
      ['Kolkata, one minute before dailyEnd', 'Asia/Kolkata', '2026-06-05T11:29:00Z', active],
      ['Kolkata, exactly dailyEnd', 'Asia/Kolkata', '2026-06-05T11:30:00Z', outside('2026-06-06T03:30:00.000Z')],
      // Asia/Kathmandu is UTC+05:45: 09:00 NPT = 03:15Z, 17:00 NPT = 11:15Z.
      ['Kathmandu, one minute before dailyStart', 'Asia/Kathmandu', '2026-06-05T03:14:00Z', outside('2026-06-05T03:15:00.000Z')],
      ['Kathmandu, exactly dailyStart', 'Asia/Kathmandu', '2026-06-05T03:15:00Z', active],
      ['Kathmandu, one minute before dailyEnd', 'Asia/Kathmandu', '2026-06-05T11:14:00Z', active],
      ['Kathmandu, exactly dailyEnd', 'Asia/Kathmandu', '2026-06-05T11:15:00Z', outside('2026-06-06T03:15:00.000Z')],
    ])('%s', (_name, timezone, now, expected) => {
      expect(stateAt({ dailyStart: '09:00', dailyEnd: '17:00', timezone }, now)).toEqual(expected);
    });

    it('decides the local weekday in the zone, not in UTC', () => {
      // Fri 2026-06-05 20:00Z is already Saturday 01:45 in Kathmandu.
      const saturdays = { dailyStart: '00:00', dailyEnd: '03:00', dailyDays: days('sat'), timezone: 'Asia/Kathmandu' };
      expect(stateAt(saturdays, '2026-06-05T20:00:00Z')).toEqual(active);
      expect(stateAt({ ...saturdays, timezone: 'UTC' }, '2026-06-05T20:00:00Z')).toEqual(outside('2026-06-06T00:00:00.000Z'));
    });

    it('crosses midnight in Kolkata: Friday 22:00 IST → Saturday 02:00 IST', () => {
      const friday = { dailyStart: '22:00', dailyEnd: '02:00', dailyDays: days('fri'), timezone: 'Asia/Kolkata' };
      expect(stateAt(friday, '2026-06-05T16:29:00Z')).toEqual(outside('2026-06-05T16:30:00.000Z'));
      expect(stateAt(friday, '2026-06-05T16:30:00Z')).toEqual(active);
      expect(stateAt(friday, '2026-06-05T20:29:00Z')).toEqual(active);
      expect(stateAt(friday, '2026-06-05T20:30:00Z')).toEqual(outside('2026-06-12T16:30:00.000Z'));
    });
  });
});
