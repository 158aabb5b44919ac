import { connect } from 'node:net';
import { type AppProcess, createTempDir, freePort, fuzzApi, fuzzTarget, startApp, type TempDir, waitUntil } from '@qr/testing';

/**
 * CI's share of the fuzzing: 1,000 requests from a fixed seed, so a red build replays exactly.
 * `npm run bench -- fuzz` sends 10,000 from a new seed each run and prints it; a seed that finds
 * something is replayed here with FUZZ_SEED (and FUZZ_RUNS), and what it found gets its own test.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

describe('fuzzing every public and dashboard route', () => {
  let dir: TempDir;
  let server: AppProcess;
  let port: number;

  beforeAll(async () => {
    dir = createTempDir('fuzz');
    port = await freePort();
    server = await startApp('all-in-one', { DATA_DIR: dir.path, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}` });
    await waitUntil(() => /api key:\s+(qrk_\w+)/.exec(server.output()), 'the bootstrap key');
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it(`answers ${RUNS} hostile requests without a 5xx, each refusal a problem+json that writes nothing`, async () => {
    const target = await fuzzTarget(server, dir.path);
    const report = await fuzzApi(target, { runs: RUNS, seed: SEED });
    expect({ seed: SEED, findings: report.findings }).toEqual({ seed: SEED, findings: [] });
    expect(report.requests).toBe(RUNS);
    // The requests got past authentication to the routes' own checks, and some were accepted.
    expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['200', '404', '422']));
  }, 600_000);

  /** Sends raw bytes on a fresh connection and reads until the server closes it. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    });

  it('answers requests that are not valid HTTP with a problem+json and the status Node gives them, and creates nothing', async () => {
    const key = /api key:\s+(qrk_\w+)/.exec(server.output())![1];
    const body = JSON.stringify({ type: 'website', content: { url: 'https://example.com/framing' }, client_ref: 'framing' });
    const cases: Array<[string, string, number, string]> = [
      ['a broken request line', 'GET /api/public/v1/qrcodes HTTP/9.x\r\n\r\n', 400, 'bad_request'],
      ['a header name with a space', 'GET /api/public/v1/qrcodes HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400, 'bad_request'],
      [
        'a chunked create whose chunk size is not hex',
        `POST /api/public/v1/qrcodes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${body}\r\n0\r\n\r\n`,
        400,
        'bad_request',
      ],
      [
        'both Content-Length and chunked (request smuggling)',
        `POST /api/public/v1/qrcodes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
        400,
        'bad_request',
      ],
      ['20 KiB of headers', `GET /api/public/v1/qrcodes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ];
    for (const [what, bytes, status, code] of cases) {
      const answer = await raw(bytes);
      const [head, text] = answer.split('\r\n\r\n');
      expect({ what, status: head.split('\r\n')[0] }).toEqual({ what, status: expect.stringMatching(new RegExp(`^HTTP/1\\.1 ${status} `)) });
      expect(head).toMatch(/^Content-Type: application\/problem\+json$/im);
      expect(head).toMatch(/^Connection: close$/im);
      expect(JSON.parse(text)).toMatchObject({ status, code, type: expect.stringContaining(`#error-${code}`), request_id: expect.stringMatching(/^req_/) });
    }
    // The server still serves, and no framing case created the code.
    const list = await fetch(`http://127.0.0.1:${port}/api/public/v1/qrcodes?client_ref=framing`, { headers: { authorization: `Bearer ${key}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  }, 60_000);
});
