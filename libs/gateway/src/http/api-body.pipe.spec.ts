import 'reflect-metadata';
import { type ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, IsUrl, Length, ValidateNested, ValidationError } from 'class-validator';
import { ApiError, type FieldError } from '@qr/domain';
import { ApiBodyPipe, toFieldErrors } from './api-body.pipe';

class Destination {
  @IsDefined()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  url!: string;

  @IsOptional()
  @IsInt()
  weight?: number;
}

class Owner {
  @IsDefined()
  @IsString()
  email!: string;
}

class CreateThingBody {
  @IsDefined()
  @IsString()
  @Length(1, 20)
  name!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => Owner)
  owner!: Owner;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Destination)
  items!: Destination[];
}

const bodyMeta: ArgumentMetadata = { type: 'body', metatype: CreateThingBody };
const pipe = new ApiBodyPipe();

const valid = () => ({
  name: 'menu',
  owner: { email: 'a@example.com' },
  items: [{ url: 'https://example.com/a' }, { url: 'https://example.com/b', weight: 2 }],
});

async function rejectionOf(value: unknown, meta: ArgumentMetadata = bodyMeta): Promise<ApiError> {
  const outcome = await pipe.transform(value, meta).then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  );
  if (outcome.ok) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.v)}`);
  expect(outcome.e).toBeInstanceOf(ApiError);
  const err = outcome.e as ApiError;
  expect(err.status).toBe(422);
  expect(err.code).toBe('validation_failed');
  return err;
}

const pointersOf = (err: ApiError) => (err.errors ?? []).map((e) => e.pointer);
const find = (err: ApiError, pointer: string): FieldError[] => (err.errors ?? []).filter((e) => e.pointer === pointer);

describe('ApiBodyPipe', () => {
  it('returns an instance of the DTO class, nested objects included, for a valid body', async () => {
    const out = await pipe.transform(valid(), bodyMeta);
    expect(out).toBeInstanceOf(CreateThingBody);
    const body = out as CreateThingBody;
    expect(body.owner).toBeInstanceOf(Owner);
    expect(body.items[1]).toBeInstanceOf(Destination);
    expect(body.name).toBe('menu');
    expect(body.owner.email).toBe('a@example.com');
    expect(body.items.map((i) => i.url)).toEqual(['https://example.com/a', 'https://example.com/b']);
    expect(body.items[1].weight).toBe(2);
  });

  it('points into an array of nested objects: /items/1/url', async () => {
    const input = valid();
    input.items[1].url = 'not a url';
    const err = await rejectionOf(input);
    expect(pointersOf(err)).toEqual(['/items/1/url']);
    expect(err.errors?.[0].code).toBe('invalid');
    expect(err.errors?.[0].detail).toEqual(expect.any(String));
  });

  it('points into a nested object: /owner/email', async () => {
    const err = await rejectionOf({ ...valid(), owner: { email: 42 } });
    expect(find(err, '/owner/email')).toEqual([{ pointer: '/owner/email', code: 'invalid_type', detail: expect.any(String) }]);
    expect(pointersOf(err)).toEqual(['/owner/email']);
  });

  it('reports extra properties as unknown_field at every depth', async () => {
    const input = { ...valid(), colour: 'red', owner: { email: 'a@example.com', admin: true } } as Record<string, unknown>;
    (input.items as Array<Record<string, unknown>>)[0].secret = 'x';
    const err = await rejectionOf(input);
    expect(err.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/colour', code: 'unknown_field', detail: expect.any(String) },
        { pointer: '/owner/admin', code: 'unknown_field', detail: expect.any(String) },
        { pointer: '/items/0/secret', code: 'unknown_field', detail: expect.any(String) },
      ]),
    );
    expect(err.errors).toHaveLength(3);
  });

  it('escapes an unknown key containing / and ~ in its pointer', async () => {
    const err = await rejectionOf({ ...valid(), 'a/b~c': 1 });
    expect(pointersOf(err)).toEqual(['/a~1b~0c']);
  });

  it('a missing @IsDefined field is `required`, a wrong type is `invalid_type`', async () => {
    const { name: _name, ...withoutName } = valid();
    const missing = await rejectionOf(withoutName);
    expect(find(missing, '/name').map((e) => e.code)).toContain('required');

    const wrongType = await rejectionOf({ ...valid(), name: 7 });
    expect(find(wrongType, '/name').map((e) => e.code)).toContain('invalid_type');
    expect(find(wrongType, '/name').map((e) => e.code)).not.toContain('required');

    const notInt = await rejectionOf({ ...valid(), items: [{ url: 'https://example.com', weight: '3' }] });
    expect(find(notInt, '/items/0/weight')).toEqual([{ pointer: '/items/0/weight', code: 'invalid_type', detail: expect.any(String) }]);
  });

  it('other constraints are `invalid`', async () => {
    const err = await rejectionOf({ ...valid(), name: 'x'.repeat(21) });
    expect(find(err, '/name')).toEqual([{ pointer: '/name', code: 'invalid', detail: expect.any(String) }]);
  });

  it('an array where an array of objects is expected points at each bad element', async () => {
    const err = await rejectionOf({ ...valid(), items: ['https://example.com', { url: 'https://example.com' }] });
    expect(pointersOf(err)).toEqual(['/items/0']);
  });

  it('a non-array for `items` is an invalid_type at /items', async () => {
    const err = await rejectionOf({ ...valid(), items: 'https://example.com' });
    expect(find(err, '/items').map((e) => e.code)).toContain('invalid_type');
  });

  it('reports every problem, not just the first', async () => {
    const err = await rejectionOf({ name: 5, owner: {}, items: [{ url: 'x' }, { url: 'y' }], extra: true });
    expect(new Set(pointersOf(err))).toEqual(new Set(['/name', '/owner/email', '/items/0/url', '/items/1/url', '/extra']));
  });

  it.each([
    ['an array', [valid()]],
    ['a string', 'hello'],
    ['null', null],
    ['a number', 42],
    ['a boolean', true],
  ])('%s as the body → 422 with pointer ""', async (_label, value) => {
    const err = await rejectionOf(value);
    expect(err.errors).toEqual([{ pointer: '', code: 'invalid_type', detail: expect.any(String) }]);
  });

  it('passes through values that are not a typed body (params, untyped Object body)', async () => {
    const odd = ['not', 'an', 'object'];
    await expect(pipe.transform(odd, { type: 'param', metatype: CreateThingBody, data: 'id' })).resolves.toBe(odd);
    await expect(pipe.transform(odd, { type: 'body', metatype: Object })).resolves.toBe(odd);
    await expect(pipe.transform(odd, { type: 'body' })).resolves.toBe(odd);
  });
});

describe('toFieldErrors', () => {
  // A present (but invalid) value: an undefined value is reported as `required` instead.
  const ve = (property: string, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError =>
    Object.assign(new ValidationError(), { property, constraints, children, value: 'present' });

  it('escapes ~ as ~0 and / as ~1 (RFC 6901), ~ first so "~1" in a key stays distinct', () => {
    const errors = toFieldErrors([
      ve('a/b', { whitelistValidation: 'property a/b should not exist' }),
      ve('c~d', { isString: 'must be a string' }),
      ve('~1', { isDefined: 'required' }),
      ve('x/~/y', { isInt: 'must be an int' }),
    ]);
    expect(errors.map((e) => e.pointer)).toEqual(['/a~1b', '/c~0d', '/~01', '/x~1~0~1y']);
  });

  it('escapes at every level of nesting', () => {
    const errors = toFieldErrors([ve('a/b', undefined, [ve('0', undefined, [ve('c~d', { isString: 'x' })])])]);
    expect(errors).toEqual([{ pointer: '/a~1b/0/c~0d', code: 'invalid_type', detail: 'x' }]);
  });

  it('maps constraint names to codes and yields one entry per constraint', () => {
    const errors = toFieldErrors([
      ve('f', {
        isDefined: 'd1',
        isNotEmpty: 'd2',
        isString: 'd3',
        isInt: 'd4',
        isNumber: 'd5',
        isBoolean: 'd6',
        isArray: 'd7',
        isObject: 'd8',
        whitelistValidation: 'd9',
        isEmail: 'd10',
      }),
    ]);
    expect(errors.map((e) => [e.detail, e.code])).toEqual([
      ['d1', 'required'],
      ['d2', 'required'],
      ['d3', 'invalid_type'],
      ['d4', 'invalid_type'],
      ['d5', 'invalid_type'],
      ['d6', 'invalid_type'],
      ['d7', 'invalid_type'],
      ['d8', 'invalid_type'],
      ['d9', 'unknown_field'],
      ['d10', 'invalid'],
    ]);
    expect(errors.every((e) => e.pointer === '/f')).toBe(true);
  });

  it('reports a missing value once, as required, whatever constraints failed', () => {
    const missing = Object.assign(new ValidationError(), { property: 'name', constraints: { isString: 'x', length: 'y' }, children: [], value: undefined });
    expect(toFieldErrors([missing])).toEqual([{ pointer: '/name', code: 'required', detail: 'name is required' }]);
  });

  it('prefixes a base pointer and returns nothing for no errors', () => {
    expect(toFieldErrors([ve('url', { isUrl: 'bad' })], '/items/3/content')).toEqual([{ pointer: '/items/3/content/url', code: 'invalid', detail: 'bad' }]);
    expect(toFieldErrors([])).toEqual([]);
  });
});

// BUG (see report): class-transformer skips the keys `__proto__` and `constructor` when it builds the
// instance, so whitelist validation never sees them and the body is accepted with the field dropped.
describe('ApiBodyPipe — keys class-transformer treats specially', () => {
  it.each(['constructor', '__proto__'])('an unknown `%s` key is an unknown_field, not silently dropped', async (key) => {
    const input = JSON.parse(`{"name":"menu","owner":{"email":"a@example.com"},"items":[],${JSON.stringify(key)}:{"x":1}}`) as unknown;
    expect(Object.keys(input as object)).toContain(key);
    const err = await rejectionOf(input);
    expect(err.errors).toEqual([{ pointer: `/${key}`, code: 'unknown_field', detail: expect.any(String) }]);
  });
});
