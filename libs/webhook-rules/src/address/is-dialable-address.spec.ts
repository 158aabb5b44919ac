import { isDialableAddress } from './is-dialable-address';
import { parseWebhookUrl } from './parse-webhook-url';

const NO_EXCEPTIONS = { allowedCidrs: [] };

describe('isDialableAddress — refused', () => {
  it.each([
    // loopback, "this network", unspecified
    ['127.0.0.1', 'loopback'],
    ['127.255.255.255', 'loopback, top edge'],
    ['0.0.0.0', 'this network'],
    ['0.255.255.255', 'this network, top edge'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    // RFC 1918, both edges
    ['10.0.0.0', 'RFC 1918'],
    ['10.255.255.255', 'RFC 1918'],
    ['172.16.0.0', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.168.0.0', 'RFC 1918'],
    ['192.168.255.255', 'RFC 1918'],
    // CGNAT
    ['100.64.0.0', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    // link-local and metadata
    ['169.254.0.0', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.255.255', 'link-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['febf:ffff::1', 'IPv6 link-local, top edge'],
    ['fd00:ec2::254', 'AWS IPv6 metadata (ULA)'],
    // ULA
    ['fc00::', 'ULA'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ULA, top edge'],
    // multicast, broadcast, reserved
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast, top edge'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    // documentation, benchmarking, IETF
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.255', 'TEST-NET-3'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'IPv6 documentation, top edge'],
    ['3fff::1', 'IPv6 documentation (RFC 9637)'],
    ['192.0.0.0', 'IETF protocol assignments'],
    ['192.0.0.170', 'NAT64 discovery'],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking, top edge'],
    ['192.88.99.1', '6to4 relay anycast'],
    // IPv6 forms of refused IPv4
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['[::ffff:7f00:1]', 'IPv4-mapped loopback, bracketed as URL.hostname gives it'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped RFC 1918'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::8.8.8.8', 'IPv4-compatible is deprecated and never routed, even public'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 wrapping loopback'],
    ['2002:c0a8:0101::1', '6to4 wrapping 192.168.1.1'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['100::1', 'IPv6 discard-only'],
    ['fec0::1', 'deprecated site-local'],
    // not IP addresses
    ['fe80::1%eth0', 'zone id'],
    ['localhost', 'a name'],
    ['0x7f.0.0.1', 'not canonical dotted decimal'],
    ['127.1', 'not canonical dotted decimal'],
    ['010.0.0.1', 'leading zero'],
    ['', 'empty'],
  ])('%s (%s)', (ip) => {
    expect(isDialableAddress(ip, NO_EXCEPTIONS)).toBe(false);
  });
});

describe('isDialableAddress — public', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.255',
    '192.0.3.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2001:200::1',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
    '[2606:4700:4700::1111]',
  ])('%s', (ip) => {
    expect(isDialableAddress(ip, NO_EXCEPTIONS)).toBe(true);
  });
});

describe('isDialableAddress — WEBHOOK_ALLOWED_CIDRS', () => {
  const local = { allowedCidrs: ['127.0.0.0/8', '::1/128'] };

  it('lets the allowed ranges through, IPv4-mapped forms included', () => {
    expect(isDialableAddress('127.0.0.1', local)).toBe(true);
    expect(isDialableAddress('127.9.9.9', local)).toBe(true);
    expect(isDialableAddress('::1', local)).toBe(true);
    expect(isDialableAddress('::ffff:127.0.0.1', local)).toBe(true);
  });

  it('lets nothing else through', () => {
    for (const ip of ['10.0.0.1', '169.254.169.254', '::2', 'fe80::1', '128.0.0.0', '::ffff:10.0.0.1']) {
      expect(isDialableAddress(ip, local)).toBe(ip === '128.0.0.0');
    }
  });

  it('takes bare addresses as single hosts and masks host bits', () => {
    expect(isDialableAddress('10.1.2.3', { allowedCidrs: ['10.1.2.3'] })).toBe(true);
    expect(isDialableAddress('10.1.2.4', { allowedCidrs: ['10.1.2.3'] })).toBe(false);
    expect(isDialableAddress('10.1.200.4', { allowedCidrs: ['10.1.2.3/16'] })).toBe(true);
    expect(isDialableAddress('fd12::5', { allowedCidrs: ['fd00::/8'] })).toBe(true);
  });

  it.each(['127.0.0.0/33', '::1/129', 'localhost/8', '10.0.0.0/8/8', '10.0.0.0/-1', '10.0.0.0/'])('throws on the malformed CIDR %p', (cidr) => {
    expect(() => isDialableAddress('8.8.8.8', { allowedCidrs: [cidr] })).toThrow(/invalid CIDR/);
  });
});

describe('parseWebhookUrl', () => {
  const ok = (value: string) => {
    const result = parseWebhookUrl(value, '/url');
    if (!result.ok) throw new Error(`expected ${value} to parse: ${JSON.stringify(result.errors)}`);
    return result.url;
  };

  it('parses an https URL with port, path and query', () => {
    const url = ok('https://hooks.example.com:8443/qr?team=1');
    expect([url.protocol, url.hostname, url.port, url.pathname, url.search]).toEqual(['https:', 'hooks.example.com', '8443', '/qr', '?team=1']);
    expect(ok('HTTP://Example.COM/x').href).toBe('http://example.com/x');
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0xa9fea9fe/latest/meta-data', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:0:0:1]:8080/', '[::1]'],
  ])('normalises the numeric host of %s to %s, which is then refused', (value, hostname) => {
    const url = ok(value);
    expect(url.hostname).toBe(hostname);
    expect(isDialableAddress(url.hostname, NO_EXCEPTIONS)).toBe(false);
  });

  it.each<[unknown, string]>([
    [undefined, 'required'],
    [null, 'required'],
    ['', 'required'],
    [42, 'invalid_type'],
    ['ftp://example.com/hook', 'unsupported_scheme'],
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['gopher://example.com:6379/_', 'unsupported_scheme'],
    ['https://user:pass@example.com/', 'credentials_not_allowed'],
    ['https://user@example.com/', 'credentials_not_allowed'],
    ['https://@example.com/', 'credentials_not_allowed'],
    ['https://example.com@169.254.169.254/', 'credentials_not_allowed'],
    ['http://', 'invalid_url'],
    ['http:///hook', 'invalid_url'],
    ['http:/example.com', 'invalid_url'],
    ['//example.com/hook', 'invalid_url'],
    ['example.com/hook', 'invalid_url'],
    ['http://exa mple.com/', 'invalid_url'],
    [' http://example.com/', 'invalid_url'],
    ['http://example.com/\thook', 'invalid_url'],
    ['http://example.com\\@evil.com/', 'invalid_url'],
    ['http://[fe80::1%25eth0]/', 'invalid_url'],
    ['http://1.2.3.4.5/', 'invalid_url'],
    [`https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`, 'too_long'],
  ])('%p → %s', (value, code) => {
    expect(parseWebhookUrl(value, '/url')).toEqual({ ok: false, errors: [{ pointer: '/url', code, detail: expect.any(String) }] });
  });

  it('accepts exactly 2048 characters', () => {
    expect(ok(`https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`).href).toHaveLength(2048);
  });
});
