import { offsetChangesBetween } from './offset-changes-between';
import { offsetMsAt } from '@qr/domain';

const changes = (from: string, to: string, tz: string) => offsetChangesBetween(Date.parse(from), Date.parse(to), tz).map((ms) => new Date(ms).toISOString());

describe('offsetChangesBetween', () => {
  it('finds both DST changes of a year to the millisecond', () => {
    expect(changes('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'Europe/Berlin')).toEqual(['2026-03-29T01:00:00.000Z', '2026-10-25T01:00:00.000Z']);
    expect(changes('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'America/New_York')).toEqual(['2026-03-08T07:00:00.000Z', '2026-11-01T06:00:00.000Z']);
  });

  it('finds none in zones without DST', () => {
    expect(changes('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'UTC')).toEqual([]);
    expect(changes('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'Asia/Kolkata')).toEqual([]);
  });

  it('excludes the start and includes the end of the range', () => {
    expect(changes('2026-03-29T01:00:00Z', '2026-03-30T00:00:00Z', 'Europe/Berlin')).toEqual([]);
    expect(changes('2026-03-28T00:00:00Z', '2026-03-29T01:00:00Z', 'Europe/Berlin')).toEqual(['2026-03-29T01:00:00.000Z']);
  });
});

describe('offsetMsAt', () => {
  it.each([
    ['2026-01-15T12:00:00.999Z', 'Europe/Berlin', 60],
    ['2026-06-15T12:00:00Z', 'Europe/Berlin', 120],
    ['2026-06-15T12:00:00Z', 'Asia/Kolkata', 330],
    ['2026-06-15T12:00:00Z', 'Asia/Kathmandu', 345],
    ['2026-06-15T12:00:00Z', 'America/New_York', -240],
    ['1969-12-31T23:59:59.500Z', 'UTC', 0], // negative epoch milliseconds truncate downwards
  ])('at %s in %s is %i minutes', (iso, tz, minutes) => {
    expect(offsetMsAt(Date.parse(iso), tz)).toBe(minutes * 60_000);
  });
});
