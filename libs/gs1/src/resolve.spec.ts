import { type Gs1Candidate, type Gs1ResolverRequest, GS1_RESOLVER_HEADERS, type ParsedGs1Request, parseGs1Request, resolveGs1 } from './resolve';
import { resolverDescription } from './resolver-description';
import { GTIN, LOT, PRODUCT, SERIAL } from './testing/sample-codes';

const ORIGIN = 'https://id.brand.com';
const CODES: Array<Gs1Candidate & { id: string }> = [
  { id: 'product', content: PRODUCT },
  { id: 'lot', content: LOT },
  { id: 'serial', content: SERIAL },
];

function parse(path: string, query = '', headers: Partial<Gs1ResolverRequest> = {}): ParsedGs1Request {
  const parsed = parseGs1Request({ origin: ORIGIN, path, query, ...headers });
  if (!parsed.ok) throw new Error(`not parsed: ${JSON.stringify(parsed.problems)}`);
  return parsed.request;
}

function resolve(path: string, query = '', headers: Partial<Gs1ResolverRequest> = {}, codes = CODES) {
  return resolveGs1(parse(path, query, headers), codes);
}

function problems(path: string, query = ''): Array<[string, string]> {
  const parsed = parseGs1Request({ origin: ORIGIN, path, query });
  return parsed.ok ? [] : parsed.problems.map((problem) => [problem.pointer, problem.code]);
}

describe('parseGs1Request', () => {
  it('gives the levels to look up and the canonical request URI', () => {
    const request = parse('/01/9506000134352/10/ABC123/21/S%2f1/', '17=270101&linkType=https%3A%2F%2Fref.gs1.org%2Fvoc%2Fpip&context=GB', {
      accept: 'text/html',
      acceptLanguage: 'fr',
    });
    expect(request).toEqual({
      origin: ORIGIN,
      key: { gtin: GTIN, lot: 'ABC123', serial: 'S/1' },
      levelPaths: [`/01/${GTIN}/10/ABC123/21/S%2F1`, `/01/${GTIN}/10/ABC123`, `/01/${GTIN}`],
      requestUri: `${ORIGIN}/01/${GTIN}/10/ABC123/21/S%2F1`,
      linkType: 'gs1:pip',
      wantsLinkset: false,
      context: 'GB',
      passOnQuery: '17=270101&linkType=https%3A%2F%2Fref.gs1.org%2Fvoc%2Fpip&context=GB',
      accept: 'text/html',
      acceptLanguage: 'fr',
      uncompressedUri: undefined,
    });
  });

  it.each([
    ['linkType=linkset', undefined, true],
    ['linkType=all', undefined, true],
    ['', 'application/linkset+json', true],
    ['linkType=all', 'application/linkset+json', true],
    ['linkType=gs1:pip', 'application/linkset+json', false],
    ['', 'text/html,*/*;q=0.8', false],
    ['', undefined, false],
  ])('?%s with Accept %s wants the linkset: %s', (query, accept, expected) => {
    expect(parse(`/01/${GTIN}`, query, { accept }).wantsLinkset).toBe(expected);
  });

  it('keeps an unknown linkType as sent', () => {
    expect(parse(`/01/${GTIN}`, 'linkType=gs1:nosuchlt').linkType).toBe('gs1:nosuchlt');
  });

  it.each([
    [`/01/${GTIN}/foo`, '', [['/path', 'invalid_path']]],
    ['/01/09506000134353', '', [['/path/01', 'invalid_check_digit']]],
    [`/01/${GTIN}/21/S/10/L`, '', [['/path/10', 'qualifier_order']]],
    [`/01/${GTIN}`, '10=L1', [['/query/10', 'not_allowed_in_query']]],
    [`/01/${GTIN}`, '01=09506000134352', [['/query/01', 'not_allowed_in_query']]],
    [`/01/${GTIN}`, '414=9506000000004', [['/query/414', 'not_allowed_in_query']]],
    [`/01/${GTIN}`, '17=271399', [['/query/17', 'invalid_date']]],
    [`/01/${GTIN}`, '17=270101&17=270102', [['/query/17', 'duplicate']]],
    [`/01/${GTIN}`, '3102=000025&3103=000250', [['/query/3103', 'duplicate']]],
    [`/01/${GTIN}`, 'x=%E0%A4%A', [['/query', 'invalid_encoding']]],
    [
      `/01/${GTIN}/17/270101`,
      '10=L',
      [
        ['/path/17', 'not_allowed_in_path'],
        ['/query/10', 'not_allowed_in_query'],
      ],
    ],
  ])('%s?%s → 400 %j', (path, query, expected) => {
    expect(problems(path, query)).toEqual(expected);
  });

  it('passes other parameters, other AIs included, on unchecked', () => {
    expect(problems(`/01/${GTIN}`, 'foo=bar&240=X%20Y&3922=123&utm_source=x&flag')).toEqual([]);
  });

  describe('compressed URIs', () => {
    it('are decompressed and parsed like the uncompressed URI, with data attributes from both', () => {
      const request = parse('/CxFKk4XBoI1XgkYug-Kg', 'foo=bar');
      expect(request.key).toEqual({ gtin: GTIN, lot: 'ABC123' });
      expect(request.requestUri).toBe(`${ORIGIN}/01/${GTIN}/10/ABC123`);
      expect(request.passOnQuery).toBe('17=270101&foo=bar');
      expect(request.uncompressedUri).toBe(`${ORIGIN}/01/${GTIN}/10/ABC123?17=270101&foo=bar`);
    });

    it('that do not decompress are a 400', () => {
      expect(problems('/Dashboard')).toEqual([['/path', 'invalid_compression']]);
    });
  });
});

