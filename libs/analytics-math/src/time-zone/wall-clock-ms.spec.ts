import { parseCalendarDay } from '../calendar/calendar-day';
import { startOfLocalDay } from './start-of-local-day';
import { localDayNumberAt } from './wall-clock-ms';

const start = (date: string, tz: string) => new Date(startOfLocalDay(parseCalendarDay(date)!, tz)).toISOString();

describe('startOfLocalDay', () => {
  it.each([
    ['2026-06-05', 'UTC', '2026-06-05T00:00:00.000Z'],
    ['2026-06-05', 'Asia/Tokyo', '2026-06-04T15:00:00.000Z'],
    ['2026-06-05', 'America/New_York', '2026-06-05T04:00:00.000Z'],
    ['2026-01-05', 'America/New_York', '2026-01-05T05:00:00.000Z'],
    ['2026-06-05', 'Asia/Kolkata', '2026-06-04T18:30:00.000Z'],
    ['2026-06-05', 'Asia/Kathmandu', '2026-06-04T18:15:00.000Z'],
    ['2026-06-05', 'Pacific/Kiritimati', '2026-06-04T10:00:00.000Z'], // +14
    ['2026-06-05', 'Pacific/Pago_Pago', '2026-06-05T11:00:00.000Z'], // -11
  ])('%s in %s starts at %s', (date, tz, expected) => expect(start(date, tz)).toBe(expected));

  it.each([
    // Clocks change at night, after midnight: the day still starts at an ordinary midnight.
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', 'Europe/Berlin', '2026-03-29T22:00:00.000Z'],
    ['2026-10-25', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
    ['2026-10-26', 'Europe/Berlin', '2026-10-25T23:00:00.000Z'],
    // America/Santiago skips midnight on 2026-09-06: the day starts at 01:00, the end of the gap.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ['2026-09-07', 'America/Santiago', '2026-09-07T03:00:00.000Z'],
    // …and falls back from 00:00 to Saturday 23:00 on 2026-04-05: Saturday gets the extra hour.
    ['2026-04-05', 'America/Santiago', '2026-04-05T04:00:00.000Z'],
    // America/Havana goes back from 01:00 to 00:00, so midnight happens twice: the first one counts.
    ['2026-11-01', 'America/Havana', '2026-11-01T04:00:00.000Z'],
    ['2026-11-02', 'America/Havana', '2026-11-02T05:00:00.000Z'],
  ])('%s in %s starts at %s across a clock change', (date, tz, expected) => expect(start(date, tz)).toBe(expected));

  it('copes with local mean time before standard zones and with the first years of the era', () => {
    expect(start('1850-01-01', 'Europe/Berlin')).toBe('1849-12-31T23:06:32.000Z'); // LMT +00:53:28
    expect(start('0001-01-01', 'UTC')).toBe('0001-01-01T00:00:00.000Z');
    expect(start('0000-01-01', 'Asia/Tokyo')).toBe('-000001-12-31T14:41:01.000Z'); // LMT +09:18:59
  });

  it('is the instant the local date begins: the day before still holds a millisecond earlier', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'America/Santiago', 'America/Havana', 'Asia/Beirut', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const first = parseCalendarDay('2026-01-01')!;
    for (const tz of zones) {
      for (let day = first; day < first + 365; day++) {
        const startMs = startOfLocalDay(day, tz);
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
