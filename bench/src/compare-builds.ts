import { join, resolve } from 'node:path';
import { createTempDir, startApp, type AppProcess } from '@qr/testing';
import { caughtUp, redirectBenchCodes } from './all-in-one-redirect-codes';
import { startBareRedirectServer } from './bare-redirect-server';
import { median } from './stats';
import { wrk } from './wrk';

/**
 * The all-in-one redirect rows of this build against other builds (earlier commits, each built in its
 * own worktree), in the same run: `node dist/bench/src/compare-builds.js <worktree>… [--rounds N]`; the
 * last worktree is the reference. Every server stays up, paused (SIGSTOP) while another is measured;
 * every round starts with a fresh bare node:http server, and the builds go in turn, the order reversed
 * every other round, so a burst of other load on this shared machine falls on all of them. Prints each
 * round's figures and the medians of the rounds' ratios to the reference and to the bare server.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Build {
  name: string;
  server: AppProcess;
  plain: string;
  limited: string;
  done(): Promise<void>;
}

async function startBuild(name: string, appsDir: string): Promise<Build> {
  const dir = createTempDir(`compare-${name}`);
  const env = { DATA_DIR: dir.path };
  const server = await startApp('all-in-one', env, 60_000, appsDir);
  const done = async () => {
    server.child.kill('SIGCONT');
    await server.stop();
    dir.remove();
  };
  try {
    const codes = await redirectBenchCodes(server.url, env, appsDir);
    const build = { name, server, ...codes, done };
    await wrk(`${server.url}/${build.plain}`, { seconds: 3 });
    await wrk(`${server.url}/${build.limited}`, { seconds: 3 });
    await caughtUp(server.url);
    server.child.kill('SIGSTOP');
    return build;
  } catch (err) {
    await done();
    throw err;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const r = args.indexOf('--rounds');
  const rounds = r >= 0 ? Number(args.splice(r, 2)[1]) : 5;
  if (args.length === 0) throw new Error('usage: compare-builds.js <built worktree>… [--rounds N]');
  const builds: Build[] = [];
  const rows: Array<{ bare: number; plain: Record<string, number>; hot: Record<string, number> }> = [];
  try {
    builds.push(await startBuild('this', join(__dirname, '../../apps')));
    for (const [i, dir] of args.entries()) builds.push(await startBuild(`b${i + 1}`, join(resolve(dir), 'dist/apps')));
    console.log(builds.map((b, i) => `${b.name}: ${i ? args[i - 1] : 'this build'}`).join('; '));
    const ref = builds[builds.length - 1].name;
    for (let i = 0; i < rounds; i++) {
      const bare = await startBareRedirectServer();
      const row = {
        bare: (await wrk(bare.url, { seconds: SECONDS })).requestsPerSecond,
        plain: {} as Record<string, number>,
        hot: {} as Record<string, number>,
      };
      await bare.close();
      for (const b of i % 2 ? [...builds].reverse() : builds) {
        b.server.child.kill('SIGCONT');
        await caughtUp(b.server.url);
        row.plain[b.name] = (await wrk(`${b.server.url}/${b.plain}`, { seconds: SECONDS })).requestsPerSecond;
        await caughtUp(b.server.url);
        row.hot[b.name] = (await wrk(`${b.server.url}/${b.limited}`, { seconds: SECONDS })).requestsPerSecond;
        await caughtUp(b.server.url);
        b.server.child.kill('SIGSTOP');
      }
      rows.push(row);
      const each = (k: 'plain' | 'hot') =>
        builds.map((b) => `${b.name} ${row[k][b.name].toFixed(0)} (${(row[k][b.name] / row[k][ref]).toFixed(3)})`).join(', ');
      console.log(`round ${i + 1}: bare ${row.bare.toFixed(0)}; plain ${each('plain')}; hot ${each('hot')}`);
    }
  } finally {
    for (const b of builds) await b.done();
  }
  const ref = builds[builds.length - 1].name;
  for (const b of builds) {
    const m = (f: (r: (typeof rows)[number]) => number) => median(rows.map(f)).toFixed(3);
    console.log(
      `${b.name}: plain ${m((r) => r.plain[b.name] / r.plain[ref])}× the reference, ${m((r) => r.plain[b.name] / r.bare)}× bare; ` +
        `hot ${m((r) => r.hot[b.name] / r.hot[ref])}× the reference, ${m((r) => r.hot[b.name] / r.bare)}× bare (medians of the rounds)`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
