import { calendarMs, wallClockAt, wallTimeOccurrences, wallTimeToInstant } from './zone-clock';

const local = (iso: string) => {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(iso)!.map(Number);
  return { year, month, day, hour, minute };
};
const wallMs = (iso: string) => {
  const { year, month, day, hour, minute } = local(iso);
  return calendarMs(year, month, day, hour, minute);
};
const iso = (ms: number) => new Date(ms).toISOString();
const toInstant = (wall: string, tz: string) => iso(wallTimeToInstant(wallMs(wall), tz));
const occurrences = (wall: string, tz: string) => wallTimeOccurrences(wallMs(wall), tz).map(iso);

describe('wallTimeToInstant', () => {
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
          if (found.length === 0) expect(wallClockAt(wallTimeToInstant(wallMs(wall), tz), tz)).not.toEqual({ ...local(wall), second: 0 });
        }
      }
    }
  });
});

describe('wallTimeToInstant at midnight: where a local day starts', () => {
  const start = (date: string, tz: string) => toInstant(`${date}T00:00`, tz);

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
});
