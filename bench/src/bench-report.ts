import { cpus, totalmem } from 'node:os';

/** One row of docs/benchmarks.md: a figure and the baseline measured in the same run. */
export interface BenchRow {
  benchmark: string;
  figure: string;
  baseline: string;
  /** ours ÷ baseline (higher is better for rates). */
  ratio: number | null;
  note?: string;
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

export function renderTable(rows: readonly BenchRow[], when: Date): string {
  const lines = [
    '| benchmark | figure | same-run baseline | ratio | note |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.benchmark} | ${r.figure} | ${r.baseline} | ${r.ratio === null ? '–' : `${r.ratio.toFixed(2)}×`} | ${r.note ?? ''} |`),
  ];
  return [`Measured ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}.`, '', ...lines].join('\n');
}

export const fmt = {
  rate: (n: number, unit: string) => `${Math.round(n).toLocaleString('en-US')} ${unit}/s`,
  ms: (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`,
};
