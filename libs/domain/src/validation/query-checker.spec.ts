import { type ApiError } from '../errors/api-error';
import { QueryChecker, readQuery } from './query-checker';

describe('QueryChecker', () => {
  it('reads integers, choices and flags, with fallbacks when absent', () => {
    const q = new QueryChecker({ limit: '5', format: 'csv', bots: 'true' }, ['limit', 'format', 'bots', 'size']);
    expect([q.integer('limit', 1, 100, 20), q.integer('size', 1, 9, null), q.oneOf('format', ['json', 'csv'], 'json'), q.flag('bots', false)]).toEqual([
      5,
      null,
      'csv',
      true,
    ]);
    expect(q.errors).toEqual([]);
  });

  it('points at every bad or unknown parameter; a repeated one (an array) is refused', () => {
    const q = new QueryChecker({ limit: '0', format: 'xml', bots: 'yes', q: ['a', 'b'], size: '', 'a/b': '1' }, ['limit', 'format', 'bots', 'q', 'size']);
    q.integer('limit', 1, 100, 20);
    q.integer('size', 1, 9, null);
    q.oneOf('format', ['json', 'csv'], 'json');
    q.flag('bots', false);
    q.single('q');
    expect(q.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual([
      '/a~1b unknown_parameter',
      '/limit invalid',
      '/size invalid',
      '/format invalid',
      '/bots invalid',
      '/q invalid',
    ]);
  });

  it('readQuery throws one 422 with every problem', () => {
    let caught: ApiError | undefined;
    try {
      readQuery({ limit: 'x', extra: '1' }, ['limit'], (q) => q.integer('limit', 1, 100, 20));
    } catch (err) {
      caught = err as ApiError;
    }
    expect(caught?.status).toBe(422);
    expect(caught?.errors?.map((e) => e.pointer)).toEqual(['/extra', '/limit']);
    expect(readQuery({}, ['limit'], (q) => q.integer('limit', 1, 100, 20))).toBe(20);
  });
});
