import { DAY_MS, wallTimeToInstant } from '@qr/domain';
import { parseCalendarDay } from '../calendar/calendar-day';
import { dayAsIso } from '../testing/range-of';
import { dayIndexAt, localDaysBetween } from './local-days-between';

const days = (from: string, to: string, tz: string) => localDaysBetween(parseCalendarDay(from)!, parseCalendarDay(to)!, tz);

describe('localDaysBetween', () => {
  it('lists every date once, each day ending where the next begins', () => {
    const list = days('2026-02-27', '2026-03-02', 'UTC');
    expect(list.map((d) => d.date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    list.slice(1).forEach((day, i) => expect(day.startMs).toBe(list[i].endMs));
  });

  it.each([
    ['Europe/Berlin', '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    ['Europe/Berlin', '2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', 23],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', 25],
    ['Europe/Berlin', '2026-06-05', '2026-06-04T22:00:00.000Z', '2026-06-05T22:00:00.000Z', 24],
  ])('in %s, %s runs %s – %s (%i h)', (tz, date, start, end, hours) => {
    expect(days(date, date, tz).map(dayAsIso)).toEqual([{ date, start, end, hours }]);
  });

  it.each([
    ['Asia/Kolkata', '2026-06-04T18:30:00.000Z'],
    ['Asia/Kathmandu', '2026-06-04T18:15:00.000Z'],
  ])('starts days on a quarter-hour in %s, so every day is 96 whole buckets', (tz, start) => {
    const [day] = days('2026-06-05', '2026-06-05', tz);
    expect(dayAsIso(day)).toMatchObject({ start, hours: 24 });
    expect(day.startMs % 900_000).toBe(0);
  });
});

describe('localDaysBetween over a year', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'America/Santiago', 'America/Havana', 'Asia/Beirut', 'Australia/Lord_Howe', 'Asia/Kathmandu'])(
    'agrees with the first instant of each local day (wallTimeToInstant at midnight) for every day of 2026 in %s',
    (tz) => {
      const first = parseCalendarDay('2026-01-01')!;
      const list = localDaysBetween(first, first + 364, tz);
      list.forEach((day, i) =>
        expect([day.startMs, day.endMs]).toEqual([wallTimeToInstant((first + i) * DAY_MS, tz), wallTimeToInstant((first + i + 1) * DAY_MS, tz)]),
      );
    },
  );

  it('has 23- and 25-hour days only where Berlin changes clocks', () => {
    const first = parseCalendarDay('2026-01-01')!;
    const odd = localDaysBetween(first, first + 364, 'Europe/Berlin')
      .map(dayAsIso)
      .filter((d) => d.hours !== 24);
    expect(odd.map((d) => [d.date, d.hours])).toEqual([
      ['2026-03-29', 23],
      ['2026-10-25', 25],
    ]);
  });
});

describe('dayIndexAt', () => {
  const list = days('2026-03-28', '2026-03-30', 'Europe/Berlin');

  it.each([
    ['2026-03-27T22:59:59.999Z', -1],
    ['2026-03-27T23:00:00.000Z', 0],
    ['2026-03-28T22:59:59.999Z', 0],
    ['2026-03-28T23:00:00.000Z', 1],
    ['2026-03-29T21:59:59.999Z', 1], // 23:59:59.999 CEST on the 23-hour day
    ['2026-03-29T22:00:00.000Z', 2],
    ['2026-03-30T21:59:59.999Z', 2],
    ['2026-03-30T22:00:00.000Z', -1],
  ])('finds %s in day %i', (iso, index) => expect(dayIndexAt(list, Date.parse(iso))).toBe(index));

  it('finds nothing in no days', () => expect(dayIndexAt([], 0)).toBe(-1));
});
