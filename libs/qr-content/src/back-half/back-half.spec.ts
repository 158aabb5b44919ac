import { isServableBackHalf, validateBackHalf } from './back-half';

describe('validateBackHalf', () => {
  it.each(['a', 'Spring', 'spring-sale_2026', 'x'.repeat(64), 'promo/2026/box-1', '01', 'apis', 'application', 'metrics2'])('takes %s', (value) => {
    expect(validateBackHalf(value)).toEqual([]);
  });

  it.each([
    [undefined, 'required'],
    ['', 'required'],
    [42, 'invalid_type'],
    ['x'.repeat(65), 'too_long'],
    ['a/'.repeat(32) + 'b', 'too_long'],
    ['with space', 'invalid'],
    ['dot.path', 'invalid'],
    ['/leading', 'invalid'],
    ['trailing/', 'invalid'],
    ['double//slash', 'invalid'],
    ['..', 'invalid'],
    ['caf\u00e9', 'invalid'],
    ['%2F', 'invalid'],
    ['=HYPERLINK(1)', 'invalid'],
  ])('refuses %j as %s', (value, code) => {
    expect(validateBackHalf(value)).toEqual([{ pointer: '/short_code', code, detail: expect.any(String) }]);
  });

  it.each(['api', 'API', 'app', 'App/promo', 'internal', 'healthz', 'readyz', 'metrics', 'metrics/x'])('refuses the server path %s', (value) => {
    expect(validateBackHalf(value)).toMatchObject([{ code: 'reserved' }]);
  });

  it('refuses a GS1 Digital Link shape, not a lone AI', () => {
    expect(validateBackHalf('01/09506000134352')).toMatchObject([{ code: 'reserved', detail: expect.stringContaining('GS1') }]);
    expect(validateBackHalf('8004/abc')).toMatchObject([{ code: 'reserved' }]);
    expect(validateBackHalf('01')).toEqual([]);
    expect(validateBackHalf('02/x')).toEqual([]);
  });

  it('reports at the pointer it is given, with the shape of other field errors', () => {
    expect(validateBackHalf('api', '/items/3/short_code')).toEqual([{ pointer: '/items/3/short_code', code: 'reserved', detail: expect.any(String) }]);
  });
});

describe('isServableBackHalf', () => {
  it.each(['Ab3dE7x', 'a', 'promo/2026/box-1', 'x'.repeat(64), '01'])('routes %s', (path) => {
    expect(isServableBackHalf(path)).toBe(true);
  });

  it.each(['', 'x'.repeat(65), 'api', 'APP/x', 'healthz', 'Metrics', '01/09506000134352', 'a//b', 'a/', 'a.vcf', '.well-known/gs1resolver'])(
    'leaves %j to other routes',
    (path) => {
      expect(isServableBackHalf(path)).toBe(false);
    },
  );
});
