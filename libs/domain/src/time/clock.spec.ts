import { formatUtc, parseRfc3339, systemClock } from './clock';

describe('formatUtc', () => {
  it('drops milliseconds and ends in Z', () => {
    expect(formatUtc(new Date('2026-03-01T10:00:00.123Z'))).toBe('2026-03-01T10:00:00Z');
  });

  it('keeps a whole-second instant unchanged apart from the millis', () => {
    expect(formatUtc(new Date(Date.UTC(2026, 0, 31, 23, 59, 59, 999)))).toBe('2026-01-31T23:59:59Z');
    expect(formatUtc(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00Z');
  });

  it('always emits the YYYY-MM-DDThh:mm:ssZ shape in UTC', () => {
    const out = formatUtc(new Date('2026-03-01T10:00:00.5+02:00'));
    expect(out).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(out).toBe('2026-03-01T08:00:00Z');
  });

  it('round-trips through parseRfc3339 to the second', () => {
    const d = new Date(Date.UTC(2025, 11, 31, 12, 34, 56));
    expect(parseRfc3339(formatUtc(d))?.getTime()).toBe(d.getTime());
  });
});

describe('systemClock', () => {
  it('returns the current time', () => {
    const before = Date.now();
    const now = systemClock().getTime();
    const after = Date.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(after);
  });
});

describe('parseRfc3339', () => {
  it('accepts a Z timestamp', () => {
    expect(parseRfc3339('2026-03-01T10:00:00Z')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('accepts a positive offset and converts it to the right instant', () => {
    expect(parseRfc3339('2026-03-01T10:00:00+02:00')?.toISOString()).toBe('2026-03-01T08:00:00.000Z');
  });

  it('accepts a negative offset and converts it to the right instant', () => {
    expect(parseRfc3339('2026-03-01T22:30:00-05:30')?.toISOString()).toBe('2026-03-02T04:00:00.000Z');
  });

  it('treats +00:00 the same as Z', () => {
    expect(parseRfc3339('2026-03-01T10:00:00+00:00')?.getTime()).toBe(Date.UTC(2026, 2, 1, 10));
  });

  it('accepts lowercase t and z', () => {
    expect(parseRfc3339('2026-03-01t10:00:00z')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(parseRfc3339('2026-03-01t10:00:00+02:00')?.toISOString()).toBe('2026-03-01T08:00:00.000Z');
  });

  it('accepts fractional seconds', () => {
    expect(parseRfc3339('2026-03-01T10:00:00.5Z')?.getTime()).toBe(Date.UTC(2026, 2, 1, 10, 0, 0, 500));
    expect(parseRfc3339('2026-03-01T10:00:00.123Z')?.getTime()).toBe(Date.UTC(2026, 2, 1, 10, 0, 0, 123));
    expect(parseRfc3339('2026-03-01T10:00:00.123456789+01:00')?.getTime()).toBe(Date.UTC(2026, 2, 1, 9, 0, 0, 123));
  });

  it('rejects a timestamp without offset', () => {
    expect(parseRfc3339('2026-03-01T10:00:00')).toBeNull();
    expect(parseRfc3339('2026-03-01T10:00:00.123')).toBeNull();
  });

  it('rejects a date-only value', () => {
    expect(parseRfc3339('2026-03-01')).toBeNull();
  });

  it.each([
    ['month 13', '2026-13-01T10:00:00Z'],
    ['month 00', '2026-00-01T10:00:00Z'],
    ['day 00', '2026-03-00T10:00:00Z'],
    ['day 32', '2026-03-32T10:00:00Z'],
    ['hour 24', '2026-03-01T24:00:00Z'],
    ['hour 25', '2026-03-01T25:00:00Z'],
    ['minute 60', '2026-03-01T10:60:00Z'],
    ['second 61', '2026-03-01T10:00:61Z'],
    ['offset hour 25', '2026-03-01T10:00:00+25:00'],
    ['offset minute 60', '2026-03-01T10:00:00+02:60'],
  ])('rejects an out-of-range field (%s)', (_label, value) => {
    expect(parseRfc3339(value)).toBeNull();
  });

  it.each([
    '',
    'garbage',
    'now',
    '1772359200000',
    '2026-3-1T10:00:00Z',
    '2026-03-01 10:00:00Z',
    '2026-03-01T10:00Z',
    '2026-03-01T10:00:00+0200',
    '2026-03-01T10:00:00+02',
    '2026-03-01T10:00:00.Z',
    '2026-03-01T10:00:00.1234567890Z',
    ' 2026-03-01T10:00:00Z',
    '2026-03-01T10:00:00Z ',
    'Sun, 01 Mar 2026 10:00:00 GMT',
  ])('rejects malformed input %j', (value) => {
    expect(parseRfc3339(value)).toBeNull();
  });
});

describe('parseRfc3339 calendar dates', () => {
  it.each(['2026-02-30T10:00:00Z', '2026-04-31T10:00:00Z', '2025-02-29T00:00:00Z', '2026-02-29T23:00:00-05:00', '2016-12-31T23:59:60Z'])(
    'refuses the date that does not exist: %s',
    (value) => {
      expect(parseRfc3339(value)).toBeNull();
    },
  );

  it('accepts a real leap day', () => {
    expect(parseRfc3339('2028-02-29T00:00:00Z')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});
