import { type BenchRow, fmt } from './bench-report';
import { median } from './stats';
import { type LoadResult, wrk } from './wrk';

/** Runs and seconds per run; BENCH_RUNS / BENCH_SECONDS shorten them for a smoke run (the table's rows use the defaults). */
export const LOAD = {
  runs: Number(process.env.BENCH_RUNS ?? 5),
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
  warmUpSeconds: Number(process.env.BENCH_WARM_UP_SECONDS ?? 3),
};

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface LoadSummary {
  rps: number;
  p99: number;
  errors: number;
}

/**
 * wrk against every target in the same process, each warmed up first, then LOAD.runs rounds with the
 * targets alternating inside each round (so a burst of other load on the machine falls on all of them),
 * summarized as medians.
 */
export async function alternate<K extends string>(targets: Record<K, LoadTarget>): Promise<Record<K, LoadSummary>> {
  const names = Object.keys(targets) as K[];
  for (const name of names) await wrk(targets[name].url, { seconds: LOAD.warmUpSeconds, headers: targets[name].headers });
  const runs = Object.fromEntries(names.map((n) => [n, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let i = 0; i < LOAD.runs; i++)
    for (const name of names) runs[name].push(await wrk(targets[name].url, { seconds: LOAD.seconds, headers: targets[name].headers }));
  return Object.fromEntries(names.map((n) => [n, summarize(runs[n])])) as Record<K, LoadSummary>;
}

export function summarize(results: LoadResult[]): LoadSummary {
  return {
    rps: median(results.map((r) => r.requestsPerSecond)),
    p99: median(results.map((r) => r.p99Ms)),
    errors: results.reduce((n, r) => n + r.non2xx3xx, 0),
  };
}

/** A row comparing `ours` with a same-run baseline; `target` is the note's "target …" clause. */
export function sameRunRow(name: string, ours: LoadSummary, base: LoadSummary, baseline: string, targets: number, target: string): BenchRow {
  const errors = ours.errors + base.errors;
  return {
    benchmark: name,
    figure: `${fmt.rate(ours.rps, 'req')}; p99 ${fmt.ms(ours.p99)}`,
    baseline: `${baseline} in the same process: ${fmt.rate(base.rps, 'req')}; p99 ${fmt.ms(base.p99)}`,
    ratio: ours.rps / base.rps,
    note: `wrk 50 connections, median of ${LOAD.runs} × ${LOAD.seconds} s after a ${LOAD.warmUpSeconds} s warm-up, the ${targets} targets alternating${errors ? `; ${errors} non-2xx/3xx` : ''}; ${target}`,
  };
}
