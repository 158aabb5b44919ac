import fc from 'fast-check';
import { describeKey, digitalLinkPath, digitalLinkUri, encodeAiValue, keyLevels, parseDigitalLinkPath } from './digital-link-path';
import { gs1Toolkit } from './testing/gs1-toolkit';

const GTIN = '09506000134352';

function problems(path: string): Array<[string, string]> {
  const parsed = parseDigitalLinkPath(path);
  return parsed.ok ? [] : parsed.problems.map((problem) => [problem.pointer, problem.code]);
}

describe('parseDigitalLinkPath', () => {
  it.each([
    [`/01/${GTIN}`, { gtin: GTIN }],
    [`/01/${GTIN}/`, { gtin: GTIN }],
    ['/01/9506000134352', { gtin: GTIN }],
    ['/01/96385074', { gtin: '00000096385074' }],
    [`/01/${GTIN}/10/ABC123`, { gtin: GTIN, lot: 'ABC123' }],
    [`/01/${GTIN}/21/S1`, { gtin: GTIN, serial: 'S1' }],
    [`/01/${GTIN}/22/V1/10/L1/21/S1`, { gtin: GTIN, cpv: 'V1', lot: 'L1', serial: 'S1' }],
    [`/01/${GTIN}/22/V1/21/S1`, { gtin: GTIN, cpv: 'V1', serial: 'S1' }],
    [`/01/${GTIN}/10/AB%2F1`, { gtin: GTIN, lot: 'AB/1' }],
    [`/01/${GTIN}/10/AB%2f1`, { gtin: GTIN, lot: 'AB/1' }],
    [`/01/${GTIN}/10/%3A%3B%3C%3D%3E%3F`, { gtin: GTIN, lot: ':;<=>?' }],
    [`/01/${GTIN}/10/a'b(c)*!`, { gtin: GTIN, lot: "a'b(c)*!" }],
  ])('%s → %j', (path, key) => {
    expect(parseDigitalLinkPath(path)).toEqual({ ok: true, key });
  });

  it.each([
    [`/01/${GTIN}/foo`, '/path', 'invalid_path'],
    [`/01/${GTIN}/10/L1/foo`, '/path', 'invalid_path'],
    [`/01/${GTIN}//10/L1`, '/path', 'invalid_path'],
    [`/01/${GTIN}//`, '/path', 'invalid_path'],
    ['/01', '/path', 'invalid_path'],
    ['/', '/path', 'invalid_path'],
    ['01/09506000134352', '/path', 'invalid_path'],
    [`/gtin/${GTIN}`, '/path', 'convenience_alpha'],
    [`/GTIN/${GTIN}`, '/path', 'convenience_alpha'],
    ['/414/9506000000004', '/path', 'unsupported_key'],
    ['/00/395060001343520000', '/path', 'unsupported_key'],
    ['/foo/bar', '/path', 'invalid_path'],
    ['/01/09506000134353', '/path/01', 'invalid_check_digit'],
    ['/01/950600013435', '/path/01', 'invalid_check_digit'],
    ['/01/95060001343', '/path/01', 'invalid_gtin'],
    [`/01/${GTIN}/21/S1/10/L1`, '/path/10', 'qualifier_order'],
    [`/01/${GTIN}/10/L1/22/V1`, '/path/22', 'qualifier_order'],
    [`/01/${GTIN}/10/L1/10/L2`, '/path/10', 'qualifier_order'],
    [`/01/${GTIN}/17/270101`, '/path/17', 'not_allowed_in_path'],
    [`/01/${GTIN}/01/${GTIN}`, '/path/01', 'not_allowed_in_path'],
    [`/01/${GTIN}/lot/L1`, '/path/lot', 'not_allowed_in_path'],
    [`/01/${GTIN}/254/X`, '/path/254', 'not_allowed_in_path'],
    [`/01/${GTIN}/10/A%20B`, '/path/10', 'invalid_characters'],
    [`/01/${GTIN}/10/A%C3%84`, '/path/10', 'invalid_characters'],
    [`/01/${GTIN}/10/123456789012345678901`, '/path/10', 'too_long'],
    [`/01/${GTIN}/10/%E0%A4%A`, '/path/10', 'invalid_encoding'],
  ])('%s → %s %s', (path, pointer, code) => {
    expect(problems(path)).toEqual([[pointer, code]]);
  });

  it('reports every bad pair, not just the first', () => {
    expect(problems('/01/09506000134353/17/270101/10/A%20B')).toEqual([
      ['/path/01', 'invalid_check_digit'],
      ['/path/17', 'not_allowed_in_path'],
      ['/path/10', 'invalid_characters'],
    ]);
  });

  it('round-trips every key through its canonical path', () => {
    const value = fc.string({ unit: fc.constantFrom(...`ABCxyz019!"%&'()*+,-./:;<=>?_`), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(fc.option(value, { nil: undefined }), fc.option(value, { nil: undefined }), fc.option(value, { nil: undefined }), (cpv, lot, serial) => {
        const key = JSON.parse(JSON.stringify({ gtin: GTIN, cpv, lot, serial }));
        expect(parseDigitalLinkPath(digitalLinkPath(key))).toEqual({ ok: true, key });
      }),
      { numRuns: 300 },
    );
  });
});

describe('digitalLinkPath and digitalLinkUri', () => {
  it('writes qualifiers in the order 22, 10, 21 and encodes everything but unreserved characters', () => {
    expect(digitalLinkPath({ gtin: GTIN, serial: 'S 1', lot: "L/1'", cpv: 'V*' })).toBe(`/01/${GTIN}/22/V%2A/10/L%2F1%27/21/S%201`);
  });

  it('puts data attributes in the query in ascending AI order', () => {
    expect(
      digitalLinkUri('https://id.brand.com', { gtin: GTIN, lot: 'ABC123' }, { '3103': '000250', '17': '270101', '7003': '2701011200', '11': '260101' }),
    ).toBe(`https://id.brand.com/01/${GTIN}/10/ABC123?11=260101&17=270101&3103=000250&7003=2701011200`);
    expect(digitalLinkUri('https://id.brand.com', { gtin: GTIN })).toBe(`https://id.brand.com/01/${GTIN}`);
  });

  it("is read back by GS1's toolkit as the same element strings", () => {
    const toolkit = gs1Toolkit();
    const uri = digitalLinkUri('https://id.brand.com', { gtin: GTIN, cpv: 'V-1', lot: 'AB/1%', serial: "S'(1)*" }, { '17': '270101', '3103': '000250' });
    expect(toolkit.extractFromGS1digitalLink(uri)).toEqual({
      GS1: { '01': GTIN, '22': 'V-1', '10': 'AB/1%', '21': "S'(1)*", '17': '270101', '3103': '000250' },
      other: {},
    });
  });

  it('encodes as RFC 3986 unreserved-only', () => {
    expect(encodeAiValue(`!"%&'()*+,-./:;<=>?_~Az09`)).toBe('%21%22%25%26%27%28%29%2A%2B%2C-.%2F%3A%3B%3C%3D%3E%3F_~Az09');
  });
});

describe('keyLevels', () => {
  it('drops the last qualifier at each step, down to the GTIN', () => {
    expect(keyLevels({ gtin: GTIN, cpv: 'V', lot: 'L', serial: 'S' }).map(digitalLinkPath)).toEqual([
      `/01/${GTIN}/22/V/10/L/21/S`,
      `/01/${GTIN}/22/V/10/L`,
      `/01/${GTIN}/22/V`,
      `/01/${GTIN}`,
    ]);
    expect(keyLevels({ gtin: GTIN, serial: 'S' }).map(digitalLinkPath)).toEqual([`/01/${GTIN}/21/S`, `/01/${GTIN}`]);
    expect(keyLevels({ gtin: GTIN })).toEqual([{ gtin: GTIN }]);
  });
});

describe('describeKey', () => {
  it('names each part', () => {
    expect(describeKey({ gtin: GTIN, cpv: 'V', lot: 'L', serial: 'S' })).toBe(`GTIN ${GTIN}, variant V, lot L, serial S`);
  });
});
