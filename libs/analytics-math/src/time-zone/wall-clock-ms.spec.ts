import { DAY_MS, wallTimeToInstant } from '@qr/domain';
import { parseCalendarDay } from '../calendar/calendar-day';
import { localDayNumberAt } from './wall-clock-ms';

describe('a local day, from its first instant (@qr/domain wallTimeToInstant at midnight)', () => {
  it('is the instant the local date begins: the day before still holds a millisecond earlier', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'America/Santiago', 'America/Havana', 'Asia/Beirut', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const first = parseCalendarDay('2026-01-01')!;
    for (const tz of zones) {
      for (let day = first; day < first + 365; day++) {
        const startMs = wallTimeToInstant(day * DAY_MS, tz);
        expect([localDayNumberAt(startMs - 1, tz), localDayNumberAt(startMs, tz)]).toEqual([day - 1, day]);
      }
    }
  });
});

describe('localDayNumberAt', () => {
  it.each([
    ['2026-03-01T02:00:00Z', 'America/Los_Angeles', '2026-02-28'],
    ['2026-03-01T02:00:00Z', 'UTC', '2026-03-01'],
    ['2026-06-05T23:30:00Z', 'Asia/Tokyo', '2026-06-06'],
    ['2026-06-05T23:30:00Z', 'America/New_York', '2026-06-05'],
    ['0000-12-31T12:00:00Z', 'Asia/Tokyo', '0000-12-31'], // 1 BC, which Intl writes as year 1 with an era
  ])('at %s in %s is %s', (iso, tz, date) => expect(localDayNumberAt(Date.parse(iso), tz)).toBe(parseCalendarDay(date)));
});
