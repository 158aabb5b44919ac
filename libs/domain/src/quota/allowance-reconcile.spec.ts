import { allowanceDecision, holdsAbandonedBefore, isAbandonedHold, reconcileClaimableBefore } from './allowance-reconcile';

describe('allowanceDecision', () => {
  it('keeps a counter that matches the live codes', () => {
    expect(allowanceDecision({ snapshot: { used: 4, version: 9 }, holds: 0, live: 4 })).toEqual({ action: 'keep' });
    expect(allowanceDecision({ snapshot: null, holds: 0, live: 0 })).toEqual({ action: 'keep' });
  });

  it('corrects a counter a dead gateway left too high, against the version it read', () => {
    expect(allowanceDecision({ snapshot: { used: 7, version: 12 }, holds: 0, live: 5 })).toEqual({ action: 'correct', from: 7, to: 5, version: 12 });
  });

  it('corrects a counter that is too low (a create that committed after its caller gave up)', () => {
    expect(allowanceDecision({ snapshot: { used: 2, version: 3 }, holds: 0, live: 3 })).toEqual({ action: 'correct', from: 2, to: 3, version: 3 });
  });

  it('creates the row of a workspace with live codes and no counter, only if it still has none', () => {
    expect(allowanceDecision({ snapshot: null, holds: 0, live: 2 })).toEqual({ action: 'correct', from: 0, to: 2, version: null });
  });

  it('never touches a workspace with a create or delete in flight, whatever the numbers', () => {
    expect(allowanceDecision({ snapshot: { used: 9, version: 1 }, holds: 1, live: 3 })).toEqual({ action: 'skip', reason: 'in_flight' });
    expect(allowanceDecision({ snapshot: { used: 3, version: 1 }, holds: 2, live: 3 })).toEqual({ action: 'skip', reason: 'in_flight' });
    expect(allowanceDecision({ snapshot: null, holds: 1, live: 0 })).toEqual({ action: 'skip', reason: 'in_flight' });
  });

  it('refuses a count that is not a count', () => {
    expect(() => allowanceDecision({ snapshot: null, holds: 0, live: -1 })).toThrow(RangeError);
    expect(() => allowanceDecision({ snapshot: null, holds: 0, live: 1.5 })).toThrow(RangeError);
    expect(() => allowanceDecision({ snapshot: null, holds: 0, live: Number.NaN })).toThrow(RangeError);
  });
});

describe('abandoned holds', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const at = (iso: string) => new Date(iso).getTime();

  it('abandons a hold strictly older than the timeout, on the injected clock', () => {
    expect(holdsAbandonedBefore(now, 5 * 60_000)).toBe(at('2026-03-01T11:55:00.000Z'));
    expect(isAbandonedHold(at('2026-03-01T11:54:59.999Z'), now, 5 * 60_000)).toBe(true);
    expect(isAbandonedHold(at('2026-03-01T11:55:00.000Z'), now, 5 * 60_000)).toBe(false);
    expect(isAbandonedHold(at('2026-03-01T11:59:00.000Z'), now, 5 * 60_000)).toBe(false);
  });

  it('with a zero timeout abandons every hold taken before now', () => {
    expect(isAbandonedHold(now.getTime() - 1, now, 0)).toBe(true);
    expect(isAbandonedHold(now.getTime(), now, 0)).toBe(false);
  });

  it('refuses a negative timeout', () => {
    expect(() => holdsAbandonedBefore(now, -1)).toThrow(RangeError);
  });
});

describe('reconcileClaimableBefore', () => {
  it('lets a periodic pass run when the last claim is at least 90 % of an interval old', () => {
    const now = new Date('2026-03-01T12:10:00.000Z');
    expect(reconcileClaimableBefore(now, 10 * 60_000)).toBe(new Date('2026-03-01T12:01:00.000Z').getTime());
  });
});
