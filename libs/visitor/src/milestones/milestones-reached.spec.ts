import { DEFAULT_MILESTONES, milestonesReached } from './milestones-reached';

describe('milestonesReached', () => {
  it('has the default milestones of the contract', () => {
    expect(DEFAULT_MILESTONES).toEqual([10, 100, 1_000, 10_000, 100_000, 1_000_000]);
    expect(Object.isFrozen(DEFAULT_MILESTONES)).toBe(true);
  });

  it.each([
    [9, 10, [10]],
    [10, 11, []],
    [0, 1, []],
    [0, 1_000, [10, 100, 1_000]],
    [99, 100, [100]],
    [999_999, 1_000_000, [1_000_000]],
    [1_000_000, 5_000_000, []],
    [10, 10, []],
    [11, 9, []],
  ])('%i → %i gives %j', (before, after, reached) => {
    expect(milestonesReached(before, after)).toEqual(reached);
  });

  it('fires each milestone exactly once over consecutive increments', () => {
    const fired = Array.from({ length: 1_200 }, (_, count) => milestonesReached(count, count + 1)).flat();
    expect(fired).toEqual([10, 100, 1_000]);
  });

  it('takes a custom list, in any order', () => {
    expect(milestonesReached(0, 60, [50, 5, 25, 75])).toEqual([5, 25, 50]);
    expect(milestonesReached(50, 51, [50])).toEqual([]);
  });
});
