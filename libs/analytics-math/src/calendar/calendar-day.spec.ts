import { FIRST_CALENDAR_DAY, formatCalendarDay, parseCalendarDay } from './calendar-day';

describe('parseCalendarDay', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2024-02-29', 19_782],
    ['0050-03-01', -701_206],
  ])('reads %s as day %i', (text, day) => expect(parseCalendarDay(text)).toBe(day));

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2025-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    '26-01-01',
    '2026-01-01T00:00',
    ' 2026-01-01',
    '2026/01/01',
    '',
  ])('refuses %j', (text) => expect(parseCalendarDay(text)).toBeNull());

  it.each([20_260_101, null, undefined, ['2026-01-01']])('refuses the non-string %j', (value) => expect(parseCalendarDay(value)).toBeNull());

  it('round-trips through formatCalendarDay', () => {
    for (const text of ['0000-01-01', '0001-01-01', '0099-12-31', '1900-02-28', '2000-02-29', '2026-06-05', '9999-12-31']) {
      expect(formatCalendarDay(parseCalendarDay(text)!)).toBe(text);
    }
    expect(formatCalendarDay(FIRST_CALENDAR_DAY)).toBe('0000-01-01');
  });
});
