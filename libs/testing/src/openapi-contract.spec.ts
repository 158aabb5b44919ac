import { contractViolations, type RecordedExchange } from './openapi-contract';

/** The checker must catch what it exists to catch, or the e2e suites' "no violations" proves nothing. */
describe('contractViolations', () => {
  const document = {
    paths: {
      '/things/{id}': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
      '/things/special': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } } } },
    },
    components: {
      schemas: { Thing: { type: 'object', required: ['id', 'size'], properties: { id: { type: 'string' }, size: { type: 'integer' } } } },
      responses: { NotFound: { content: { 'application/problem+json': { schema: { type: 'object', required: ['code'] } } } } },
    },
  };
  const exchange = (e: Partial<RecordedExchange>): RecordedExchange => ({
    method: 'GET',
    path: '/things/t1',
    status: 200,
    contentType: 'application/json',
    body: { id: 't1', size: 1 },
    ...e,
  });

  it('accepts answers the document describes, through $refs to schemas and responses', () => {
    expect(
      contractViolations(document, [
        exchange({}),
        exchange({ status: 404, contentType: 'application/problem+json; charset=utf-8', body: { code: 'not_found' } }),
      ]),
    ).toEqual([]);
  });

  it('prefers a literal path over a template', () => {
    expect(contractViolations(document, [exchange({ path: '/things/special', body: [] })])).toEqual([]);
  });

  it.each([
    ['a missing required property', exchange({ body: { id: 't1' } }), /must have required property 'size'/],
    ['a wrong type', exchange({ body: { id: 't1', size: 'big' } }), /must be integer/],
    ['an undocumented status', exchange({ status: 500 }), /status not documented/],
    ['an undocumented path', exchange({ path: '/nothing' }), /no such operation/],
    ['an undocumented method', exchange({ method: 'DELETE' }), /no such operation/],
    ['an undocumented media type', exchange({ status: 404, contentType: 'application/json' }), /not documented/],
  ])('reports %s', (_label, recorded, message) => {
    const problems = contractViolations(document, [recorded]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});
