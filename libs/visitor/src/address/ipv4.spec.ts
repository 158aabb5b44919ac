import { isPublicIpv4, parseIpv4 } from './ipv4';

describe('parseIpv4', () => {
  it.each([
    ['0.0.0.0', 0],
    ['8.8.8.8', 0x08080808],
    ['255.255.255.255', 0xffffffff],
    ['10.0.200.9', 0x0a00c809],
    ['1.20.255.0', 0x0114ff00],
  ])('%s → %i', (address, value) => {
    expect(parseIpv4(address)).toBe(value);
  });

  it.each([
    '',
    '1.2.3',
    '1.2.3.4.5',
    '256.0.0.1',
    '01.2.3.4',
    '1.2.3.x',
    '1.2.3.-4',
    ' 1.2.3.4',
    '1..3.4',
    '1.2.3.4 ',
    '.1.2.3',
    '1.2.3.',
    '1.2.3.00',
    '1.2.3.0255',
    '1.2.3.1000',
    '1.2.3.４',
    '::ffff:1.2.3.4',
  ])('refuses %j', (address) => {
    expect(parseIpv4(address)).toBeNull();
  });
});

describe('isPublicIpv4', () => {
  const isPublic = (address: string) => isPublicIpv4(parseIpv4(address) ?? 0);

  it.each([
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.10.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
  ])('%s is not public', (address) => {
    expect(isPublic(address)).toBe(false);
  });

  it.each(['8.8.8.8', '9.255.255.255', '11.0.0.0', '172.15.255.255', '172.32.0.0', '100.128.0.0', '193.0.6.139'])('%s is public', (address) => {
    expect(isPublic(address)).toBe(true);
  });
});
