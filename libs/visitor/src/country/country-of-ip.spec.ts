import { countryOfIp } from './country-of-ip';

describe('countryOfIp', () => {
  // Long-held allocations whose country the bundled IP2Location LITE data agrees with.
  it.each([
    ['8.8.8.8', 'US'], // Google Public DNS
    ['193.0.6.139', 'NL'], // RIPE NCC, Amsterdam
    ['133.11.0.1', 'JP'], // University of Tokyo
    ['200.160.2.3', 'BR'], // NIC.br
    ['212.58.244.20', 'GB'], // BBC
  ])('%s → %s', (ip, country) => {
    expect(countryOfIp(ip)).toBe(country);
  });

  it('unwraps IPv4-mapped IPv6', () => {
    expect(countryOfIp('::ffff:8.8.8.8')).toBe('US');
  });

  it.each(['10.1.2.3', '192.168.0.10', '172.20.0.1', '127.0.0.1', '100.64.1.1', '169.254.1.1', '203.0.113.9', '0.0.0.0', '255.255.255.255'])(
    'has no country for the non-public %s',
    (ip) => {
      expect(countryOfIp(ip)).toBeNull();
    },
  );

  it.each(['::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', '2001:4860:4860::8888'])('has no country for IPv6 %s (not in the database)', (ip) => {
    expect(countryOfIp(ip)).toBeNull();
  });

  it.each([null, '', 'garbage', '300.1.1.1', '8.8.8', '8.8.8.8.8', '08.8.8.8', '8.8.8.x', '-8.8.8.8', ' 8.8.8.8 x'])(
    'returns null and does not throw for %j',
    (ip) => {
      expect(countryOfIp(ip)).toBeNull();
    },
  );

  it('does not throw for values a JavaScript caller might pass', () => {
    for (const value of [undefined, 42, {}, [], 'x'.repeat(100_000)]) {
      expect(countryOfIp(value as unknown as string)).toBeNull();
    }
  });
});
