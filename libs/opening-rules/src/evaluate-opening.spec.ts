import { evaluateOpening } from './evaluate-opening';
import { rulesWith, stateAt } from './testing/rules-with';

const at = (iso: string) => new Date(iso);
const active = { state: 'active', opensAt: null };

describe('evaluateOpening', () => {
  describe('each state', () => {
    it('is active when nothing restricts the code', () => {
      expect(stateAt({}, '2026-06-05T12:00:00Z')).toEqual(active);
    });

    it('is paused when the owner paused the code', () => {
      expect(stateAt({ status: 'paused' }, '2026-06-05T12:00:00Z')).toEqual({ state: 'paused', opensAt: null });
    });

    it('is scheduled before startAt, opening at startAt', () => {
      expect(stateAt({ startAt: at('2026-07-01T00:00:00Z') }, '2026-06-05T12:00:00Z')).toEqual({
        state: 'scheduled',
        opensAt: '2026-07-01T00:00:00.000Z',
      });
    });

    it('is expired from endAt on', () => {
      expect(stateAt({ endAt: at('2026-06-01T00:00:00Z') }, '2026-06-05T12:00:00Z')).toEqual({ state: 'expired', opensAt: null });
    });

    it('is outside_hours outside the daily window, with the next window start', () => {
      expect(stateAt({ dailyStart: '09:00', dailyEnd: '17:00' }, '2026-06-05T18:00:00Z')).toEqual({
        state: 'outside_hours',
        opensAt: '2026-06-06T09:00:00.000Z',
      });
    });

    it('is limit_reached once the count reaches the limit', () => {
      expect(stateAt({ scanLimit: 5 }, '2026-06-05T12:00:00Z', 5)).toEqual({ state: 'limit_reached', opensAt: null });
    });
  });

  describe('startAt is inclusive', () => {
    const rules = { startAt: at('2026-06-05T10:00:00Z') };
    it('opens exactly at startAt', () => expect(stateAt(rules, '2026-06-05T10:00:00.000Z')).toEqual(active));
    it('is scheduled one millisecond before', () =>
      expect(stateAt(rules, '2026-06-05T09:59:59.999Z')).toEqual({ state: 'scheduled', opensAt: '2026-06-05T10:00:00.000Z' }));
  });

  describe('endAt is exclusive', () => {
    const rules = { endAt: at('2026-06-05T18:00:00Z') };
    it('is expired exactly at endAt', () => expect(stateAt(rules, '2026-06-05T18:00:00.000Z').state).toBe('expired'));
    it('is active one millisecond before', () => expect(stateAt(rules, '2026-06-05T17:59:59.999Z')).toEqual(active));
  });

  describe('scan limit N = 10', () => {
    it.each([
      [9, 'active'],
      [10, 'limit_reached'],
      [11, 'limit_reached'],
    ])('with %i scans is %s', (count, state) => {
      expect(stateAt({ scanLimit: 10 }, '2026-06-05T12:00:00Z', count).state).toBe(state);
    });
    it('a limit of 1 admits the first scan only', () => {
      expect(stateAt({ scanLimit: 1 }, '2026-06-05T12:00:00Z', 0).state).toBe('active');
      expect(stateAt({ scanLimit: 1 }, '2026-06-05T12:00:00Z', 1).state).toBe('limit_reached');
    });
  });

  describe('scheduled with a daily window', () => {
    const hours = { dailyStart: '09:00', dailyEnd: '17:00' };
    it('opens at startAt when startAt falls inside a window', () => {
      expect(stateAt({ ...hours, startAt: at('2026-06-05T10:30:00Z') }, '2026-06-01T00:00:00Z').opensAt).toBe('2026-06-05T10:30:00.000Z');
    });
    it('opens at the first window start after startAt otherwise', () => {
      expect(stateAt({ ...hours, startAt: at('2026-06-05T07:00:00Z') }, '2026-06-01T00:00:00Z').opensAt).toBe('2026-06-05T09:00:00.000Z');
      expect(stateAt({ ...hours, startAt: at('2026-06-05T17:00:00Z') }, '2026-06-01T00:00:00Z').opensAt).toBe('2026-06-06T09:00:00.000Z');
    });
    it('skips to the next allowed day', () => {
      // 2026-06-05 is a Friday; the next Monday is 2026-06-08.
      const rules = { ...hours, dailyDays: ['mon'] as const, startAt: at('2026-06-05T10:00:00Z') };
      expect(stateAt(rules, '2026-06-01T00:00:00Z').opensAt).toBe('2026-06-08T09:00:00.000Z');
    });
    it('has no opensAt when the first window starts at or after endAt', () => {
      const rules = { ...hours, startAt: at('2026-06-05T17:00:00Z'), endAt: at('2026-06-06T09:00:00Z') };
      expect(stateAt(rules, '2026-06-01T00:00:00Z')).toEqual({ state: 'scheduled', opensAt: null });
    });
  });

  describe('opensAt and endAt', () => {
    const hours = { dailyStart: '09:00', dailyEnd: '17:00' };
    it('is null when the next window starts exactly at endAt', () => {
      expect(stateAt({ ...hours, endAt: at('2026-06-06T09:00:00Z') }, '2026-06-05T17:00:00Z')).toEqual({ state: 'outside_hours', opensAt: null });
    });
    it('is null when the next window starts after endAt', () => {
      expect(stateAt({ ...hours, endAt: at('2026-06-05T20:00:00Z') }, '2026-06-05T17:00:00Z')).toEqual({ state: 'outside_hours', opensAt: null });
    });
    it('is the window start when it is one millisecond before endAt', () => {
      expect(stateAt({ ...hours, endAt: at('2026-06-06T09:00:00.001Z') }, '2026-06-05T17:00:00Z').opensAt).toBe('2026-06-06T09:00:00.000Z');
    });
  });

  describe('precedence', () => {
    const now = '2026-06-05T12:00:00Z';
    const past = at('2026-06-01T00:00:00Z');
    const future = at('2026-07-01T00:00:00Z');
    it.each([
      ['paused + expired → expired', { status: 'paused', endAt: past }, 0, 'expired'],
      ['paused + scheduled → paused', { status: 'paused', startAt: future }, 0, 'paused'],
      ['limit_reached + paused → limit_reached', { status: 'paused', scanLimit: 3 }, 3, 'limit_reached'],
      ['expired + limit_reached → expired', { endAt: past, scanLimit: 3 }, 3, 'expired'],
      ['expired + scheduled → expired', { startAt: future, endAt: past }, 0, 'expired'],
      ['limit_reached + outside_hours → limit_reached', { scanLimit: 3, dailyStart: '01:00', dailyEnd: '02:00' }, 3, 'limit_reached'],
      ['paused + outside_hours → paused', { status: 'paused', dailyStart: '01:00', dailyEnd: '02:00' }, 0, 'paused'],
      ['scheduled + outside_hours → scheduled', { startAt: future, dailyStart: '01:00', dailyEnd: '02:00' }, 0, 'scheduled'],
    ] as const)('%s', (_name, rules, count, state) => {
      expect(stateAt(rules, now, count).state).toBe(state);
    });
  });

  describe('rules that validation would have refused', () => {
    const now = '2026-06-05T12:00:00Z';
    it('reads an unknown time zone as UTC instead of throwing', () => {
      expect(stateAt({ timezone: 'Mars/Olympus', dailyStart: '09:00', dailyEnd: '17:00' }, '2026-06-05T08:00:00Z').opensAt).toBe('2026-06-05T09:00:00.000Z');
    });
    it('never opens an empty window (equal times, empty day list)', () => {
      expect(stateAt({ dailyStart: '09:00', dailyEnd: '09:00' }, now)).toEqual({ state: 'outside_hours', opensAt: null });
      expect(stateAt({ dailyDays: [] }, now)).toEqual({ state: 'outside_hours', opensAt: null });
    });
    it('ignores a lone or malformed daily time', () => {
      expect(stateAt({ dailyStart: '09:00' }, '2026-06-05T03:00:00Z')).toEqual(active);
      expect(stateAt({ dailyStart: '9:00', dailyEnd: '17:00' }, '2026-06-05T03:00:00Z')).toEqual(active);
    });
  });

  it('returns an opensAt the caller may mutate without touching the rules', () => {
    const rules = rulesWith({ startAt: at('2026-07-01T00:00:00Z') });
    const { opensAt } = evaluateOpening(rules, 0, at('2026-06-01T00:00:00Z'));
    opensAt?.setTime(0);
    expect(rules.startAt?.toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});
