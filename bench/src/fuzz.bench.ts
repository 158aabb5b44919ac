import { createTempDir, freePort, fuzzApi, fuzzTarget, startApp, waitUntil } from '@qr/testing';
import { type BenchRow } from './bench-report';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

/**
 * The full fuzzing run (CI sends 1,000 of these in test/e2e/fuzz-api.e2e-spec.ts): generated requests
 * against every public and dashboard route of a fresh all-in-one server, judged for 5xx, refusals
 * that are not problem+json, and refusals that changed stored data. `FUZZ_SEED` replays a run.
 */
export async function benchFuzz(): Promise<BenchRow[]> {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  process.stderr.write(`  fuzz seed ${seed} (replay: FUZZ_SEED=${seed} npm run bench -- fuzz)\n`);
  const dir = createTempDir('bench-fuzz');
  const port = await freePort();
  const server = await startApp('all-in-one', { DATA_DIR: dir.path, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}` });
  try {
    await waitUntil(() => /api key:\s+(qrk_\w+)/.exec(server.output()), 'the bootstrap key');
    const target = await fuzzTarget(server, dir.path);
    const started = performance.now();
    const report = await fuzzApi(target, { runs: RUNS, seed, onProgress: (done) => done % 1000 === 0 && process.stderr.write(`  ${done} requests\n`) });
    const seconds = (performance.now() - started) / 1000;
    for (const f of report.findings) process.stderr.write(`  FINDING ${f.problem}: ${f.request.method} ${f.request.path}\n`);
    const statuses = Object.entries(report.byStatus)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    return [
      {
        benchmark: `Fuzzing: ${RUNS.toLocaleString('en-US')} generated requests against every public and dashboard route (all-in-one)`,
        figure: `${report.findings.length} findings (seed ${seed})`,
        baseline: '–',
        ratio: null,
        note: `answers ${statuses}; ${(report.requests / seconds).toFixed(0)} requests/s, one at a time, each followed by a read of the stored data's fingerprint. A finding is a 5xx, a refusal that is not problem+json, or a refusal that changed stored data`,
      },
    ];
  } finally {
    await server.stop();
    dir.remove();
  }
}
