import { createServer, get, type Server } from 'node:http';
import type { Response } from 'express';
import { JsonLogger } from '@qr/platform';
import { waitUntil } from '@qr/testing';
import { streamResponse } from './stream-response';

describe('streamResponse over a real socket', () => {
  let server: Server;
  let url: string;
  let body: () => AsyncGenerator<string>;
  let finished: Promise<void>;
  const logger = new JsonLogger('silent', {});

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      finished = streamResponse(res as unknown as Response, body(), logger, 'test');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('ends the producer as soon as the reader goes away', async () => {
    let produced = 0;
    let ended = false;
    body = async function* () {
      try {
        for (;;) {
          produced += 1;
          yield 'x'.repeat(64 * 1024);
          await new Promise((r) => setTimeout(r, 5));
        }
      } finally {
        ended = true;
      }
    };
    await new Promise<void>((resolve) => {
      const req = get(url, (res) => res.once('data', () => (req.destroy(), resolve())));
    });
    await waitUntil(() => ended, 'the generator to be ended after the client left', 3000);
    await finished;
    const after = produced;
    await new Promise((r) => setTimeout(r, 100));
    expect(produced).toBe(after);
  });

  it('sends everything a producer yields, then ends the response', async () => {
    body = async function* () {
      yield 'a';
      yield 'b';
      yield 'c';
    };
    const text = await new Promise<string>((resolve) =>
      get(url, (res) => {
        let all = '';
        res.on('data', (c: Buffer) => (all += c.toString()));
        res.on('end', () => resolve(all));
      }),
    );
    expect(text).toBe('abc');
  });
});