describe('resolveGs1', () => {
  it('redirects to the default link of the most specific code, and says which code and link type', () => {
    const answer = resolve(`/01/${GTIN}/10/ABC123`);
    expect(answer).toMatchObject({
      kind: 'redirect',
      status: 307,
      location: 'https://brand.example/lots/ABC123/recall',
      linkType: 'gs1:recallStatus',
      code: { id: 'lot' },
      linkOwner: { id: 'lot' },
    });
    expect(answer.headers).toEqual({
      ...GS1_RESOLVER_HEADERS,
      Location: 'https://brand.example/lots/ABC123/recall',
      Link: `<${ORIGIN}/01/${GTIN}/10/ABC123?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    });
  });

  it.each([
    [`/01/${GTIN}/10/ABC123/21/S%2F1`, 'serial', 'https://brand.example/dpp/S1'],
    [`/01/${GTIN}/10/ABC123/21/UNKNOWN`, 'lot', 'https://brand.example/lots/ABC123/recall'],
    [`/01/${GTIN}/10/KL8G`, 'product', 'https://brand.example/en/pip'],
    [`/01/${GTIN}/21/S%2F1`, 'product', 'https://brand.example/en/pip'], // a serial without the lot is another level
    [`/01/${GTIN}/22/V/10/ABC123`, 'product', 'https://brand.example/en/pip'], // the lot of another variant
    [`/01/${GTIN}`, 'product', 'https://brand.example/en/pip'],
  ])('%s falls back to the %s', (path, id, location) => {
    expect(resolve(path)).toMatchObject({ kind: 'redirect', code: { id }, location });
  });

  it('answers a linkType from the most specific level that has it', () => {
    expect(resolve(`/01/${GTIN}/10/ABC123/21/S%2F1`, 'linkType=gs1:recallStatus')).toMatchObject({
      location: 'https://brand.example/lots/ABC123/recall?linkType=gs1:recallStatus',
      code: { id: 'serial' },
      linkOwner: { id: 'lot' },
    });
    expect(resolve(`/01/${GTIN}/10/ABC123/21/S%2F1`, 'linkType=gs1%3Apip')).toMatchObject({
      location: 'https://brand.example/en/pip?linkType=gs1%3Apip',
      linkOwner: { id: 'product' },
    });
  });

  it('treats gs1:defaultLink and gs1:defaultLinkMulti as no linkType', () => {
    expect(resolve(`/01/${GTIN}/10/ABC123`, 'linkType=gs1:defaultLink')).toMatchObject({ linkType: 'gs1:recallStatus' });
    expect(resolve(`/01/${GTIN}`, 'linkType=gs1:defaultLinkMulti', { acceptLanguage: 'fr' })).toMatchObject({
      location: expect.stringMatching(/^https:\/\/brand\.example\/fr\/pip/),
    });
  });

  it('chooses among the default link and its siblings by language', () => {
    expect(resolve(`/01/${GTIN}`, '', { acceptLanguage: 'fr-FR,fr;q=0.9' })).toMatchObject({ location: 'https://brand.example/fr/pip', linkType: 'gs1:pip' });
    expect(resolve(`/01/${GTIN}`, '', { acceptLanguage: 'de' })).toMatchObject({ location: 'https://brand.example/en/pip' });
  });

  it('chooses by media type and by context', () => {
    expect(resolve(`/01/${GTIN}`, 'linkType=gs1:certificationInfo', { accept: 'application/pdf' })).toMatchObject({
      link: { href: 'https://brand.example/cert.pdf' },
    });
    expect(resolve(`/01/${GTIN}`, 'linkType=gs1:certificationInfo', { accept: 'text/html' })).toMatchObject({ link: { href: 'https://brand.example/cert' } });
    expect(resolve(`/01/${GTIN}`, 'linkType=gs1:nutritionalInfo&context=DE')).toMatchObject({
      location: 'https://brand.example/nutrition-de?linkType=gs1:nutritionalInfo&context=DE#table',
    });
    expect(resolve(`/01/${GTIN}`, 'context=GB&linkType=gs1:nutritionalInfo')).toMatchObject({
      location: 'https://brand.example/nutrition?src=qr&context=GB&linkType=gs1:nutritionalInfo',
    });
  });

  it('passes the query string on as received, and adds nothing without one', () => {
    expect(resolve(`/01/${GTIN}`, 'foo=bar&17=270101')).toMatchObject({ location: 'https://brand.example/en/pip?foo=bar&17=270101' });
    expect(resolve(`/01/${GTIN}`, '')).toMatchObject({ location: 'https://brand.example/en/pip' });
  });

  it('answers 404 when no level has the link type, with the linkset still linked', () => {
    const answer = resolve(`/01/${GTIN}/10/ABC123`, 'linkType=gs1:nosuchlt');
    expect(answer).toMatchObject({ kind: 'not_found', status: 404, reason: 'no_link_of_type', linkType: 'gs1:nosuchlt', code: { id: 'lot' } });
    expect(answer.headers.Link).toContain('rel="linkset"');
    expect(resolve(`/01/${GTIN}/10/ABC123`, 'linkType=gs1:dpp')).toMatchObject({ kind: 'not_found', reason: 'no_link_of_type' });
  });

  it('answers 404 when no level exists', () => {
    const answer = resolve('/01/96385074/10/L1');
    expect(answer).toMatchObject({ kind: 'not_found', status: 404, reason: 'no_code' });
    expect(answer.headers).toEqual(GS1_RESOLVER_HEADERS);
    expect(resolve(`/01/${GTIN}/10/ABC123`, '', {}, [CODES[2]])).toMatchObject({ kind: 'not_found', reason: 'no_code' });
  });

  it('answers the linkset of every level up to the GTIN', () => {
    const answer = resolve(`/01/${GTIN}/10/ABC123/21/S%2F1`, 'linkType=linkset');
    if (answer.kind !== 'linkset') throw new Error(answer.kind);
    expect(answer.linkType).toBe('linkset');
    expect(answer.code.id).toBe('serial');
    expect(answer.body.linkset.map((context) => context.anchor)).toEqual([
      `${ORIGIN}/01/${GTIN}/10/ABC123/21/S%2F1`,
      `${ORIGIN}/01/${GTIN}/10/ABC123`,
      `${ORIGIN}/01/${GTIN}`,
    ]);
    expect(answer.headers['Content-Type']).toBe('application/linkset+json');
    expect(answer.headers.Link).toBe(
      `<${ORIGIN}/01/${GTIN}/10/ABC123/21/S%2F1?linkType=linkset>; rel="linkset"; type="application/linkset+json", ` +
        '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
    );
  });

  it('anchors the linkset of an unknown lot at the levels that exist', () => {
    const answer = resolve(`/01/${GTIN}/10/KL8G`, '', { accept: 'application/linkset+json' });
    expect(answer.kind === 'linkset' && answer.body.linkset.map((context) => context.anchor)).toEqual([`${ORIGIN}/01/${GTIN}`]);
  });

  it('links the uncompressed URI when the request was compressed', () => {
    const answer = resolve('/CxFKk4XBoI1XgkYug-Kg');
    expect(answer).toMatchObject({ kind: 'redirect', code: { id: 'lot' }, location: 'https://brand.example/lots/ABC123/recall?17=270101' });
    expect(answer.headers.Link).toBe(
      `<${ORIGIN}/01/${GTIN}/10/ABC123?linkType=linkset>; rel="linkset"; type="application/linkset+json", <${ORIGIN}/01/${GTIN}/10/ABC123?17=270101>; rel="owl:sameAs"`,
    );
  });

  it('answers 404, not an exception, for a stored code without links', () => {
    expect(resolve(`/01/${GTIN}`, '', {}, [{ id: 'empty', content: { ...PRODUCT, links: [] } }])).toMatchObject({
      kind: 'not_found',
      reason: 'no_link_of_type',
    });
  });

  it('uses a candidate path the caller already has', () => {
    const stored = [{ id: 'x', content: PRODUCT, path: `/01/${GTIN}/10/ABC123` }];
    expect(resolve(`/01/${GTIN}/10/ABC123`, '', {}, stored)).toMatchObject({ kind: 'redirect', code: { id: 'x' } });
  });
});

describe('resolverDescription', () => {
  it('describes a GTIN resolver on the origin', () => {
    expect(resolverDescription(ORIGIN, 'Brand resolver')).toEqual({
      name: 'Brand resolver',
      resolverRoot: ORIGIN,
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
  });
});
