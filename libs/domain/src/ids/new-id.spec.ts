import { type IdPrefix, newId } from './new-id';
import { encodeBase62 } from './base62';
import { type Clock } from '../time/clock';

const fixedClock =
  (iso: string): Clock =>
  () =>
    new Date(iso);

describe('newId', () => {
  const prefixes: IdPrefix[] = ['ws', 'mem', 'key', 'qr', 'fld', 'dom', 'we', 'wd', 'evt', 'lead'];

  it.each(prefixes)('starts with %s_ and has 24 base62 characters after it', (prefix) => {
    const id = newId(prefix);
    expect(id.startsWith(`${prefix}_`)).toBe(true);
    expect(id).toHaveLength(prefix.length + 1 + 24);
    expect(id.slice(prefix.length + 1)).toMatch(/^[0-9A-Za-z]{24}$/);
  });

  it('encodes the injected clock time in the first 9 characters', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const id = newId('qr', fixedClock(at));
    expect(id.slice(3, 12)).toBe(encodeBase62(Date.parse(at), 9));
  });

  it('uses the injected random source for the last 15 characters', () => {
    const random = (size: number) => new Uint8Array(size).fill(10);
    const id = newId('evt', fixedClock('2026-03-01T10:00:00Z'), random);
    expect(id.slice(-15)).toBe('A'.repeat(15));
    expect(newId('evt', fixedClock('2026-03-01T10:00:00Z'), random)).toBe(id);
  });

  it('is unique across many calls at the same instant', () => {
    const clock = fixedClock('2026-03-01T10:00:00Z');
    const ids = new Set(Array.from({ length: 2000 }, () => newId('qr', clock)));
    expect(ids.size).toBe(2000);
  });

  it('sorts lexicographically in creation-time order', () => {
    const base = Date.UTC(2026, 0, 1);
    const offsets = [0, 1, 61, 62, 999, 1000, 3_600_000, 86_400_000, 31 * 86_400_000, 400 * 86_400_000];
    // random bytes chosen so a later id always has a "smaller" random tail
    const ids = offsets.map((o, i) =>
      newId(
        'qr',
        () => new Date(base + o),
        (size) => new Uint8Array(size).fill(61 - i),
      ),
    );
    expect([...ids].sort()).toEqual(ids);
    for (let i = 1; i < ids.length; i++) expect(ids[i - 1] < ids[i]).toBe(true);
  });

  it('sorts correctly across a digit-to-letter boundary of the encoded time', () => {
    // 9 -> A and Z -> a are where a naive alphabet would break ordering
    const times = [9, 10, 35, 36, 61, 62].map((n) => Date.UTC(2026, 0, 1) - (Date.UTC(2026, 0, 1) % 62) + n);
    const ids = times.map((t) => newId('ws', () => new Date(t)));
    expect([...ids].sort()).toEqual(ids);
  });

  it('sorts ids made in the same millisecond in the order they were made', () => {
    const clock = fixedClock('2026-03-01T10:00:00.000Z');
    const ids = Array.from({ length: 2000 }, () => newId('aud', clock));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
