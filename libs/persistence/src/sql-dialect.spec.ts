import { toDialectQuery } from './sql-dialect';

describe('toDialectQuery', () => {
  it('leaves PostgreSQL SQL alone and maps undefined to null', () => {
    expect(toDialectQuery('SELECT $1, $2', [1, undefined], 'postgres')).toEqual({ sql: 'SELECT $1, $2', params: [1, null] });
  });

  it('rewrites placeholders for SQLite in order of appearance, repeating reused ones', () => {
    expect(toDialectQuery('UPDATE t SET a = $2 WHERE id = $1 AND b = $2', ['x', true], 'sqlite')).toEqual({
      sql: 'UPDATE t SET a = ? WHERE id = ? AND b = ?',
      params: [1, 'x', 1],
    });
  });

  it('rewrites a $n inside quoted text too (it does not parse SQL): such text must be a bound parameter', () => {
    expect(toDialectQuery("SELECT '$1' AS price, $1 AS id", ['x'], 'sqlite')).toEqual({ sql: "SELECT '?' AS price, ? AS id", params: ['x', 'x'] });
  });

  it('does not confuse $1 with $10', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(toDialectQuery('VALUES ($10, $1)', params, 'sqlite').params).toEqual([10, 1]);
  });
});
