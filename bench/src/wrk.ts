import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx3xx: number;
}

/**
 * wrk with latency percentiles: `threads` threads, `connections` connections, `seconds` long, each
 * request with `headers`; `script` is a Lua file of wrk's (a `request` function choosing the path).
 */
export async function wrk(
  url: string,
  o: { connections?: number; seconds?: number; threads?: number; headers?: Record<string, string>; script?: string } = {},
): Promise<LoadResult> {
  const args = ['-t', String(o.threads ?? 2), '-c', String(o.connections ?? 50), '-d', `${o.seconds ?? 8}s`, '--latency'];
  for (const [name, value] of Object.entries(o.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (o.script) args.push('-s', o.script);
  args.push(url);
  const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 }).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new Error('the redirect benchmarks need wrk (Debian: apt-get install wrk)') : err;
  });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  if (!rps) throw new Error(`unexpected wrk output:\n${stdout}`);
  return {
    requestsPerSecond: Number(rps[1]),
    p50Ms: latency(stdout, '50%'),
    p99Ms: latency(stdout, '99%'),
    non2xx3xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

function latency(out: string, label: string): number {
  const m = new RegExp(`\\s${label}\\s+([\\d.]+)(us|ms|s)`).exec(out);
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}
