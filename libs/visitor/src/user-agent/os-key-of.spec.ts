import { osDisplayName, osKeyOf } from './os-key-of';

describe('osDisplayName', () => {
  it.each([
    ['Mac OS', 'macOS'],
    ['Chromium OS', 'ChromeOS'],
    ['iOS', 'iOS'],
    ['Windows', 'Windows'],
    [undefined, null],
    ['', null],
  ])('%s → %s', (parsed, display) => {
    expect(osDisplayName(parsed)).toBe(display);
  });
});

describe('osKeyOf', () => {
  it.each([
    ['iOS', 'ios'],
    ['iPadOS', 'ios'],
    ['Android', 'android'],
    ['Windows', 'windows'],
    ['Windows Phone', 'windows'],
    ['macOS', 'macos'],
    ['Mac OS', 'macos'],
    ['Linux', 'linux'],
    ['ChromeOS', 'linux'],
    ['Ubuntu', 'linux'],
    ['Fedora', 'linux'],
    ['debian', 'linux'],
    ['Tizen', 'other'],
    ['webOS', 'other'],
    ['watchOS', 'other'],
    ['Xbox', 'other'],
    ['PlayStation', 'other'],
    ['FreeBSD', 'other'],
    [null, 'other'],
  ])('%s → %s', (os, key) => {
    expect(osKeyOf(os)).toBe(key);
  });
});
