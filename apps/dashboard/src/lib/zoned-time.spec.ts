import { instantToWallTime, wallTimeToRfc3339, zonedDateDaysAgo } from './zoned-time';

describe('zoned time for the code form', () => {
  it.each([
    ['2026-12-01T09:00', 'Europe/Berlin', '2026-12-01T09:00:00+01:00'],
    ['2026-07-01T09:00', 'Europe/Berlin', '2026-07-01T09:00:00+02:00'],
    ['2026-07-01T09:00', 'UTC', '2026-07-01T09:00:00+00:00'],
    ['2026-07-01T09:00', 'Asia/Kathmandu', '2026-07-01T09:00:00+05:45'],
    ['2026-07-01T09:00', 'America/St_Johns', '2026-07-01T09:00:00-02:30'],
  ])('reads %s in %s as %s', (wall, zone, expected) => {
    expect(wallTimeToRfc3339(wall, zone)).toBe(expected);
  });

  it('moves a wall time that DST skips to after the jump, and reads one that occurs twice as the earlier', () => {
    expect(wallTimeToRfc3339('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(wallTimeToRfc3339('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
    expect(wallTimeToRfc3339('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
  });

  it('shows an instant as the wall time of the zone, and back again', () => {
    expect(instantToWallTime('2026-12-01T08:00:00Z', 'Europe/Berlin')).toBe('2026-12-01T09:00');
    expect(instantToWallTime('2026-06-30T23:30:00Z', 'Asia/Tokyo')).toBe('2026-07-01T08:30');
    expect(wallTimeToRfc3339(instantToWallTime('2026-10-25T00:30:00Z', 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
    expect(instantToWallTime(null, 'UTC')).toBe('');
  });

  it('refuses what is not a datetime-local value', () => {
    expect(wallTimeToRfc3339('tomorrow', 'UTC')).toBeNull();
  });

  it('counts analytics days on the calendar of the zone, across a month end', () => {
    const now = Date.parse('2026-12-01T03:00:00Z'); // already Dec 1 in Berlin and UTC, still Nov 30 in Los Angeles
    expect(zonedDateDaysAgo(0, 'Europe/Berlin', now)).toBe('2026-12-01');
    expect(zonedDateDaysAgo(0, 'America/Los_Angeles', now)).toBe('2026-11-30');
    expect(zonedDateDaysAgo(6, 'UTC', now)).toBe('2026-11-25');
    expect(zonedDateDaysAgo(29, 'America/Los_Angeles', now)).toBe('2026-11-01');
  });
});
