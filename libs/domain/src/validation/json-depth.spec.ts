import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(jsonDepthExceeds('text', 0)).toBe(false);
    expect(jsonDepthExceeds({ a: 1 }, 1)).toBe(false);
    expect(jsonDepthExceeds({ a: [[1]] }, 2)).toBe(true);
    expect(jsonDepthExceeds({ a: [[1]] }, 3)).toBe(false);
  });

  it('allows the limit and refuses one more, and walks 100,000 levels without overflowing', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(nested(100_000))).toBe(true);
  });

  it('finds a deep branch beside shallow ones', () => {
    expect(jsonDepthExceeds({ a: 1, b: [2, 3], c: { d: nested(70) } })).toBe(true);
  });
});
