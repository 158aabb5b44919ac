import fc from 'fast-check';
import { gs1CheckDigit, gtinErrors, toGtin14 } from './gtin';
import { gs1Toolkit } from './testing/gs1-toolkit';

describe('gs1CheckDigit', () => {
  it.each([
    ['0950600013435', 2],
    ['9506000134352'.slice(0, 12), 2],
    ['9638507', 4], // GTIN-8 96385074
    ['03600029145', 2], // UPC-A 036000291452
    ['0000000000000', 0],
  ])('%s → %i', (digits, expected) => {
    expect(gs1CheckDigit(digits)).toBe(expected);
  });

  it("agrees with GS1's toolkit on any 7, 11, 12 or 13 digits", () => {
    const toolkit = gs1Toolkit();
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12, 13), fc.integer({ min: 0, max: 2 ** 31 }), (length, seed) => {
        const digits = String(seed).padStart(length, '7').slice(-length);
        const gtin14 = (digits + '0').padStart(14, '0');
        expect(gs1CheckDigit(digits)).toBe(toolkit.calculateCheckDigit('01', gtin14));
      }),
      { numRuns: 500 },
    );
  });
});

describe('gtinErrors', () => {
  it.each(['09506000134352', '9506000134352', '96385074', '036000291452'])('%s is valid', (gtin) => {
    expect(gtinErrors(gtin, '/gtin')).toEqual([]);
  });

  it('names the right check digit', () => {
    expect(gtinErrors('09506000134353', '/content/gtin')).toEqual([
      { pointer: '/content/gtin', code: 'invalid_check_digit', detail: 'The check digit should be 2: 09506000134352.' },
    ]);
  });

  it.each([
    [undefined, 'required'],
    ['', 'required'],
    [9506000134352, 'invalid_type'],
    ['950600013435', 'invalid_check_digit'], // 12 digits, a UPC-A with a wrong check digit
    ['95060001343', 'invalid_gtin'], // 11 digits
    ['123456789012345', 'invalid_gtin'],
    ['0950600013435a', 'invalid_gtin'],
    [' 09506000134352', 'invalid_gtin'],
    ['０９５０６０００１３４３５２', 'invalid_gtin'], // full-width digits
  ])('%j → %s', (value, code) => {
    expect(gtinErrors(value, '/gtin').map((error) => error.code)).toEqual([code]);
  });
});

describe('toGtin14', () => {
  it.each([
    ['96385074', '00000096385074'],
    ['036000291452', '00036000291452'],
    ['9506000134352', '09506000134352'],
    ['09506000134352', '09506000134352'],
  ])('%s → %s', (gtin, expected) => {
    expect(toGtin14(gtin)).toBe(expected);
    expect(gtinErrors(expected, '/gtin')).toEqual([]);
  });
});
