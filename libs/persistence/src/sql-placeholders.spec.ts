import { placeholderForm } from './sql-placeholders';

describe('placeholderForm', () => {
  it('splits a statement at its placeholders, in order of appearance, repeats included', () => {
    expect(placeholderForm('UPDATE t SET a = $2 WHERE id = $1 AND b = $2')).toEqual({
      text: ['UPDATE t SET a = ', ' WHERE id = ', ' AND b = ', ''],
      order: [2, 1, 2],
    });
    expect(placeholderForm('VALUES ($10, $1)')!.order).toEqual([10, 1]);
    expect(placeholderForm('SELECT 1')).toEqual({ text: ['SELECT 1'], order: [] });
  });

  it('leaves $n alone inside quoted strings, quoted identifiers and comments', () => {
    const sql = `SELECT '$1 it''s', "col$2", $3 -- $4\n, /* $5 */ $6`;
    expect(placeholderForm(sql)!.order).toEqual([3, 6]);
    expect(placeholderForm(sql)!.text.join('?')).toBe(`SELECT '$1 it''s', "col$2", ? -- $4\n, /* $5 */ ?`);
  });

  it('refuses what it cannot follow for sure: dollar quotes, escape strings, nested comments, unterminated text', () => {
    expect(placeholderForm('SELECT $$ $1 $$')).toBeNull();
    expect(placeholderForm('SELECT $tag$ x $tag$, $1')).toBeNull();
    expect(placeholderForm("SELECT E'\\' $1 '")).toBeNull();
    expect(placeholderForm("SELECT 'open $1")).toBeNull();
    expect(placeholderForm('SELECT 1 /* open $1')).toBeNull();
    expect(placeholderForm('SELECT /* outer /* inner */ $1 */ 1')).toBeNull();
  });

  it('reads a quote after an identifier ending in e as an ordinary string', () => {
    expect(placeholderForm("SELECT type='x' AND y = $1")!.order).toEqual([1]);
  });
});
