import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLANS } from '@qr/domain';
import { MAX_CELL_CHARS, MAX_EXPORT_BYTES } from './limits';
import { parseLinkExport } from './parse-link-export';
import { planLinkImport, type PlanContext } from './plan-link-import';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '..', 'test-fixtures', name)));
const context: PlanContext = {
  defaultDomain: 'go.acme.example',
  domains: new Set(['go.acme.example']),
  existing: () => null,
  plan: PLANS.agency,
  dynamicCodesUsed: 0,
};
const plan = (input: Uint8Array | string) => planLinkImport(parseLinkExport(input), context);
const outcomes = (input: Uint8Array | string) =>
  plan(input).records.map((r) => [r.record, r.outcome, r.reasons.map((x) => x.code), r.warnings.map((x) => x.code)]);

describe('hostile exports: every record gets a reason, nothing crashes', () => {
  it('refuses formula cells where a back-half or destination must be, and warns where text is kept', () => {
    expect(outcomes(fixture('hostile-formulas.csv'))).toEqual([
      [1, 'refused', ['invalid'], []],
      [2, 'refused', ['invalid_url'], []],
      [3, 'create', [], ['formula_like']],
      [4, 'create', [], ['formula_like']],
      [5, 'create', [], ['formula_like']],
      [6, 'refused', ['invalid'], []],
      [7, 'refused', ['unsupported_scheme'], []],
    ]);
    const destination = plan(fixture('hostile-formulas.csv')).records[1].reasons[0];
    expect(destination).toMatchObject({ field: 'destination', detail: expect.stringMatching(/^Destination: /) });
  });

  it('keeps a stray quote as text, and reads on past a record with the wrong number of fields', () => {
    const parsed = parseLinkExport(fixture('hostile-stray-quotes.csv'));
    expect(parsed.links.map((l) => [l.record, l.line, l.path, l.title])).toEqual([
      [1, 2, 'good-1', 'One'],
      [2, 3, 'bad-1', 'Say "hi"'],
      [3, 4, 'bad-2', '"Quoted" then more'],
      [5, 6, 'good-2', 'Comma, quoted "right"'],
    ]);
    expect(parsed.unreadable).toEqual([{ record: 4, line: 5, problems: [expect.objectContaining({ code: 'wrong_field_count' })] }]);
  });

  it('refuses the whole file when a quote is never closed, naming where it opened', () => {
    const parsed = parseLinkExport(fixture('hostile-unclosed-quote.csv'));
    expect(parsed.links).toEqual([]);
    expect(parsed.fileProblems).toEqual([{ code: 'broken_quoting', detail: expect.stringContaining('line 3') }]);
  });

  it('creates the first of duplicate paths and refuses the later ones; case makes another path', () => {
    const result = plan(fixture('hostile-duplicates.csv'));
    expect(result.records.map((r) => [r.record, r.outcome, r.reasons.map((x) => x.detail)])).toEqual([
      [1, 'create', []],
      [2, 'create', []],
      [3, 'refused', ['Record 1 of this file already has go.acme.example/same.']],
      [4, 'create', []],
    ]);
  });

  it('refuses Latin-1 and invalid UTF-8 with the line of the first bad byte', () => {
    expect(parseLinkExport(fixture('hostile-latin1.csv')).fileProblems).toEqual([{ code: 'not_utf8', detail: expect.stringContaining('line 2') }]);
    expect(parseLinkExport(fixture('hostile-invalid-utf8.csv')).fileProblems).toEqual([{ code: 'not_utf8', detail: expect.stringContaining('line 3') }]);
  });

  it('reads UTF-8 and UTF-16 files with a byte order mark', () => {
    expect(parseLinkExport(fixture('bom-utf8.csv')).links).toMatchObject([{ path: 'cafe', destination: 'https://acme.example/café', title: 'Café' }]);
    expect(parseLinkExport(fixture('bom-utf16le.csv')).links).toMatchObject([{ path: 'cafe', destination: 'https://acme.example/café' }]);
  });

  it('refuses a record with a 10 MB cell without echoing it, and reads the others', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const csv = new TextEncoder().encode(
      `source,target,hits\n/ok/,https://acme.example/ok,1\n/big/,https://acme.example/${huge},1\n/after/,https://acme.example/after,1\n`,
    );
    const result = plan(csv);
    expect(result.records.map((r) => [r.record, r.outcome])).toEqual([
      [1, 'create'],
      [2, 'refused'],
      [3, 'create'],
    ]);
    expect(result.records[1].reasons).toEqual([{ code: 'cell_too_long', detail: expect.stringContaining(`at most ${MAX_CELL_CHARS}`) }]);
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
  });

  it('refuses a 10 MB string in a JSON export the same way, naming the field', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const json = JSON.stringify({
      shortUrls: {
        data: [
          { shortCode: 'ok', shortUrl: 'https://go.acme.example/ok', longUrl: 'https://acme.example/ok', tags: [], meta: {} },
          { shortCode: 'big', shortUrl: 'https://go.acme.example/big', longUrl: 'https://acme.example/', tags: ['a', huge], meta: {} },
        ],
      },
    });
    const result = plan(json);
    expect(result.records.map((r) => [r.record, r.outcome, r.reasons.map((x) => x.detail)])).toEqual([
      [1, 'create', []],
      [2, 'refused', [`The field tags.1 has ${huge.length} characters; a field holds at most ${MAX_CELL_CHARS}.`]],
    ]);
  });

  it('refuses an oversized cell in the short-url:list table', () => {
    const table = [
      '+---+',
      '| Short Code | Long URL |',
      '+---+',
      `| big | https://acme.example/${'x'.repeat(MAX_CELL_CHARS)} |`,
      '| ok | https://acme.example/ok |',
      '+---+',
    ].join('\n');
    expect(plan(table).records.map((r) => [r.record, r.line, r.outcome, r.reasons.map((x) => x.code)])).toEqual([
      [1, 4, 'refused', ['cell_too_long']],
      [2, 5, 'create', []],
    ]);
  });

  it('answers a million levels of JSON nesting with a reason, not a stack overflow', () => {
    expect(parseLinkExport('['.repeat(1e6) + ']'.repeat(1e6)).fileProblems).toEqual([expect.objectContaining({ code: 'unknown_format' })]);
  });

  it('refuses a file over the size limit before reading it', () => {
    const big = new Uint8Array(MAX_EXPORT_BYTES + 1).fill(0x61);
    expect(parseLinkExport(big).fileProblems).toEqual([{ code: 'file_too_large', detail: expect.any(String) }]);
  });

  it('refuses binary content and UTF-16 without a byte order mark', () => {
    const utf16NoBom = new Uint8Array(Buffer.from('source,target\n/a/,https://a.example\n', 'utf16le'));
    expect(parseLinkExport(utf16NoBom).fileProblems).toEqual([expect.objectContaining({ code: 'not_text' })]);
  });
});
