import { PLANS } from '@qr/domain';
import { type ImportedLink, type ParsedExport } from './imported-link';
import { parseLinkExport } from './parse-link-export';
import { planLinkImport, type PlanContext } from './plan-link-import';

const link = (record: number, overrides: Partial<ImportedLink> = {}): ImportedLink => ({
  record,
  line: record + 1,
  domain: 'go.acme.example',
  path: `p${record}`,
  destination: `https://acme.example/${record}`,
  tags: [],
  expires_at: null,
  visit_limit: null,
  title: null,
  warnings: [],
  ...overrides,
});
const parsed = (...links: ImportedLink[]): ParsedExport => ({ format: 'shlink', links, unreadable: [], fileProblems: [] });
const context = (overrides: Partial<PlanContext> = {}): PlanContext => ({
  defaultDomain: null,
  domains: new Set(['go.acme.example']),
  existing: () => null,
  plan: PLANS.pro,
  dynamicCodesUsed: 0,
  ...overrides,
});

describe('planLinkImport', () => {
  it('says per record: created, already there (same domain and path), or refused with the reason', () => {
    const existing = new Map([['go.acme.example\u0000p2', { destination: 'https://acme.example/2' }]]);
    const result = planLinkImport(
      parsed(link(1), link(2), link(3, { domain: 'bit.ly' }), link(4, { path: 'api' })),
      context({ existing: (domain, path) => existing.get(`${domain}\u0000${path}`) ?? null }),
    );
    expect(result.records.map((r) => [r.record, r.outcome, r.reasons.map((x) => x.code)])).toEqual([
      [1, 'create', []],
      [2, 'exists', []],
      [3, 'refused', ['domain_not_verified']],
      [4, 'refused', ['reserved']],
    ]);
    expect(result.counts).toEqual({ create: 1, exists: 1, refused: 2 });
    expect(result.allowance).toEqual({ needed: 1, remaining: 300 });
    expect(result.fileProblems).toEqual([]);
  });

  it('compares paths with case, and warns when an existing path goes elsewhere', () => {
    const result = planLinkImport(
      parsed(link(1, { path: 'Promo' }), link(2, { path: 'promo', destination: 'https://acme.example/new' })),
      context({ existing: (_d, path) => (path === 'promo' ? { destination: 'https://acme.example/old' } : null) }),
    );
    expect(result.records.map((r) => [r.outcome, r.warnings.map((w) => w.code)])).toEqual([
      ['create', []],
      ['exists', ['exists_elsewhere']],
    ]);
  });

  it('puts links without a domain on the default domain, or refuses them without one', () => {
    const withoutDomain = parsed(link(1, { domain: null }));
    expect(planLinkImport(withoutDomain, context({ defaultDomain: 'Go.Acme.Example' })).records[0]).toMatchObject({
      outcome: 'create',
      link: { domain: 'go.acme.example' },
    });
    expect(planLinkImport(withoutDomain, context()).records[0]).toMatchObject({ outcome: 'refused', reasons: [{ code: 'no_domain', field: 'domain' }] });
  });

  it('reports every problem of a record at once, each with its field', () => {
    const record = planLinkImport(parsed(link(1, { path: 'a b', destination: 'ftp://x.example', title: 'x'.repeat(201), tags: [' ', 'ignored'] })), context())
      .records[0];
    expect(record.outcome).toBe('refused');
    expect(record.reasons.map((r) => [r.field, r.code])).toEqual([
      ['path', 'invalid'],
      ['destination', 'unsupported_scheme'],
      ['title', 'invalid'],
      ['tags', 'invalid'],
    ]);
  });

  it('puts a link into the folder of its first tag, and says which tags are not kept', () => {
    const record = planLinkImport(parsed(link(1, { tags: ['Spring', 'Boxes', 'x'.repeat(300)] })), context()).records[0];
    expect(record.outcome).toBe('create');
    expect(record.warnings).toEqual([{ code: 'tags_not_kept', field: 'tags', detail: expect.stringContaining('goes into "Spring"; "Boxes", "xxx') }]);
    expect(planLinkImport(parsed(link(1, { tags: ['x'.repeat(201)] })), context()).records[0].reasons).toEqual([
      expect.objectContaining({ field: 'tags', code: 'invalid' }),
    ]);
  });

  it('refuses the whole import when it needs more dynamic codes than the plan has left, as bulk creation does', () => {
    const links = Array.from({ length: 5 }, (_, i) => link(i + 1));
    const tight = planLinkImport(parsed(...links), context({ dynamicCodesUsed: 297 }));
    expect(tight.allowance).toEqual({ needed: 5, remaining: 3 });
    expect(tight.fileProblems).toEqual([{ code: 'dynamic_allowance_exceeded', detail: expect.stringContaining('3 left of 300') }]);
    expect(planLinkImport(parsed(...links), context({ dynamicCodesUsed: 295 })).fileProblems).toEqual([]);
    expect(planLinkImport(parsed(...links), context({ plan: PLANS.agency, dynamicCodesUsed: 10_000 })).allowance).toEqual({ needed: 5, remaining: null });
    expect(planLinkImport(parsed(...links), context({ plan: PLANS.free })).fileProblems).toEqual([
      expect.objectContaining({ code: 'dynamic_allowance_exceeded' }),
    ]);
  });

  it('counts only links it creates against the allowance, so a re-import needs none', () => {
    const all = new Set(['p1', 'p2']);
    const again = planLinkImport(
      parsed(link(1), link(2)),
      context({ plan: PLANS.free, existing: (_d, p) => (all.has(p) ? { destination: `https://acme.example/${p.slice(1)}` } : null) }),
    );
    expect(again.counts).toEqual({ create: 0, exists: 2, refused: 0 });
    expect(again.fileProblems).toEqual([]);
  });

  it('keeps unreadable records in file order with their reasons, and carries file problems', () => {
    const result = planLinkImport(
      parseLinkExport('source,target,hits\n/a/,https://a.example/,1\n/b/,"x"y,1\n/c/,https://c.example/,1\n'),
      context({ defaultDomain: 'go.acme.example' }),
    );
    expect(result.records.map((r) => [r.record, r.line, r.outcome])).toEqual([
      [1, 2, 'create'],
      [2, 3, 'refused'],
      [3, 4, 'create'],
    ]);
    expect(planLinkImport(parseLinkExport('nope\nstill nope\n'), context()).fileProblems).toEqual([expect.objectContaining({ code: 'unknown_format' })]);
  });
});
