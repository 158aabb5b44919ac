import { stateAt } from './testing/rules-with';

// Windows are wall-clock times: on a DST day a window is as long as the wall clock spends in it.
const active = { state: 'active', opensAt: null };
const outside = (opensAt: string | null) => ({ state: 'outside_hours', opensAt });
const window = (dailyStart: string, dailyEnd: string, timezone: string) => ({ dailyStart, dailyEnd, timezone });

describe('evaluateOpening across DST', () => {
  // Europe/Berlin, Sunday 2026-03-29: 02:00 CET (01:00Z) jumps to 03:00 CEST.
  describe('Europe/Berlin spring forward', () => {
    it.each([
      ['01:00–03:00: one minute before (00:59 CET)', window('01:00', '03:00', 'Europe/Berlin'), '2026-03-28T23:59:00Z', outside('2026-03-29T00:00:00.000Z')],
      ['01:00–03:00: opens at 01:00 CET', window('01:00', '03:00', 'Europe/Berlin'), '2026-03-29T00:00:00Z', active],
      ['01:00–03:00: 01:59 CET is open', window('01:00', '03:00', 'Europe/Berlin'), '2026-03-29T00:59:00Z', active],
      ['01:00–03:00: closes at the jump to 03:00 CEST', window('01:00', '03:00', 'Europe/Berlin'), '2026-03-29T01:00:00Z', outside('2026-03-29T23:00:00.000Z')],
      [
        '02:00–04:00: start in the gap opens at 03:00 CEST',
        window('02:00', '04:00', 'Europe/Berlin'),
        '2026-03-29T00:30:00Z',
        outside('2026-03-29T01:00:00.000Z'),
      ],
      ['02:00–04:00: open at 03:00 CEST', window('02:00', '04:00', 'Europe/Berlin'), '2026-03-29T01:00:00Z', active],
      ['02:00–04:00: 03:59 CEST is open', window('02:00', '04:00', 'Europe/Berlin'), '2026-03-29T01:59:00Z', active],
      ['02:00–04:00: closed at 04:00 CEST', window('02:00', '04:00', 'Europe/Berlin'), '2026-03-29T02:00:00Z', outside('2026-03-30T00:00:00.000Z')],
      [
        '02:30–03:30: start in the gap opens at 03:00 CEST',
        window('02:30', '03:30', 'Europe/Berlin'),
        '2026-03-29T00:30:00Z',
        outside('2026-03-29T01:00:00.000Z'),
      ],
      ['02:30–03:30: 03:29 CEST is open', window('02:30', '03:30', 'Europe/Berlin'), '2026-03-29T01:29:00Z', active],
      ['02:30–03:30: closed at 03:30 CEST', window('02:30', '03:30', 'Europe/Berlin'), '2026-03-29T01:30:00Z', outside('2026-03-30T00:30:00.000Z')],
      [
        '02:10–02:50: wholly in the gap, opens the next day',
        window('02:10', '02:50', 'Europe/Berlin'),
        '2026-03-29T00:30:00Z',
        outside('2026-03-30T00:10:00.000Z'),
      ],
    ])('%s', (_name, rules, now, expected) => expect(stateAt(rules, now)).toEqual(expected));

    it('a scheduled start before the gap opens when the window really opens', () => {
      const rules = { ...window('02:30', '03:30', 'Europe/Berlin'), startAt: new Date('2026-03-29T00:30:00Z') };
      expect(stateAt(rules, '2026-03-01T00:00:00Z')).toEqual({ state: 'scheduled', opensAt: '2026-03-29T01:00:00.000Z' });
    });
  });

  // Europe/Berlin, Sunday 2026-10-25: 03:00 CEST (01:00Z) goes back to 02:00 CET; 02:00–02:59 happens twice.
  describe('Europe/Berlin fall back', () => {
    it.each([
      ['01:00–03:00: 02:59 CEST is open', window('01:00', '03:00', 'Europe/Berlin'), '2026-10-25T00:59:00Z', active],
      ['01:00–03:00: the repeated 02:00 CET is open', window('01:00', '03:00', 'Europe/Berlin'), '2026-10-25T01:00:00Z', active],
      ['01:00–03:00: 02:59 CET is open', window('01:00', '03:00', 'Europe/Berlin'), '2026-10-25T01:59:00Z', active],
      ['01:00–03:00: closed at 03:00 CET', window('01:00', '03:00', 'Europe/Berlin'), '2026-10-25T02:00:00Z', outside('2026-10-26T00:00:00.000Z')],
      ['02:00–04:00: opens at the first 02:00', window('02:00', '04:00', 'Europe/Berlin'), '2026-10-24T23:59:00Z', outside('2026-10-25T00:00:00.000Z')],
      ['02:00–04:00: open through the repeated hour', window('02:00', '04:00', 'Europe/Berlin'), '2026-10-25T01:30:00Z', active],
      ['02:00–04:00: 03:59 CET is open', window('02:00', '04:00', 'Europe/Berlin'), '2026-10-25T02:59:00Z', active],
      ['02:00–04:00: closed at 04:00 CET', window('02:00', '04:00', 'Europe/Berlin'), '2026-10-25T03:00:00Z', outside('2026-10-26T01:00:00.000Z')],
      ['02:30–03:30: opens at the first 02:30 (CEST)', window('02:30', '03:30', 'Europe/Berlin'), '2026-10-25T00:29:00Z', outside('2026-10-25T00:30:00.000Z')],
      ['02:30–03:30: 02:59 CEST is open', window('02:30', '03:30', 'Europe/Berlin'), '2026-10-25T00:59:00Z', active],
      [
        '02:30–03:30: closed at the repeated 02:00 CET, reopens at 02:30 CET',
        window('02:30', '03:30', 'Europe/Berlin'),
        '2026-10-25T01:00:00Z',
        outside('2026-10-25T01:30:00.000Z'),
      ],
      ['02:30–03:30: open at the second 02:30', window('02:30', '03:30', 'Europe/Berlin'), '2026-10-25T01:30:00Z', active],
      ['02:30–03:30: closed at 03:30 CET', window('02:30', '03:30', 'Europe/Berlin'), '2026-10-25T02:30:00Z', outside('2026-10-26T01:30:00.000Z')],
      [
        '01:00–02:30: the clock falling back reopens it at 02:00 CET',
        window('01:00', '02:30', 'Europe/Berlin'),
        '2026-10-25T00:45:00Z',
        outside('2026-10-25T01:00:00.000Z'),
      ],
    ])('%s', (_name, rules, now, expected) => expect(stateAt(rules, now)).toEqual(expected));
  });

  // America/New_York, Sunday 2026-03-08: 02:00 EST (07:00Z) jumps to 03:00 EDT.
  describe('America/New_York spring forward', () => {
    it.each([
      ['01:00–03:00: one minute before', window('01:00', '03:00', 'America/New_York'), '2026-03-08T05:59:00Z', outside('2026-03-08T06:00:00.000Z')],
      ['01:00–03:00: 01:59 EST is open', window('01:00', '03:00', 'America/New_York'), '2026-03-08T06:59:00Z', active],
      [
        '01:00–03:00: closes at the jump to 03:00 EDT',
        window('01:00', '03:00', 'America/New_York'),
        '2026-03-08T07:00:00Z',
        outside('2026-03-09T05:00:00.000Z'),
      ],
      [
        '02:00–04:00: start in the gap opens at 03:00 EDT',
        window('02:00', '04:00', 'America/New_York'),
        '2026-03-08T06:30:00Z',
        outside('2026-03-08T07:00:00.000Z'),
      ],
      ['02:00–04:00: 03:59 EDT is open', window('02:00', '04:00', 'America/New_York'), '2026-03-08T07:59:00Z', active],
      ['02:00–04:00: closed at 04:00 EDT', window('02:00', '04:00', 'America/New_York'), '2026-03-08T08:00:00Z', outside('2026-03-09T06:00:00.000Z')],
      [
        '02:30–03:30: start in the gap opens at 03:00 EDT',
        window('02:30', '03:30', 'America/New_York'),
        '2026-03-08T06:30:00Z',
        outside('2026-03-08T07:00:00.000Z'),
      ],
      ['02:30–03:30: 03:29 EDT is open', window('02:30', '03:30', 'America/New_York'), '2026-03-08T07:29:00Z', active],
      ['02:30–03:30: closed at 03:30 EDT', window('02:30', '03:30', 'America/New_York'), '2026-03-08T07:30:00Z', outside('2026-03-09T06:30:00.000Z')],
    ])('%s', (_name, rules, now, expected) => expect(stateAt(rules, now)).toEqual(expected));
  });

  // America/New_York, Sunday 2026-11-01: 02:00 EDT (06:00Z) goes back to 01:00 EST; 01:00–01:59 happens twice.
  describe('America/New_York fall back', () => {
    it.each([
      [
        '01:00–03:00: opens at the first 01:00 (EDT)',
        window('01:00', '03:00', 'America/New_York'),
        '2026-11-01T04:59:00Z',
        outside('2026-11-01T05:00:00.000Z'),
      ],
      ['01:00–03:00: the repeated 01:30 EST is open', window('01:00', '03:00', 'America/New_York'), '2026-11-01T06:30:00Z', active],
      ['01:00–03:00: 02:59 EST is open', window('01:00', '03:00', 'America/New_York'), '2026-11-01T07:59:00Z', active],
      ['01:00–03:00: closed at 03:00 EST', window('01:00', '03:00', 'America/New_York'), '2026-11-01T08:00:00Z', outside('2026-11-02T06:00:00.000Z')],
      [
        '02:00–04:00: 02:00 happens once, after the repeated hour',
        window('02:00', '04:00', 'America/New_York'),
        '2026-11-01T05:30:00Z',
        outside('2026-11-01T07:00:00.000Z'),
      ],
      ['02:00–04:00: 03:59 EST is open', window('02:00', '04:00', 'America/New_York'), '2026-11-01T08:59:00Z', active],
      ['02:30–03:30: opens at 02:30 EST', window('02:30', '03:30', 'America/New_York'), '2026-11-01T07:29:00Z', outside('2026-11-01T07:30:00.000Z')],
      [
        '01:30–02:30: opens at the first 01:30 (EDT)',
        window('01:30', '02:30', 'America/New_York'),
        '2026-11-01T05:00:00Z',
        outside('2026-11-01T05:30:00.000Z'),
      ],
      [
        '01:30–02:30: between the two 01:30s, reopens at the second',
        window('01:30', '02:30', 'America/New_York'),
        '2026-11-01T06:10:00Z',
        outside('2026-11-01T06:30:00.000Z'),
      ],
      ['01:30–02:30: closed at 02:30 EST', window('01:30', '02:30', 'America/New_York'), '2026-11-01T07:30:00Z', outside('2026-11-02T06:30:00.000Z')],
    ])('%s', (_name, rules, now, expected) => expect(stateAt(rules, now)).toEqual(expected));
  });

  it('a midnight-crossing window over spring forward is an hour shorter', () => {
    // Saturday 22:00 CET (21:00Z) to Sunday 03:00 CEST (01:00Z): four hours, not five.
    const saturday = { dailyStart: '22:00', dailyEnd: '03:00', dailyDays: ['sat'] as const, timezone: 'Europe/Berlin' };
    expect(stateAt(saturday, '2026-03-28T21:00:00Z')).toEqual(active);
    expect(stateAt(saturday, '2026-03-29T00:59:00Z')).toEqual(active);
    expect(stateAt(saturday, '2026-03-29T01:00:00Z')).toEqual(outside('2026-04-04T20:00:00.000Z'));
  });
});
