import { Resolver } from 'node:dns/promises';
import { startDnsResponder } from './dns-responder';

describe('local DNS responder (test infrastructure)', () => {
  it('answers TXT and A (in turn) to node’s resolver, and NXDOMAIN otherwise', async () => {
    const dns = await startDnsResponder();
    try {
      dns.set('_qr-verify.qr.example.com', { TXT: [['qr-verify=abc'], ['other', 'split']] });
      dns.set('hooks.example.com', { A: [['93.184.216.34'], ['127.0.0.1']] });
      const resolver = new Resolver({ timeout: 1000, tries: 1 });
      resolver.setServers([dns.address]);
      expect(await resolver.resolveTxt('_qr-verify.qr.example.com')).toEqual([['qr-verify=abc'], ['other', 'split']]);
      expect(await resolver.resolve4('hooks.example.com')).toEqual(['93.184.216.34']);
      expect(await resolver.resolve4('hooks.example.com')).toEqual(['127.0.0.1']);
      await expect(resolver.resolveTxt('nothing.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      expect(dns.queries()).toContain('TXT _qr-verify.qr.example.com');
    } finally {
      await dns.close();
    }
  });
});
