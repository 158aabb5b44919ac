import { parseDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['5s', 5_000],
    [' 5m ', 300_000],
    ['8h', 28_800_000],
    ['7d', 604_800_000],
  ])('%j is %d ms', (raw, ms) => expect(parseDuration(raw)).toBe(ms));

  it.each(['0s', '', '5', '5 m', '1.5h', '-5s', '5w', 'h', '99999999999999999d', undefined, 5])('refuses %p', (raw) => expect(parseDuration(raw)).toBeNull());
});
