import { getOrCreate } from './get-or-create';

describe('getOrCreate', () => {
  it('makes and stores a missing value once, and returns the stored one afterwards', () => {
    const map = new Map<string, string[]>();
    let made = 0;
    const make = () => (made++, []);
    const first = getOrCreate(map, 'a', make);
    first.push('x');
    expect(getOrCreate(map, 'a', make)).toBe(first);
    expect(map.get('a')).toEqual(['x']);
    expect(made).toBe(1);
  });
});
