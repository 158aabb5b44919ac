import { createHash } from 'node:crypto';
import { type Clock } from '@qr/domain';
import type { Destination } from '@qr/qr-content';
import type { Visitor } from '../visitor';
import { utcDayOf } from '@qr/analytics-math';
import { visitorHash } from '../uniques/visitor-hash';
import { chooseDestination, type Stickiness } from './choose-destination';
import { stickyFraction } from './sticky-fraction';

const visitor: Visitor = { device: 'mobile', os: 'iOS', osKey: 'ios', browser: 'Mobile Safari', isBot: false, country: 'DE', language: 'de' };
const A: Destination = { target_url: 'https://a.example', weight: 70 };
const B: Destination = { target_url: 'https://b.example', weight: 20 };
const C: Destination = { target_url: 'https://c.example', weight: 10 };

/** A clock that the test moves: the day of every choice comes from it, as the redirect will take it. */
function testClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  const clock = (() => new Date(now)) as Clock & { advance(ms: number): void };
  clock.advance = (ms) => (now += ms);
  return clock;
}

// A fixed seed: visitors are the hashes of "visitor-0", "visitor-1", … so every run sees the same ones.
const hashOf = (i: number) => createHash('sha256').update(`visitor-${i}`).digest('hex').slice(0, 32);
const at = (clock: Clock, hash: string, code = 'Ab3dE7x'): Stickiness => ({ visitorHash: hash, day: utcDayOf(clock().getTime()), code });

describe('chooseDestination with weights', () => {
  it('lands 10,000 visitors within ±2 points of the weights (fixed seed)', () => {
    const clock = testClock('2026-06-05T10:00:00Z');
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const url = chooseDestination([A, B, C], visitor, at(clock, hashOf(i))).target_url;
      counts.set(url, (counts.get(url) ?? 0) + 1);
    }
    expect(Math.abs((counts.get(A.target_url) ?? 0) / 100 - 70)).toBeLessThanOrEqual(2);
    expect(Math.abs((counts.get(B.target_url) ?? 0) / 100 - 20)).toBeLessThanOrEqual(2);
    expect(Math.abs((counts.get(C.target_url) ?? 0) / 100 - 10)).toBeLessThanOrEqual(2);
  });

  it('keeps a visitor on one variant all day, and draws again the next day', () => {
    const clock = testClock('2026-06-05T00:00:00Z');
    const hashes = Array.from({ length: 200 }, (_, i) => hashOf(i));
    const firstOfDay = hashes.map((h) => chooseDestination([A, B, C], visitor, at(clock, h)));
    for (let hour = 1; hour < 24; hour++) {
      clock.advance(3_600_000);
      expect(hashes.map((h) => chooseDestination([A, B, C], visitor, at(clock, h)))).toEqual(firstOfDay);
    }
    clock.advance(3_600_000 - 1);
    expect(clock().toISOString()).toBe('2026-06-05T23:59:59.999Z');
    expect(hashes.map((h) => chooseDestination([A, B, C], visitor, at(clock, h)))).toEqual(firstOfDay);
    clock.advance(1);
    expect(utcDayOf(clock().getTime())).toBe('2026-06-06');
    const nextDay = hashes.map((h) => chooseDestination([A, B, C], visitor, at(clock, h)));
    expect(nextDay).not.toEqual(firstOfDay);
  });

  it('splits two codes independently for the same visitor', () => {
    const clock = testClock('2026-06-05T10:00:00Z');
    const half = [
      { target_url: 'https://a.example', weight: 1 },
      { target_url: 'https://b.example', weight: 1 },
    ];
    const same = Array.from({ length: 400 }, (_, i) => hashOf(i)).filter(
      (h) => chooseDestination(half, visitor, at(clock, h, 'code1')) === chooseDestination(half, visitor, at(clock, h, 'code2')),
    ).length;
    expect(same).toBeGreaterThan(150);
    expect(same).toBeLessThan(250);
  });

  it('uses the daily visitor hash of the unique counts as it is', () => {
    const clock = testClock('2026-06-05T10:00:00Z');
    const hash = visitorHash('salt-of-the-day', '203.0.113.7', 'Mozilla/5.0');
    const chosen = chooseDestination([A, B, C], visitor, at(clock, hash));
    const fraction = stickyFraction(hash, '2026-06-05', 'Ab3dE7x');
    expect(chosen).toBe(fraction < 0.7 ? A : fraction < 0.9 ? B : C);
  });

  it('applies the rules first: weights split only the entries of the matching rule', () => {
    const clock = testClock('2026-06-05T10:00:00Z');
    const destinations: Destination[] = [
      { target_url: 'https://default.example', weight: 50 },
      { target_url: 'https://everyone-b.example', weight: 50 },
      { target_url: 'https://fr.example', country: 'FR' },
      { target_url: 'https://de-1.example', country: 'DE', weight: 1 },
      { target_url: 'https://de-2.example', country: 'DE', weight: 3 },
      { target_url: 'https://de-mobile.example', country: 'DE', device: 'mobile', weight: 100 },
    ];
    const seen = new Set(Array.from({ length: 400 }, (_, i) => chooseDestination(destinations, visitor, at(clock, hashOf(i))).target_url));
    expect(seen).toEqual(new Set(['https://de-1.example', 'https://de-2.example']));
    const inItaly = new Set(
      Array.from({ length: 400 }, (_, i) => chooseDestination(destinations, { ...visitor, country: 'IT' }, at(clock, hashOf(i))).target_url),
    );
    expect(inItaly).toEqual(new Set(['https://default.example', 'https://everyone-b.example']));
  });

  it('gives an entry of weight 0, or without a weight in a weighted group, no scans', () => {
    const clock = testClock('2026-06-05T10:00:00Z');
    const destinations: Destination[] = [
      { target_url: 'https://default.example' },
      { target_url: 'https://off.example', weight: 0 },
      { target_url: 'https://on.example', weight: 5 },
    ];
    const seen = new Set(Array.from({ length: 300 }, (_, i) => chooseDestination(destinations, visitor, at(clock, hashOf(i))).target_url));
    expect(seen).toEqual(new Set(['https://on.example']));
  });

  it('takes the first entry of the group when no weight is positive, or without stickiness', () => {
    const clock = testClock('2026-06-05T10:00:00Z');
    const zero: Destination[] = [
      { target_url: 'https://default.example', weight: 0 },
      { target_url: 'https://b.example', weight: 0 },
    ];
    expect(chooseDestination(zero, visitor, at(clock, hashOf(1))).target_url).toBe('https://default.example');
    expect(chooseDestination([A, B, C], visitor).target_url).toBe(A.target_url);
  });
});

describe('stickyFraction', () => {
  it('is in [0, 1), deterministic, and differs by hash, day and code', () => {
    const f = stickyFraction('h', '2026-06-05', 'c');
    expect(f).toBeGreaterThanOrEqual(0);
    expect(f).toBeLessThan(1);
    expect(stickyFraction('h', '2026-06-05', 'c')).toBe(f);
    expect(stickyFraction('h2', '2026-06-05', 'c')).not.toBe(f);
    expect(stickyFraction('h', '2026-06-06', 'c')).not.toBe(f);
    expect(stickyFraction('h', '2026-06-05', 'c2')).not.toBe(f);
  });

  it('keeps the parts apart', () => {
    expect(stickyFraction('ab', 'c', 'd')).not.toBe(stickyFraction('a', 'bc', 'd'));
  });
});
