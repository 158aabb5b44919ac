import { aiRole, dataAttributeErrors, dataAttributesErrors, isDataAttributeAi, qualifierErrors } from './application-identifiers';
import { gs1Toolkit } from './testing/gs1-toolkit';

const codes = (errors: Array<{ code: string }>) => errors.map((error) => error.code);

describe('qualifierErrors', () => {
  it.each(['ABC123', 'a', '12345678901234567890', `!"%&'()*+,-./:;<=>?_`, 'A/B'])('%j is a valid lot', (value) => {
    expect(qualifierErrors('10', value, '/lot')).toEqual([]);
  });

  it.each([
    ['', 'required'],
    ['123456789012345678901', 'too_long'],
    ['A B', 'invalid_characters'],
    ['A#B', 'invalid_characters'],
    ['A@B', 'invalid_characters'],
    ['A\\B', 'invalid_characters'],
    ['ÄB', 'invalid_characters'],
    ['A~B', 'invalid_characters'],
    [42, 'invalid_type'],
  ])('%j → %s', (value, code) => {
    expect(codes(qualifierErrors('21', value, '/serial'))).toEqual([code]);
  });

  it('names the qualifier and points where it is told to', () => {
    expect(qualifierErrors('22', 'A B', '/content/cpv')).toEqual([
      expect.objectContaining({ pointer: '/content/cpv', detail: expect.stringContaining('consumer product variant (22)') }),
    ]);
  });

  it("accepts every character of set 82, which the 2019 toolkit's regex partly refuses (:;<=>?)", () => {
    const cset82 = [...Array(128).keys()].map((c) => String.fromCharCode(c)).filter((c) => /[!"%-?A-Z_a-z]/.test(c));
    expect(cset82).toHaveLength(82);
    for (const char of cset82) expect(qualifierErrors('10', char, '/lot')).toEqual([]);
  });
});

describe('aiRole and isDataAttributeAi', () => {
  it.each([
    ['01', 'gtin'],
    ['22', 'qualifier'],
    ['10', 'qualifier'],
    ['21', 'qualifier'],
    ['17', 'data_attribute'],
    ['11', 'data_attribute'],
    ['7003', 'data_attribute'],
    ['30', 'data_attribute'],
    ['3103', 'data_attribute'],
    ['3375', 'data_attribute'],
    ['3695', 'data_attribute'],
    ['12', 'other'], // due date: goes with a payment slip (8020), not a GTIN
    ['3106', 'other'], // six decimal places do not exist
    ['3170', 'other'], // no such measure group
    ['3900', 'other'], // amounts go with coupons and payment slips
    ['240', 'other'],
    ['414', 'other_key'],
    ['00', 'other_key'],
    ['254', 'other_key'],
    ['235', 'other_key'],
  ])('%s → %s', (ai, role) => {
    expect(aiRole(ai)).toBe(role);
  });

  it("every data attribute is a fixed- or variable-length numeric AI in GS1's table", () => {
    const table = new Map(gs1Toolkit().aitable.map((entry) => [entry.ai, entry]));
    const accepted = [...Array(10000).keys()]
      .map(String)
      .flatMap((n) => [n.padStart(2, '0'), n.padStart(4, '0'), n])
      .filter(isDataAttributeAi);
    const unique = [...new Set(accepted)];
    // 11 13 15 16 17 30 7003, and 53 measure groups (310–316, 320–329, 330–337, 340–349, 350–357, 360–369) × 6 decimals
    expect(unique.length).toBe(7 + 53 * 6);
    for (const ai of unique) {
      expect(table.get(ai)?.type).toBe('D');
      expect(table.get(ai)?.format).toMatch(/^N(6|10|\.\.8)$/);
    }
  });
});

describe('dataAttributeErrors', () => {
  it.each([
    ['17', '270101'],
    ['17', '270100'], // day unknown
    ['15', '240229'], // leap year
    ['11', '991231'],
    ['7003', '2701011259'],
    ['30', '1'],
    ['30', '12345678'],
    ['3103', '000250'],
  ])('%s=%s is valid', (ai, value) => {
    expect(dataAttributeErrors(ai, value, `/data/${ai}`)).toEqual([]);
  });

  it.each([
    ['17', '271399', 'invalid_date'],
    ['17', '270132', 'invalid_date'],
    ['17', '230229', 'invalid_date'],
    ['17', '270431', 'invalid_date'],
    ['17', '27011', 'invalid_format'],
    ['17', '2701011', 'invalid_format'],
    ['7003', '2701002359', 'invalid_date'], // no "day unknown" with a time
    ['7003', '2701012400', 'invalid_date'],
    ['7003', '2701012360', 'invalid_date'],
    ['7003', '27010123', 'invalid_format'],
    ['30', '', 'invalid_format'],
    ['30', '123456789', 'invalid_format'],
    ['3103', '2.5', 'invalid_format'],
    ['17', 270101, 'invalid_type'],
    ['10', 'L1', 'not_allowed'],
    ['01', '09506000134352', 'not_allowed'],
    ['414', '9506000134352', 'not_allowed'],
    ['240', 'X', 'not_allowed'],
  ])('%s=%j → %s', (ai, value, code) => {
    expect(codes(dataAttributeErrors(ai, value, `/data/${ai}`))).toEqual([code]);
  });

  it('tells where a qualifier goes instead', () => {
    expect(dataAttributeErrors('10', 'L1', '/content/data/10')[0].detail).toContain('goes in the path');
  });
});

describe('dataAttributesErrors', () => {
  it('checks each entry at its own pointer', () => {
    expect(dataAttributesErrors({ '17': '270101', '15': '991399', '21': 'S' }, '/content/data')).toEqual([
      expect.objectContaining({ pointer: '/content/data/15', code: 'invalid_date' }),
      expect.objectContaining({ pointer: '/content/data/21', code: 'not_allowed' }),
    ]);
  });

  it('refuses one measure given twice with different decimals', () => {
    expect(dataAttributesErrors({ '3102': '000025', '3103': '000250', '3202': '000055' }, '/data')).toEqual([
      expect.objectContaining({ pointer: '/data/3103', code: 'duplicate' }),
    ]);
  });

  it.each([null, [], 'x'])('%j is not an object', (value) => {
    expect(codes(dataAttributesErrors(value, '/data'))).toEqual(['invalid_type']);
  });
});
