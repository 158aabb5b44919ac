import { contrastRatio, normalizeHexColor } from './contrast';

describe('contrast', () => {
  it('is the WCAG 2 ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
  });

  it('reads #rgb and #rrggbb in any case, and nothing else', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColor('#A1b2C3')).toBe('#a1b2c3');
    for (const bad of ['abc', '#abcd', '#abcdef00', 'rgb(0,0,0)', 12, null]) expect(normalizeHexColor(bad)).toBeNull();
  });
});
