import { tlsAskAnswer } from './tls-ask';

describe('tlsAskAnswer', () => {
  const verified = new Set(['go.shop.example']);
  const asked: string[] = [];
  const isVerified = async (hostname: string) => (asked.push(hostname), verified.has(hostname));

  it('allows a verified domain, whatever its case or trailing dot', async () => {
    expect(await tlsAskAnswer('go.shop.example', isVerified)).toEqual({ status: 200, answer: 'allowed' });
    expect(await tlsAskAnswer('GO.Shop.Example.', isVerified)).toEqual({ status: 200, answer: 'allowed' });
  });

  it('refuses any other hostname with the same answer', async () => {
    expect(await tlsAskAnswer('pending.shop.example', isVerified)).toEqual({ status: 404, answer: 'refused' });
    expect(await tlsAskAnswer('shop.example', isVerified)).toEqual({ status: 404, answer: 'refused' });
  });

  it('does not look up what is not a DNS hostname', async () => {
    asked.length = 0;
    for (const domain of [null, '', '127.0.0.1', 'localhost', 'a..example', 'x'.repeat(300) + '.example', "go.shop.example' OR 1=1"]) {
      expect(await tlsAskAnswer(domain, isVerified)).toEqual({ status: 400, answer: 'bad_request' });
    }
    expect(asked).toEqual([]);
  });
});
