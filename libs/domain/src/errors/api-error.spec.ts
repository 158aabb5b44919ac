import { ApiError, Errors, type FieldError, type SerializedApiError } from './api-error';

describe('ApiError', () => {
  const fieldErrors: FieldError[] = [
    { pointer: '/items/3/content/url', code: 'invalid_url', detail: 'Must be an absolute http(s) URL.' },
    { pointer: '/name', code: 'required', detail: 'Required.' },
  ];

  it('is an Error with name ApiError and message = detail', () => {
    const e = new ApiError(418, 'teapot', 'Teapot', 'I am a teapot.');
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.name).toBe('ApiError');
    expect(e.message).toBe('I am a teapot.');
  });

  it('round-trips through toJSON / fromJSON with every field', () => {
    const original = new ApiError(422, 'validation_failed', 'Validation failed', 'Bad.', fieldErrors, { 'X-Thing': '1' });
    const copy = ApiError.fromJSON(original.toJSON());
    expect(copy).toBeInstanceOf(ApiError);
    expect(copy.status).toBe(422);
    expect(copy.code).toBe('validation_failed');
    expect(copy.title).toBe('Validation failed');
    expect(copy.detail).toBe('Bad.');
    expect(copy.message).toBe('Bad.');
    expect(copy.errors).toEqual(fieldErrors);
    expect(copy.headers).toEqual({ 'X-Thing': '1' });
  });

  it('survives a JSON.stringify / JSON.parse trip (the internal transport)', () => {
    const original = Errors.quotaExceeded(3600, { RateLimit: '"monthly";r=0;t=3600' });
    const wire: unknown = JSON.parse(JSON.stringify(original));
    expect(ApiError.isSerialized(wire)).toBe(true);
    const copy = ApiError.fromJSON(wire as SerializedApiError);
    expect(copy.toJSON()).toEqual(original.toJSON());
    expect(copy.headers).toEqual({ RateLimit: '"monthly";r=0;t=3600', 'Retry-After': '3600' });
  });

  it('serializes without errors or headers when there are none', () => {
    const json = JSON.parse(JSON.stringify(Errors.notFound('qr_code')));
    expect(json).toEqual({ status: 404, code: 'not_found', title: 'Not found', detail: 'No such qr_code.' });
  });

  it('does not leak a stack trace into its JSON', () => {
    const json = JSON.stringify(Errors.internal());
    expect(json).not.toMatch(/stack|at Object|\.ts:/);
  });

  describe('isSerialized', () => {
    it('accepts a serialized error', () => {
      expect(ApiError.isSerialized({ status: 400, code: 'invalid_json', title: 'Invalid JSON', detail: 'x' })).toBe(true);
      expect(ApiError.isSerialized(Errors.unauthorized().toJSON())).toBe(true);
    });

    it.each([
      ['null', null],
      ['undefined', undefined],
      ['a string', 'quota_exceeded'],
      ['a number', 429],
      ['empty object', {}],
      ['status as string', { status: '400', code: 'x', title: 'y' }],
      ['missing code', { status: 400, title: 'y' }],
      ['missing title', { status: 400, code: 'x' }],
      ['code as number', { status: 400, code: 1, title: 'y' }],
    ])('rejects %s', (_label, value) => {
      expect(ApiError.isSerialized(value)).toBe(false);
    });
  });
});

describe('Errors factories', () => {
  it.each([
    ['invalidJson', Errors.invalidJson(), 400, 'invalid_json'],
    ['unauthorized', Errors.unauthorized(), 401, 'unauthorized'],
    ['planHasNoApiAccess', Errors.planHasNoApiAccess('starter'), 403, 'plan_has_no_api_access'],
    ['forbidden', Errors.forbidden('nope'), 403, 'forbidden'],
    ['notFound', Errors.notFound(), 404, 'not_found'],
    ['payloadTooLarge', Errors.payloadTooLarge('1 MB'), 413, 'payload_too_large'],
    ['validationFailed', Errors.validationFailed([]), 422, 'validation_failed'],
    ['quotaExceeded', Errors.quotaExceeded(10), 429, 'quota_exceeded'],
    ['dynamicAllowanceExceeded', Errors.dynamicAllowanceExceeded(300), 429, 'dynamic_allowance_exceeded'],
    ['rateLimited', Errors.rateLimited(1), 429, 'rate_limited'],
    ['internal', Errors.internal(), 500, 'internal_error'],
    ['unavailable', Errors.unavailable(), 503, 'service_unavailable'],
  ])('%s → %d %s', (_name, error, status, code) => {
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.title.length).toBeGreaterThan(0);
    expect(error.detail.length).toBeGreaterThan(0);
  });

  it('invalidJson takes a custom detail', () => {
    expect(Errors.invalidJson('Unexpected token } at position 7').detail).toBe('Unexpected token } at position 7');
  });

  it('unauthorized is identical every time (one body for missing, unknown, revoked, expired)', () => {
    expect(Errors.unauthorized().toJSON()).toEqual(Errors.unauthorized().toJSON());
    expect(Errors.unauthorized().headers).toBeUndefined();
  });

  it('planHasNoApiAccess names the plan', () => {
    expect(Errors.planHasNoApiAccess('free').detail).toContain('free');
  });

  it('notFound names what was not found', () => {
    expect(Errors.notFound('qr_code').detail).toBe('No such qr_code.');
    expect(Errors.notFound().detail).toBe('No such resource.');
  });

  it('payloadTooLarge names the limit', () => {
    expect(Errors.payloadTooLarge('1 MB').detail).toContain('1 MB');
  });

  it('validationFailed carries the field errors and an optional detail', () => {
    const errors: FieldError[] = [{ pointer: '/items/3/content/url', code: 'required', detail: 'Required.' }];
    const e = Errors.validationFailed(errors, 'Bulk over 50 items.');
    expect(e.errors).toEqual(errors);
    expect(e.detail).toBe('Bulk over 50 items.');
    expect(Errors.validationFailed(errors).detail).toBe('The request is not valid.');
  });

  it('quotaExceeded sets Retry-After and keeps the other headers', () => {
    expect(Errors.quotaExceeded(86400).headers).toEqual({ 'Retry-After': '86400' });
    const e = Errors.quotaExceeded(3600, { 'RateLimit-Policy': '"monthly";q=3000;w=2678400', RateLimit: '"monthly";r=0;t=3600' });
    expect(e.headers).toEqual({
      'RateLimit-Policy': '"monthly";q=3000;w=2678400',
      RateLimit: '"monthly";r=0;t=3600',
      'Retry-After': '3600',
    });
  });

  it('quotaExceeded Retry-After wins over a caller-supplied one', () => {
    expect(Errors.quotaExceeded(5, { 'Retry-After': '999' }).headers?.['Retry-After']).toBe('5');
  });

  it('rateLimited sets Retry-After', () => {
    expect(Errors.rateLimited(1).headers).toEqual({ 'Retry-After': '1' });
  });

  it('dynamicAllowanceExceeded names the allowance', () => {
    expect(Errors.dynamicAllowanceExceeded(300).detail).toContain('300');
  });

  it('unavailable takes a custom detail', () => {
    expect(Errors.unavailable('Redis is down').detail).toBe('Redis is down');
  });

  it('returns a fresh instance on each call', () => {
    expect(Errors.notFound()).not.toBe(Errors.notFound());
  });
});
