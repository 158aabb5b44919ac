import { isValidTimeZone } from './is-valid-time-zone';

describe('isValidTimeZone', () => {
  it.each([
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Asia/Kolkata',
    'Asia/Calcutta',
    'Asia/Kathmandu',
    'America/Argentina/Buenos_Aires',
    'US/Eastern',
    'Etc/GMT+5',
    'europe/berlin',
  ])('accepts %s', (tz) => expect(isValidTimeZone(tz)).toBe(true));

  it.each(['', 'Foo/Bar', 'Europe/Berlín', '+01:00', '-05:00', 'Z', 'UTC+1', ' Europe/Berlin', 'Europe/Berlin ', '../etc/passwd'])('rejects %j', (tz) =>
    expect(isValidTimeZone(tz)).toBe(false),
  );
});
