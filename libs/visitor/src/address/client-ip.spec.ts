import { clientIp } from './client-ip';

describe('clientIp', () => {
  describe('trust matrix', () => {
    it.each([
      // remote address, X-Forwarded-For, trustProxy, client
      ['203.0.113.9', undefined, false, '203.0.113.9'],
      ['203.0.113.9', '198.51.100.7', false, '203.0.113.9'],
      ['203.0.113.9', 'garbage', false, '203.0.113.9'],
      ['10.0.0.2', '198.51.100.7', true, '198.51.100.7'],
      ['10.0.0.2', '198.51.100.7, 10.0.0.1, 10.0.0.2', true, '198.51.100.7'],
      ['10.0.0.2', undefined, true, '10.0.0.2'],
      ['10.0.0.2', '', true, '10.0.0.2'],
      ['10.0.0.2', '  ', true, '10.0.0.2'],
      ['10.0.0.2', 'unknown, 198.51.100.7', true, null],
      ['10.0.0.2', 'not-an-ip', true, null],
      [undefined, undefined, false, null],
      [undefined, '198.51.100.7', false, null],
      [undefined, '198.51.100.7', true, '198.51.100.7'],
    ] as const)('socket %s, X-Forwarded-For %j, trustProxy %s → %s', (remote, forwarded, trust, expected) => {
      expect(clientIp(remote, forwarded, trust)).toBe(expected);
    });
  });

  describe('normalisation', () => {
    it.each([
      ['::ffff:203.0.113.9', '203.0.113.9'],
      ['::FFFF:203.0.113.9', '203.0.113.9'],
      ['0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9'],
      ['2001:DB8::1', '2001:db8::1'],
      ['::1', '::1'],
      [' 203.0.113.9 ', '203.0.113.9'],
    ])('socket %s → %s', (remote, expected) => {
      expect(clientIp(remote, undefined, false)).toBe(expected);
    });

    it.each([
      ['203.0.113.9:51234', '203.0.113.9'],
      ['[2001:db8::1]:443', '2001:db8::1'],
      ['[2001:db8::1]', '2001:db8::1'],
      ['::ffff:198.51.100.7', '198.51.100.7'],
    ])('forwarded %s → %s', (forwarded, expected) => {
      expect(clientIp('10.0.0.2', forwarded, true)).toBe(expected);
    });

    it.each(['', 'garbage', '256.1.1.1', '1.2.3', '08.8.8.8', '1.2.3.4.5', '::ffff:999.1.1.1', 'fe80::1::2', '[1.2.3.4'])('returns null for %j', (garbage) => {
      expect(clientIp(garbage, undefined, false)).toBeNull();
    });
  });
});
