import { resolveCountry } from './resolve-country';

const US_IP = '8.8.8.8';

describe('resolveCountry', () => {
  it('takes a trusted header over the IP', () => {
    expect(resolveCountry({ ip: US_IP, geoHeaderValue: 'DE', trustProxy: true })).toBe('DE');
  });

  it('ignores the header without trustProxy: the client could pick its country', () => {
    expect(resolveCountry({ ip: US_IP, geoHeaderValue: 'DE', trustProxy: false })).toBe('US');
  });

  it.each([undefined, '', '   '])('falls back to the IP when the header is %j', (geoHeaderValue) => {
    expect(resolveCountry({ ip: US_IP, geoHeaderValue, trustProxy: true })).toBe('US');
  });

  it.each([
    ['de', 'DE'],
    [' fr ', 'FR'],
    ['Ch', 'CH'],
  ])('uppercases %j → %s', (geoHeaderValue, country) => {
    expect(resolveCountry({ ip: US_IP, geoHeaderValue, trustProxy: true })).toBe(country);
  });

  it.each(['XX', 'xx', 'T1', 'A1', 'A2', 'O1', 'ZZ', 'EU', 'AP', 'DEU', 'D', '12', 'D1', 'Germany', 'DE,FR', '<b>'])(
    'reads %j from a trusted proxy as no country (the proxy did not know)',
    (geoHeaderValue) => {
      expect(resolveCountry({ ip: US_IP, geoHeaderValue, trustProxy: true })).toBeNull();
    },
  );

  it('has no country for a private address without a header', () => {
    expect(resolveCountry({ ip: '10.0.0.1', geoHeaderValue: undefined, trustProxy: false })).toBeNull();
    expect(resolveCountry({ ip: null, geoHeaderValue: undefined, trustProxy: true })).toBeNull();
  });
});
