import { withLiterals } from './sql-literals';

describe('withLiterals', () => {
  it('writes each value in as the text pg would send, quoted and escaped as pg escapes it', () => {
    expect(withLiterals('SELECT $1, $2, $3, $4', ['plain', "it's", 42, true])).toBe("SELECT 'plain', 'it''s', '42', 'true'");
    expect(withLiterals('SELECT $1', ['back\\slash'])).toBe("SELECT  E'back\\\\slash'");
    expect(withLiterals('SELECT $1, $2', [null, undefined])).toBe('SELECT NULL, NULL');
    expect(withLiterals('SELECT $1::text[]', [['a', 'b c']])).toBe(`SELECT '{"a","b c"}'::text[]`);
    expect(withLiterals('SELECT $1 = $1', ['x'])).toBe("SELECT 'x' = 'x'");
  });

  it('gives up where a literal would not mean the same: binary values, NUL characters, a parameter count that does not match', () => {
    expect(withLiterals('SELECT $1', [Buffer.from('x')])).toBeNull();
    expect(withLiterals('SELECT $1', ['a\0b'])).toBeNull();
    expect(withLiterals('SELECT $1, $2', ['only one'])).toBeNull();
    expect(withLiterals('SELECT $1', ['one', 'two'])).toBeNull();
    expect(withLiterals('SELECT 1', ['unused'])).toBeNull();
    expect(withLiterals('SELECT $$x$$, $1', ['a'])).toBeNull();
  });

  it('leaves a statement without parameters as it is', () => {
    expect(withLiterals('SELECT 1', [])).toBe('SELECT 1');
  });
});
