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

  beforeAll(async () => {
    dir = createTempDir('fuzz');
    const port = await freePort();
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
});
