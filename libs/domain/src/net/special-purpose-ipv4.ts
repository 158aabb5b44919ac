/**
 * IPv4 blocks that are never one public host (IANA IPv4 Special-Purpose Address Registry, RFC 6890
 * and successors): a scan from one has no country, and a webhook may never reach one. Anything
 * outside them is public unicast.
 */
export const SPECIAL_PURPOSE_IPV4: readonly string[] = [
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8', // RFC 1918
  '100.64.0.0/10', // carrier-grade NAT (RFC 6598)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, incl. cloud metadata 169.254.169.254
  '172.16.0.0/12', // RFC 1918
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // deprecated 6to4 relay anycast (RFC 7526)
  '192.168.0.0/16', // RFC 1918
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, incl. broadcast 255.255.255.255
];
