import { admitScan } from './admit-scan';
import type { OpeningRules } from './opening-rules';
import { rulesWith } from './testing/rules-with';

const now = new Date('2026-06-05T12:00:00Z');
const past = new Date('2026-06-01T00:00:00Z');
const future = new Date('2026-07-01T00:00:00Z');
const admit = (overrides: Partial<OpeningRules>, ctx: { scanCount?: number; deleted?: boolean } = {}) =>
  admitScan(rulesWith(overrides), { scanCount: ctx.scanCount ?? 0, deleted: ctx.deleted ?? false, now });

describe('admitScan', () => {
  it('lets an unrestricted scan through', () => {
    expect(admit({})).toEqual({ open: true });
  });

  it.each([
    ['deleted', {}, { deleted: true }, 410],
    ['expired', { endAt: past }, {}, 410],
    ['limit_reached', { scanLimit: 2 }, { scanCount: 2 }, 410],
    ['paused', { status: 'paused' }, {}, 403],
    ['scheduled', { startAt: future }, {}, 403],
    ['outside_hours', { dailyStart: '01:00', dailyEnd: '02:00' }, {}, 403],
  ] as const)('closes with %s and %i', (reason, rules, ctx, status) => {
    expect(admit(rules, ctx)).toMatchObject({ open: false, reason, status });
  });

  it('tells when a scheduled code opens', () => {
    expect(admit({ startAt: future })).toEqual({ open: false, reason: 'scheduled', status: 403, opensAt: future });
  });

  it('tells when the next window opens', () => {
    expect(admit({ dailyStart: '01:00', dailyEnd: '02:00' })).toEqual({
      open: false,
      reason: 'outside_hours',
      status: 403,
      opensAt: new Date('2026-06-06T01:00:00Z'),
    });
  });

  it.each([
    ['deleted', { deleted: true }],
    ['expired', {}],
  ] as const)('has no opensAt for %s', (_reason, ctx) => {
    expect(admit({ endAt: past }, ctx)).toMatchObject({ opensAt: null });
  });

  describe('precedence', () => {
    it('deleted wins over every other rule', () => {
      const everything = { status: 'paused', endAt: past, startAt: future, scanLimit: 1, dailyStart: '01:00', dailyEnd: '02:00' } as const;
      expect(admit(everything, { deleted: true, scanCount: 5 })).toEqual({ open: false, reason: 'deleted', status: 410, opensAt: null });
    });
    it('paused + expired → expired 410', () => {
      expect(admit({ status: 'paused', endAt: past })).toMatchObject({ reason: 'expired', status: 410 });
    });
    it('paused + scheduled → paused 403', () => {
      expect(admit({ status: 'paused', startAt: future })).toEqual({ open: false, reason: 'paused', status: 403, opensAt: null });
    });
    it('limit_reached + paused → limit_reached 410', () => {
      expect(admit({ status: 'paused', scanLimit: 1 }, { scanCount: 1 })).toMatchObject({ reason: 'limit_reached', status: 410 });
    });
  });

  describe('scan limit N = 3, exactly N opens', () => {
    it.each([
      [2, { open: true }],
      [3, { open: false, reason: 'limit_reached', status: 410, opensAt: null }],
      [4, { open: false, reason: 'limit_reached', status: 410, opensAt: null }],
    ])('with %i counted scans', (scanCount, expected) => {
      expect(admit({ scanLimit: 3 }, { scanCount })).toEqual(expected);
    });
  });
});
