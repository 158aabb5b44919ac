import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLinkExport } from './parse-link-export';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '..', 'test-fixtures', name)));
const parse = (name: string) => parseLinkExport(fixture(name));
const none = { tags: [], expires_at: null, visit_limit: null, title: null, warnings: [] };

describe('parseLinkExport: each product’s export', () => {
  it('reads Bitly’s export, keeping the custom (branded) links over bit.ly', () => {
    const parsed = parse('bitly-links.csv');
    expect(parsed.format).toBe('bitly');
    expect(parsed.unreadable).toEqual([]);
    expect(parsed.links.map(({ record, line, domain, path, destination }) => ({ record, line, domain, path, destination }))).toEqual([
      { record: 1, line: 2, domain: 'go.acme.example', path: 'spring', destination: 'https://acme.example/spring?utm_source=box' },
      { record: 2, line: 3, domain: 'go.acme.example', path: 'poster-2025', destination: 'https://acme.example/poster' },
      { record: 2, line: 3, domain: 'go.acme.example', path: 'Poster', destination: 'https://acme.example/poster' },
      { record: 3, line: 4, domain: 'bit.ly', path: '5aBcDeF', destination: 'https://acme.example/plain' },
    ]);
    expect(parsed.links[0]).toMatchObject({ title: 'Spring box', tags: ['packaging', 'spring'], expires_at: null, visit_limit: null });
  });

  it('reads a Bitly file written from its API (link, long_url, custom_bitlinks)', () => {
    expect(parse('bitly-api-links.csv').links).toEqual([
      {
        record: 1,
        line: 2,
        domain: 'go.acme.example',
        path: 'spring',
        destination: 'https://acme.example/spring',
        ...none,
        title: 'Spring box',
        tags: ['packaging', 'spring'],
      },
    ]);
  });

  it('reads Dub’s export: labels, tags split on commas, its formula quote taken off, the root link refused', () => {
    const parsed = parse('dub-links.csv');
    expect(parsed.format).toBe('dub');
    expect(parsed.links).toEqual([
      { record: 1, line: 2, domain: 'go.acme.example', path: 'summer', destination: 'https://acme.example/summer', ...none, tags: ['Packaging', 'Summer'] },
      { record: 2, line: 3, domain: 'go.acme.example', path: 'Summer', destination: 'https://acme.example/summer-caps', ...none, tags: ['=HYPERLINK(1)'] },
    ]);
    expect(parsed.unreadable).toEqual([{ record: 3, line: 4, problems: [expect.objectContaining({ code: 'root_link', field: 'path' })] }]);
  });

  it('reads Dub’s older export with ids for headers, and its title', () => {
    expect(parse('dub-links-legacy.csv')).toMatchObject({ format: 'dub', links: [{ domain: 'go.acme.example', path: 'fall', title: 'Fall flyer' }] });
  });

  it('reads the Shlink web client’s CSV, with multi-segment codes and pipe-joined tags', () => {
    const parsed = parse('shlink-short-urls.csv');
    expect(parsed.format).toBe('shlink');
    expect(parsed.links).toEqual([
      {
        record: 1,
        line: 2,
        domain: 's.acme.example',
        path: 'winter',
        destination: 'https://acme.example/winter',
        ...none,
        title: 'Winter sale',
        tags: ['sale', 'winter'],
      },
      { record: 2, line: 3, domain: 's.acme.example', path: 'promo/2025/box', destination: 'https://acme.example/box', ...none },
    ]);
  });

  it('reads the table short-url:list prints, and refuses a row whose title holds the cell separator', () => {
    const parsed = parse('shlink-short-url-list.txt');
    expect(parsed.format).toBe('shlink');
    expect(parsed.links).toEqual([
      {
        record: 1,
        line: 4,
        domain: 's.acme.example',
        path: 'winter',
        destination: 'https://acme.example/winter',
        ...none,
        title: 'Winter sale',
        tags: ['sale', 'winter'],
      },
      { record: 2, line: 5, domain: 'default.example', path: 'abc12', destination: 'https://acme.example/abc', ...none },
    ]);
    expect(parsed.unreadable).toEqual([{ record: 3, line: 6, problems: [expect.objectContaining({ code: 'wrong_field_count' })] }]);
  });

  it('reads Shlink’s REST list with expiry and visit limit, and reports what it cannot read', () => {
    const parsed = parse('shlink-short-urls.json');
    expect(parsed.format).toBe('shlink');
    expect(parsed.links).toEqual([
      {
        record: 1,
        line: null,
        domain: 's.acme.example',
        path: 'winter',
        destination: 'https://acme.example/winter',
        tags: ['sale', 'winter'],
        expires_at: '2026-03-31T21:59:59Z',
        visit_limit: 500,
        title: 'Winter sale',
        warnings: [],
      },
      {
        ...none,
        record: 2,
        line: null,
        domain: 'default.example',
        path: 'Abc12',
        destination: 'https://acme.example/abc',
        warnings: [expect.objectContaining({ code: 'start_not_kept' })],
      },
    ]);
    expect(parsed.unreadable).toEqual([
      {
        record: 3,
        line: null,
        problems: [
          expect.objectContaining({ code: 'invalid_date', field: 'expires_at' }),
          expect.objectContaining({ code: 'invalid_visit_limit', field: 'visit_limit' }),
        ],
      },
    ]);
  });

  it('reads Kutt’s API list: description as title, expiry, password dropped with a warning, banned links refused', () => {
    const parsed = parse('kutt-links.json');
    expect(parsed.format).toBe('kutt');
    expect(parsed.links).toEqual([
      {
        record: 1,
        line: null,
        domain: 'k.acme.example',
        path: 'autumn',
        destination: 'https://acme.example/autumn',
        tags: [],
        expires_at: '2026-12-31T23:00:00Z',
        visit_limit: null,
        title: 'Autumn leaflet',
        warnings: [expect.objectContaining({ code: 'password_not_kept' })],
      },
      { ...none, record: 2, line: null, domain: 'kutt.example', path: 'x7Yz2', destination: 'https://acme.example/x' },
    ]);
    expect(parsed.unreadable).toEqual([{ record: 3, line: null, problems: [expect.objectContaining({ code: 'banned' })] }]);
  });

  it('reads a bare array of Kutt links and an array of Kutt pages', () => {
    const link = { address: 'a', target: 'https://acme.example/a', link: 'https://k.example/a' };
    expect(parseLinkExport(JSON.stringify([link])).links).toHaveLength(1);
    expect(
      parseLinkExport(JSON.stringify([{ data: [link] }, { data: [{ ...link, address: 'b', link: 'https://k.example/b' }] }])).links.map((l) => l.path),
    ).toEqual(['a', 'b']);
  });

  it('reads the YOURLS Import/Export plugin’s CSV (CRLF, /keyword/) without a domain, case kept', () => {
    const parsed = parse('yourls-export.csv');
    expect(parsed.format).toBe('yourls');
    expect(parsed.links.map(({ record, line, domain, path, destination }) => ({ record, line, domain, path, destination }))).toEqual([
      { record: 1, line: 2, domain: null, path: 'ozh', destination: 'https://ozh.org/' },
      { record: 2, line: 3, domain: null, path: 'yourls', destination: 'https://yourls.org/' },
      { record: 3, line: 4, domain: null, path: 'Ozh', destination: 'https://ozh.org/caps' },
    ]);
  });

  it('reads YOURLS’s url table exported as CSV, with titles', () => {
    expect(parse('yourls-urls-table.csv')).toMatchObject({
      format: 'yourls',
      links: [
        { path: 'ozh', title: 'ozh.org' },
        { path: 'yourlsblog', title: "YOURLS' Blog" },
      ],
    });
  });
});

