import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchRow, renderTable } from './bench-report';
import { benchBulkCreate } from './bulk-create.bench';
import { benchQrRender } from './qr-render.bench';
import { benchRedirect } from './redirect.bench';
import { benchAnalyticsIngest, benchAnalyticsQuery } from './analytics.bench';
import { benchFreshness } from './freshness.bench';
import { benchWebhooks } from './webhooks.bench';

const DOC = join(__dirname, '../../../docs/benchmarks.md');
const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';

/**
 * `npm run bench`: every benchmark, each against a baseline measured in the same run, written into
 * docs/benchmarks.md between the markers. `npm run bench -- render` runs only the named ones.
 */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const suites: Array<[string, () => BenchRow[] | Promise<BenchRow[]>]> = [
    ['render', () => benchQrRender()],
    ['bulk', () => benchBulkCreate()],
    ['redirect', () => benchRedirect()],
    ['ingest', () => benchAnalyticsIngest()],
    ['analytics', () => benchAnalyticsQuery()],
    ['freshness', () => benchFreshness()],
    ['webhooks', () => benchWebhooks()],
  ];
  const rows: BenchRow[] = [];
  for (const [name, run] of suites) {
    if (only.length && !only.includes(name)) continue;
    process.stderr.write(`bench: ${name}…\n`);
    const got = await run();
    for (const r of got) process.stderr.write(`  ${r.benchmark}: ${r.figure} | ${r.baseline} | ${r.ratio?.toFixed(2) ?? '–'}×\n`);
    rows.push(...got);
  }
  const table = renderTable(rows, new Date());
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  writeFileSync(DOC, `${doc.slice(0, start + BEGIN.length)}\n${table}\n${doc.slice(end)}`);
  process.stdout.write(`${table}\n`);
}

void main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
