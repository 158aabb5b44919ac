import { type FieldError } from '@qr/domain';
import { dayAsIso } from '../testing/range-of';
import { parseAnalyticsQuery } from './parse-analytics-query';

const TODAY = new Date('2026-06-15T12:00:00Z');
const parse = (query: Record<string, unknown>, defaultTimezone = 'UTC', today = TODAY) => parseAnalyticsQuery(query, { defaultTimezone, today });

const ok = (query: Record<string, unknown>, defaultTimezone = 'UTC', today = TODAY) => {
  const result = parse(query, defaultTimezone, today);
  if (!result.ok) throw new Error(`expected a valid query, got ${JSON.stringify(result.errors)}`);
  return result;
};
const errorsOf = (query: Record<string, unknown>): Array<[string, string]> => {
  const result = parse(query, 'UTC', TODAY);
  if (result.ok) throw new Error('expected validation errors');
  return result.errors.map((e: FieldError) => [e.pointer, e.code]);
};

describe('parseAnalyticsQuery', () => {
  describe('defaults', () => {
    it('answers the last 30 days up to today in the code zone, humans only, as JSON', () => {
      const { range, format } = ok({}, 'Europe/Berlin');
      expect(format).toBe('json');
      expect(range).toMatchObject({ from: '2026-05-17', to: '2026-06-15', timezone: 'Europe/Berlin', includeBots: false });
      expect(range.days).toHaveLength(30);
      expect(range.days[0].date).toBe('2026-05-17');
      expect(range.days[29].date).toBe('2026-06-15');
    });

    it('takes "today" in the zone asked for, not in UTC', () => {
      const today = new Date('2026-03-01T02:00:00Z');
      expect(ok({ tz: 'America/Los_Angeles' }, 'UTC', today).range).toMatchObject({ from: '2026-01-30', to: '2026-02-28' });
      expect(ok({}, 'America/Los_Angeles', today).range).toMatchObject({ to: '2026-02-28', timezone: 'America/Los_Angeles' });
      expect(ok({}, 'UTC', today).range).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
      expect(ok({}, 'Asia/Tokyo', new Date('2026-06-15T15:00:00Z')).range.to).toBe('2026-06-16');
    });

    it('counts 29 days back from an explicit to, and up to today from an explicit from', () => {
      expect(ok({ to: '2026-03-01' }).range).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
      expect(ok({ from: '2026-06-10' }).range).toMatchObject({ from: '2026-06-10', to: '2026-06-15' });
    });

    it('keeps a default range near year 0 in four-digit years', () => {
      expect(ok({ to: '0000-01-10' }).range).toMatchObject({ from: '0000-01-01', to: '0000-01-10' });
    });

    it('answers in UTC when the code zone is unknown to this runtime', () => {
      expect(ok({}, 'Atlantis/Capital').range.timezone).toBe('UTC');
    });
  });

  describe('accepted values', () => {
    it('builds one local day per date with its instants', () => {
      const { range } = ok({ from: '2026-10-24', to: '2026-10-26', tz: 'Europe/Berlin' });
      expect(range.days.map(dayAsIso)).toEqual([
        { date: '2026-10-24', start: '2026-10-23T22:00:00.000Z', end: '2026-10-24T22:00:00.000Z', hours: 24 },
        { date: '2026-10-25', start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z', hours: 25 },
        { date: '2026-10-26', start: '2026-10-25T23:00:00.000Z', end: '2026-10-26T23:00:00.000Z', hours: 24 },
      ]);
    });

    it.each([
      [{ include_bots: 'true' }, true],
      [{ include_bots: 'false' }, false],
    ])('reads %j', (query, includeBots) => expect(ok(query).range.includeBots).toBe(includeBots));

    it.each(['json', 'csv'])('accepts format=%s', (format) => expect(ok({ format }).format).toBe(format));

    it('allows a one-day range and a 366-day range', () => {
      expect(ok({ from: '2026-06-15', to: '2026-06-15' }).range.days).toHaveLength(1);
      expect(ok({ from: '2024-01-01', to: '2024-12-31' }).range.days).toHaveLength(366);
      expect(ok({ from: '2025-06-15', to: '2026-06-15' }).range.days).toHaveLength(366);
    });

    it('allows a range in the future and 29 February of a leap year', () => {
      expect(ok({ from: '2028-02-29', to: '2028-03-01' }).range.days).toHaveLength(2);
    });

    it('echoes the zone as given, case included', () => {
      expect(ok({ tz: 'Asia/Kathmandu' }).range.timezone).toBe('Asia/Kathmandu');
      expect(ok({ tz: 'europe/berlin' }).range.timezone).toBe('europe/berlin');
    });

    it('takes folder_id for the workspace, and only there', () => {
      expect(parseAnalyticsQuery({ folder_id: 'fld_1' }, { defaultTimezone: 'UTC', today: TODAY, workspace: true }).ok).toBe(true);
      expect(errorsOf({ folder_id: 'fld_1' })).toEqual([['/folder_id', 'unknown_parameter']]);
    });
  });

  describe('validation', () => {
    it.each([
      [{ from: '2026-02-30' }, [['/from', 'invalid_date']]],
      [{ to: '2026-02-29' }, [['/to', 'invalid_date']]],
      [
        { from: '2026-13-01', to: '2026-13-02' },
        [
          ['/from', 'invalid_date'],
          ['/to', 'invalid_date'],
        ],
      ],
      [{ from: '2026-6-1' }, [['/from', 'invalid_date']]],
      [{ from: '2026-06-01T00:00:00Z' }, [['/from', 'invalid_date']]],
      [{ from: '' }, [['/from', 'invalid_date']]],
      [{ from: ['2026-06-01', '2026-06-02'] }, [['/from', 'invalid_date']]],
      [{ from: '2026-06-10', to: '2026-06-09' }, [['/to', 'invalid_range']]],
      [{ from: '2026-07-01' }, [['/from', 'invalid_range']]], // after today, to defaulted
      [{ from: '2025-01-01', to: '2026-01-02' }, [['/to', 'range_too_long']]], // 367 days
      [{ from: '2025-06-14', to: '2026-06-15' }, [['/to', 'range_too_long']]], // 367 days
      [{ from: '2025-06-14' }, [['/from', 'range_too_long']]], // 367 days up to today
      [{ tz: 'Mars/Olympus' }, [['/tz', 'invalid_timezone']]],
      [{ tz: '+05:30' }, [['/tz', 'invalid_timezone']]],
      [{ tz: '' }, [['/tz', 'invalid_timezone']]],
      [{ include_bots: 'yes' }, [['/include_bots', 'invalid']]],
      [{ include_bots: 'TRUE' }, [['/include_bots', 'invalid']]],
      [{ include_bots: '1' }, [['/include_bots', 'invalid']]],
      [{ include_bots: true }, [['/include_bots', 'invalid']]],
      [{ format: 'xlsx' }, [['/format', 'invalid']]],
      [{ format: 'CSV' }, [['/format', 'invalid']]],
      [{ timezone: 'UTC' }, [['/timezone', 'unknown_parameter']]],
      [{ page: '2' }, [['/page', 'unknown_parameter']]],
    ])('refuses %j', (query, expected) => expect(errorsOf(query)).toEqual(expected));

    it('reports every problem at once', () => {
      expect(errorsOf({ from: 'x', tz: 'Nowhere', include_bots: 'maybe', format: 'pdf', foo: '1' })).toEqual([
        ['/foo', 'unknown_parameter'],
        ['/tz', 'invalid_timezone'],
        ['/include_bots', 'invalid'],
        ['/format', 'invalid'],
        ['/from', 'invalid_date'],
      ]);
    });

    it('still checks explicit dates when the zone is invalid', () => {
      expect(errorsOf({ tz: 'Nowhere', from: '2026-06-10', to: '2026-06-01' })).toEqual([
        ['/tz', 'invalid_timezone'],
        ['/to', 'invalid_range'],
      ]);
    });

    it('says what is wrong in the detail', () => {
      const result = parse({ from: '2026-06-10', to: '2026-06-09' });
      expect(result.ok ? null : result.errors[0].detail).toBe('to (2026-06-09) must not be before from (2026-06-10).');
    });
  });
});
