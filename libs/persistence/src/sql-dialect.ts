export type Dialect = 'sqlite' | 'postgres';

/**
 * SQL is written once with PostgreSQL's `$1, $2…` placeholders. For SQLite each `$n` becomes an
 * anonymous `?` and the parameters are laid out in order of appearance (so `$1` may repeat).
 * SQLite also binds no booleans and no undefined.
 *
 * The rewrite does not parse SQL: a `$n` inside quoted text or a comment is rewritten too. Statements
 * therefore carry no `$digits` in literals, identifiers or comments: a value that may contain one is a
 * bound parameter.
 */
export function toDialectQuery(sql: string, params: readonly unknown[], dialect: Dialect): { sql: string; params: unknown[] } {
  if (dialect === 'postgres') return { sql, params: params.map((p) => (p === undefined ? null : p)) };
  const { text, order } = sqliteForm(sql);
  const ordered = order.map((n) => {
    const value = params[n - 1];
    return value === undefined ? null : typeof value === 'boolean' ? (value ? 1 : 0) : value;
  });
  return { sql: text, params: ordered };
}

// Statements are a small, fixed set (constants in the repositories), so each is rewritten once; bounded
// anyway, in case a caller builds SQL of varying shapes.
const sqliteForms = new Map<string, { text: string; order: number[] }>();

function sqliteForm(sql: string): { text: string; order: number[] } {
  let form = sqliteForms.get(sql);
  if (!form) {
    const order: number[] = [];
    const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
      order.push(Number(n));
      return '?';
    });
    form = { text, order };
    if (sqliteForms.size > 5000) sqliteForms.clear();
    sqliteForms.set(sql, form);
  }
  return form;
}
