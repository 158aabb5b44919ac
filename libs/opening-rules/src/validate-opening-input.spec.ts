import { validateOpeningInput } from './validate-opening-input';

const codes = (input: Record<string, unknown>, category: 'dynamic' | 'static' = 'dynamic', pointer?: string) =>
  validateOpeningInput(input, category, pointer).map(({ pointer: at, code }) => [at, code]);

describe('validateOpeningInput', () => {
  it('accepts a full, valid set of rules', () => {
    const input = {
      start_at: '2026-06-01T09:00:00+02:00',
      end_at: '2026-09-01T00:00:00Z',
      daily_start: '22:00',
      daily_end: '02:00',
      daily_days: ['fri', 'sat'],
      timezone: 'Europe/Berlin',
      scan_limit: 1000,
    };
    expect(validateOpeningInput(input, 'dynamic')).toEqual([]);
  });

  it('accepts an empty body, nulls ("not set"), and ignores keys it does not know', () => {
    expect(codes({})).toEqual([]);
    const nulls = { start_at: null, end_at: null, daily_start: null, daily_end: null, daily_days: null, timezone: null, scan_limit: null };
    expect(codes(nulls)).toEqual([]);
    expect(codes(nulls, 'static')).toEqual([]);
    expect(codes({ name: 42, status: 'weird', content: {} })).toEqual([]);
  });

  it('gives every detail a human-readable sentence', () => {
    for (const error of validateOpeningInput({ start_at: 'x', scan_limit: 0, timezone: 'x', daily_days: [] }, 'dynamic')) {
      expect(error.detail).toMatch(/^\S.+\.$/);
    }
  });

  describe('static codes', () => {
    it('rejects each rule field once, at its own pointer', () => {
      const input = { start_at: 'nonsense', end_at: '2026-01-01T00:00:00Z', daily_start: '09:00', daily_end: '25:00', daily_days: [], scan_limit: 0 };
      expect(codes(input, 'static')).toEqual([
        ['/start_at', 'not_allowed_for_static'],
        ['/end_at', 'not_allowed_for_static'],
        ['/daily_start', 'not_allowed_for_static'],
        ['/daily_end', 'not_allowed_for_static'],
        ['/daily_days', 'not_allowed_for_static'],
        ['/scan_limit', 'not_allowed_for_static'],
      ]);
    });
    it('reports only the field that is present (no "required" for its partner)', () => {
      expect(codes({ daily_start: '09:00' }, 'static')).toEqual([['/daily_start', 'not_allowed_for_static']]);
    });
    it('still validates the time zone', () => {
      expect(codes({ timezone: 'Europe/Berlin' }, 'static')).toEqual([]);
      expect(codes({ timezone: 'Nowhere/Land' }, 'static')).toEqual([['/timezone', 'invalid_timezone']]);
    });
  });

  describe('start_at and end_at', () => {
    it.each(['2026-06-01T09:00:00Z', '2026-06-01T09:00:00.123+05:45', '2026-06-01t09:00:00z'])('accepts %s', (value) => {
      expect(codes({ start_at: value, end_at: null })).toEqual([]);
    });
    it.each([['2026-06-01T09:00:00'], ['2026-06-01'], ['2026-02-30T00:00:00Z'], ['tomorrow'], [''], [1767225600], [true], [{}]])(
      'rejects %j as invalid_timestamp',
      (value) => {
        expect(codes({ start_at: value })).toEqual([['/start_at', 'invalid_timestamp']]);
        expect(codes({ end_at: value })).toEqual([['/end_at', 'invalid_timestamp']]);
      },
    );
    it('requires end_at strictly after start_at', () => {
      expect(codes({ start_at: '2026-06-01T09:00:00Z', end_at: '2026-06-01T09:00:00.001Z' })).toEqual([]);
      expect(codes({ start_at: '2026-06-01T09:00:00Z', end_at: '2026-06-01T11:00:00+02:00' })).toEqual([['/end_at', 'invalid']]);
      expect(codes({ start_at: '2026-06-01T09:00:00Z', end_at: '2026-05-01T09:00:00Z' })).toEqual([['/end_at', 'invalid']]);
    });
    it('does not compare when either is invalid', () => {
      expect(codes({ start_at: 'x', end_at: '2020-01-01T00:00:00Z' })).toEqual([['/start_at', 'invalid_timestamp']]);
    });
  });

  describe('daily_start and daily_end', () => {
    it.each(['00:00', '09:05', '19:59', '23:59'])('accepts %s', (value) => {
      expect(codes({ daily_start: value, daily_end: value === '00:00' ? '01:00' : '00:00' })).toEqual([]);
    });
    it.each([['24:00'], ['9:00'], ['09:60'], ['09:00:00'], ['0900'], [' 09:00'], [''], [900], [{}]])('rejects %j as invalid', (value) => {
      expect(codes({ daily_start: value, daily_end: '10:00' })).toEqual([['/daily_start', 'invalid']]);
      expect(codes({ daily_start: '10:00', daily_end: value })).toEqual([['/daily_end', 'invalid']]);
    });
    it('requires both or neither', () => {
      expect(codes({ daily_start: '09:00' })).toEqual([['/daily_end', 'required']]);
      expect(codes({ daily_end: '17:00', daily_start: null })).toEqual([['/daily_start', 'required']]);
      expect(codes({ daily_start: 'nine' })).toEqual([
        ['/daily_start', 'invalid'],
        ['/daily_end', 'required'],
      ]);
    });
    it('rejects equal times at daily_end', () => {
      expect(codes({ daily_start: '09:00', daily_end: '09:00' })).toEqual([['/daily_end', 'invalid']]);
    });
    it('accepts a window crossing midnight', () => {
      expect(codes({ daily_start: '22:00', daily_end: '02:00' })).toEqual([]);
    });
  });

  describe('daily_days', () => {
    it.each([[['mon']], [['sun', 'mon']], [['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']]])('accepts %j', (days) => {
      expect(codes({ daily_days: days })).toEqual([]);
    });
    it('accepts days without hours', () => {
      expect(codes({ daily_days: ['sat', 'sun'] })).toEqual([]);
    });
    it.each([[[]], ['mon'], [{ mon: true }], [1]])('rejects %j at /daily_days', (days) => {
      expect(codes({ daily_days: days })).toEqual([['/daily_days', 'invalid']]);
    });
    it('points at the entry that is not a weekday', () => {
      expect(codes({ daily_days: ['mon', 'Tue', 'friday', 3, null] })).toEqual([
        ['/daily_days/1', 'invalid'],
        ['/daily_days/2', 'invalid'],
        ['/daily_days/3', 'invalid'],
        ['/daily_days/4', 'invalid'],
      ]);
    });
    it('points at the repeated entry', () => {
      expect(codes({ daily_days: ['mon', 'fri', 'mon', 'mon'] })).toEqual([
        ['/daily_days/2', 'invalid'],
        ['/daily_days/3', 'invalid'],
      ]);
    });
  });

  describe('timezone', () => {
    it.each(['UTC', 'Europe/Berlin', 'Asia/Kathmandu', 'America/Argentina/Buenos_Aires'])('accepts %s', (tz) => {
      expect(codes({ timezone: tz })).toEqual([]);
    });
    it.each([['Mars/Olympus'], ['+02:00'], [''], [2], [['UTC']]])('rejects %j as invalid_timezone', (tz) => {
      expect(codes({ timezone: tz })).toEqual([['/timezone', 'invalid_timezone']]);
    });
  });

  describe('scan_limit', () => {
    it.each([1, 2, 1_000_000_000])('accepts %i', (limit) => {
      expect(codes({ scan_limit: limit })).toEqual([]);
    });
    it.each([[0], [-1], [1_000_000_001], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], ['10'], [true], [[5]]])('rejects %j as invalid', (limit) => {
      expect(codes({ scan_limit: limit })).toEqual([['/scan_limit', 'invalid']]);
    });
  });

  it('prefixes every pointer', () => {
    const input = { start_at: 'x', daily_start: '09:00', daily_days: ['mon', 'mon'], timezone: 'x', scan_limit: 0 };
    expect(codes(input, 'dynamic', '/items/3')).toEqual([
      ['/items/3/start_at', 'invalid_timestamp'],
      ['/items/3/daily_end', 'required'],
      ['/items/3/daily_days/1', 'invalid'],
      ['/items/3/scan_limit', 'invalid'],
      ['/items/3/timezone', 'invalid_timezone'],
    ]);
    expect(codes({ scan_limit: 5 }, 'static', '/items/0')).toEqual([['/items/0/scan_limit', 'not_allowed_for_static']]);
  });
});
