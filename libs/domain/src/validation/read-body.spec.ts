import { ApiError } from '../errors/api-error';
import { readBody } from './read-body';

const readThing = (body: unknown) =>
  readBody(body, ['name', 'count', 'tags'], (c, b) => ({
    name: c.text(b, 'name', '', { required: true, max: 20 })!,
    count: c.number(b, 'count', '', { min: 0, max: 10 }),
    tags: c.list(b, 'tags', '', { min: 0, max: 2 }),
  }));

function refusal(body: unknown): ApiError {
  try {
    readThing(body);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).code).toBe('validation_failed');
    return err as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('readBody', () => {
  it('returns what the reader read from a good body', () => {
    expect(readThing({ name: 'menu', count: 3 })).toEqual({ name: 'menu', count: 3, tags: undefined });
  });

  it('refuses anything but a JSON object at the root pointer', () => {
    for (const body of [null, [], 'x', 7]) expect(refusal(body).errors).toEqual([{ pointer: '', code: 'invalid_type', detail: expect.any(String) }]);
    expect(refusal(undefined).errors).toEqual([{ pointer: '', code: 'required', detail: expect.any(String) }]);
  });

  it('reports every problem at once, unknown fields included, with escaped pointers', () => {
    const body = JSON.parse('{"name": 7, "count": 11, "tags": [1, 2, 3], "a/b~c": 1, "__proto__": {"admin": true}}');
    expect(
      refusal(body)
        .errors?.map((e) => [e.pointer, e.code])
        .sort(),
    ).toEqual([
      ['/__proto__', 'unknown_field'],
      ['/a~1b~0c', 'unknown_field'],
      ['/count', 'out_of_range'],
      ['/name', 'invalid_type'],
      ['/tags', 'too_long'],
    ]);
  });

  it('calls a missing required field required and a blank one too', () => {
    expect(refusal({}).errors).toEqual([{ pointer: '/name', code: 'required', detail: expect.any(String) }]);
    expect(refusal({ name: '  ' }).errors).toEqual([{ pointer: '/name', code: 'required', detail: expect.any(String) }]);
  });
});
