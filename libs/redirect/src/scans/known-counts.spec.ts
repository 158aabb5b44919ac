import { KnownCounts } from './known-counts';

describe('KnownCounts', () => {
  it('predicts the larger of what it was told and the row’s count: counts only grow', () => {
    const counts = new KnownCounts();
    expect(counts.predict('qr_a', 4)).toBe(4);
    counts.set('qr_a', 10);
    expect(counts.predict('qr_a', 4)).toBe(10);
    expect(counts.predict('qr_a', 12)).toBe(12);
  });

  it('forgets the code written longest ago past its capacity, and a code written again is the newest', () => {
    const counts = new KnownCounts(2);
    counts.set('qr_a', 1);
    counts.set('qr_b', 2);
    counts.set('qr_a', 3);
    counts.set('qr_c', 4);
    expect([counts.predict('qr_a', 0), counts.predict('qr_b', 0), counts.predict('qr_c', 0)]).toEqual([3, 0, 4]);
  });
});
