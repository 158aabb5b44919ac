import { utcDayOf } from './utc-day-of';

describe('utcDayOf', () => {
  it.each([
    ['2026-06-05T00:00:00Z', '2026-06-05'],
    ['2026-06-05T23:59:59.999Z', '2026-06-05'],
    ['2026-06-05T23:59:59.999-02:00', '2026-06-06'],
    ['2026-06-06T01:00:00+02:00', '2026-06-05'],
    ['2028-02-29T12:00:00Z', '2028-02-29'],
  ])('%s → %s', (instant, day) => {
    expect(utcDayOf(Date.parse(instant))).toBe(day);
  });
});

describe('utcDayOf asked again', () => {
  it('answers the day of each instant whatever was asked before it', () => {
    const instants = ['2026-06-05T10:00:00Z', '2026-06-05T23:59:59.999Z', '2026-06-06T00:00:00Z', '1969-12-31T23:59:59.999Z', '2026-06-05T00:00:00Z'];
    expect(instants.map((i) => utcDayOf(Date.parse(i)))).toEqual(['2026-06-05', '2026-06-05', '2026-06-06', '1969-12-31', '2026-06-05']);
    expect(() => utcDayOf(Number.NaN)).toThrow(RangeError);
    expect(utcDayOf(Date.parse('2026-06-05T12:00:00Z'))).toBe('2026-06-05');
  });
});
