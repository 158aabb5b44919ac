import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchRow, renderTable } from './bench-report';
import { benchBulkCreate } from './bulk-create.bench';
import { benchDashboard } from './dashboard.bench';
import { benchQrRender } from './qr-render.bench';
import { benchRedirect } from './redirect.bench';
import { benchBackHalves } from './back-half.bench';
import { benchGs1 } from './gs1.bench';
import { benchPassword } from './password.bench';
import { benchAnalyticsIngest, benchAnalyticsQuery } from './analytics.bench';
import { benchKafkaConsumers, benchKafkaLatency } from './kafka.bench';
import { benchFreshness } from './freshness.bench';
import { benchWebhooks } from './webhooks.bench';
import { benchPdf } from './pdf.bench';
import { benchFuzz } from './fuzz.bench';
import { benchApiLoad } from './api-load.bench';
import { benchDesign } from './design.bench';
import { benchImageDownloads } from './image-downloads.bench';
import { benchDesignedBulkBesideRedirects } from './designed-bulk-beside-redirects.bench';
import { benchValidation } from './validation.bench';

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
    ['design', async () => [...(await benchDesign()), ...(await benchImageDownloads())]],
    ['designed-bulk', () => benchDesignedBulkBesideRedirects()],
    ['bulk', () => benchBulkCreate()],
    ['validation', () => benchValidation()],
    ['redirect', () => benchRedirect()],
    ['back-half', () => benchBackHalves()],
    ['gs1', () => benchGs1()],
    ['password', () => benchPassword()],
    ['ingest', () => benchAnalyticsIngest()],
    ['consumers', () => benchKafkaConsumers()],
    ['analytics', () => benchAnalyticsQuery()],
    ['freshness', () => benchFreshness()],
    ['webhooks', () => benchWebhooks()],
    ['kafka', () => benchKafkaLatency()],
    ['pdf', () => benchPdf()],
    ['dashboard', () => benchDashboard()],
    ['api', () => benchApiLoad()],
    ['fuzz', () => benchFuzz()],
  ];
  const rows: BenchRow[] = [];
  for (const [name, run] of suites) {
    if (only.length && !only.includes(name)) continue;
    process.stderr.write(`bench: ${name}…\n`);
    const got = await run();
    for (const r of got) process.stderr.write(`  ${r.benchmark}: ${r.figure} | ${r.baseline} | ${r.ratio?.toFixed(2) ?? '–'}×\n`);
    rows.push(...got);
  }
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  // A partial run (`npm run bench -- redirect`) replaces only its own rows and keeps the others.
  const table = only.length ? mergeTable(doc.slice(start + BEGIN.length, end), rows) : renderTable(rows, new Date());
  writeFileSync(DOC, `${doc.slice(0, start + BEGIN.length)}\n${table}\n${doc.slice(end)}`);
  process.stdout.write(`${table}\n`);
}

function mergeTable(previous: string, fresh: BenchRow[]): string {
  const fresher = new Map(
    renderTable(fresh, new Date())
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| benchmark'))
      .map((l) => [l.split(' | ')[0], l]),
  );
  const kept = previous.trim().split('\n');
  const rows = kept.filter((l) => l.startsWith('|')).map((l) => (l.startsWith('| ') ? (fresher.get(l.split(' | ')[0]) ?? l) : l));
  for (const [name, line] of fresher) if (!rows.some((l) => l.split(' | ')[0] === name)) rows.push(line);
  const measured = kept[0].startsWith('Measured') ? [kept[0], ''] : [];
  // Paragraphs written under the table by hand stay; only the previous "Rows re-measured" line is replaced.
  const lastRow = kept.map((l) => l.startsWith('|')).lastIndexOf(true);
  const notes = kept
    .slice(lastRow + 1)
    .join('\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('Rows re-measured'));
  // One table: a blank line inside it would end the table there in Markdown.
  return [
    ...measured,
    ...rows,
    '',
    `Rows re-measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${fresh.map((r) => r.benchmark).join('; ')}.`,
    ...notes.flatMap((n) => ['', n]),
  ].join('\n');
}

void main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
