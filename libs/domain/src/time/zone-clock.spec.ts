import { localWallTimeOccurrences, localWallTimeToInstant, type LocalDateTime } from './local-wall-time-to-instant';
import { wallClockAt } from './wall-clock-at';

const local = (iso: string): LocalDateTime => {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(iso)!.map(Number);
  return { year, month, day, hour, minute };
};
const toInstant = (wall: string, tz: string) => localWallTimeToInstant(local(wall), tz).toISOString();
const occurrences = (wall: string, tz: string) => localWallTimeOccurrences(local(wall), tz).map((d) => d.toISOString());

describe('localWallTimeToInstant', () => {
  it.each([
    ['2026-06-05T09:00', 'UTC', '2026-06-05T09:00:00.000Z'],
    ['2026-01-15T09:00', 'Europe/Berlin', '2026-01-15T08:00:00.000Z'],
    ['2026-06-05T09:00', 'Europe/Berlin', '2026-06-05T07:00:00.000Z'],
    ['2026-06-05T09:00', 'Asia/Kolkata', '2026-06-05T03:30:00.000Z'],
    ['2026-06-05T00:10', 'Asia/Kolkata', '2026-06-04T18:40:00.000Z'],
    ['2026-06-05T09:00', 'Asia/Kathmandu', '2026-06-05T03:15:00.000Z'],
    ['2026-01-01T00:00', 'Asia/Kathmandu', '2025-12-31T18:15:00.000Z'],
    ['2026-06-05T09:00', 'America/New_York', '2026-06-05T13:00:00.000Z'],
    ['0050-03-01T12:00', 'UTC', '0050-03-01T12:00:00.000Z'],
  ])('maps %s in %s to %s', (wall, tz, expected) => {
    expect(toInstant(wall, tz)).toBe(expected);
  });

  describe('spring-forward gap: the first instant after the gap', () => {
    it.each([
      ['2026-03-29T01:59', 'Europe/Berlin', '2026-03-29T00:59:00.000Z'], // last minute before the gap
      ['2026-03-29T02:00', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T02:59', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T03:00', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'], // the gap's end exists
      ['2026-03-08T02:30', 'America/New_York', '2026-03-08T07:00:00.000Z'],
      ['2026-10-04T02:15', 'Australia/Lord_Howe', '2026-10-03T15:30:00.000Z'], // a 30-minute gap
      ['2026-09-06T00:00', 'America/Santiago', '2026-09-06T04:00:00.000Z'], // midnight does not exist
    ])('maps %s in %s to %s', (wall, tz, expected) => {
      expect(toInstant(wall, tz)).toBe(expected);
    });

    it('has no occurrence inside the gap', () => {
      expect(occurrences('2026-03-29T02:30', 'Europe/Berlin')).toEqual([]);
      expect(occurrences('2026-03-08T02:00', 'America/New_York')).toEqual([]);
    });
  });

  describe('fall-back repeated hour: the first occurrence', () => {
    it.each([
      ['2026-10-25T02:00', 'Europe/Berlin', '2026-10-25T00:00:00.000Z'],
      ['2026-10-25T02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
      ['2026-10-25T02:59', 'Europe/Berlin', '2026-10-25T00:59:00.000Z'],
      ['2026-10-25T03:00', 'Europe/Berlin', '2026-10-25T02:00:00.000Z'], // after the repeat: once
      ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ])('maps %s in %s to %s', (wall, tz, expected) => {
      expect(toInstant(wall, tz)).toBe(expected);
    });

    it('lists both occurrences, earliest first', () => {
      expect(occurrences('2026-10-25T02:30', 'Europe/Berlin')).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
      expect(occurrences('2026-11-01T01:30', 'America/New_York')).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']);
      expect(occurrences('2026-10-25T03:00', 'Europe/Berlin')).toEqual(['2026-10-25T02:00:00.000Z']);
    });
  });

  it('round-trips every quarter hour of the DST days, except inside the gap', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const days = ['2026-03-08', '2026-03-29', '2026-10-04', '2026-10-25', '2026-11-01'];
    for (const tz of zones) {
      for (const day of days) {
        for (let minute = 0; minute < 1440; minute += 15) {
          const wall = `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const found = occurrences(wall, tz);
          for (const instant of found) {
            const back = wallClockAt(new Date(instant), tz);
            expect({ ...local(wall), second: 0 }).toEqual(back);
          }
          if (found.length === 0) expect(wallClockAt(localWallTimeToInstant(local(wall), tz), tz)).not.toEqual({ ...local(wall), second: 0 });
        }
      }
    }
  });
});