describe('parseLinkExport: files it cannot take', () => {
  it('refuses a header of no known product, saying which ones it knows', () => {
    expect(parseLinkExport('name,address\nx,y\n')).toEqual({
      format: null,
      links: [],
      unreadable: [],
      fileProblems: [{ code: 'unknown_format', detail: expect.stringContaining('Shlink') }],
    });
  });

  it('refuses JSON that is broken or of no known product', () => {
    expect(parseLinkExport('{"data": [').fileProblems).toEqual([expect.objectContaining({ code: 'invalid_json' })]);
    expect(parseLinkExport('{"links": []}').fileProblems).toEqual([expect.objectContaining({ code: 'unknown_format' })]);
    expect(parseLinkExport('[{"foo": 1}]').fileProblems).toEqual([expect.objectContaining({ code: 'unknown_format' })]);
    expect(parseLinkExport('{"data": []}').fileProblems).toEqual([expect.objectContaining({ code: 'empty' })]);
  });

  it('refuses a header without records, and an empty file', () => {
    expect(parseLinkExport('source,target,hits\n').fileProblems).toEqual([expect.objectContaining({ code: 'empty' })]);
    expect(parseLinkExport('').fileProblems).toEqual([expect.objectContaining({ code: 'empty' })]);
  });

  it('refuses a header that names a column twice', () => {
    expect(parseLinkExport('source,target,Target\n/a/,https://a.example,x\n').fileProblems).toEqual([expect.objectContaining({ code: 'duplicate_column' })]);
  });

  it('refuses more records than one import takes', () => {
    const csv = 'source,target,hits\n' + '/a/,https://a.example,1\n'.repeat(5001);
    expect(parseLinkExport(csv).fileProblems).toEqual([expect.objectContaining({ code: 'too_many_records' })]);
  });
});
