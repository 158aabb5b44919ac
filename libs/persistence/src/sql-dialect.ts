export type Dialect = 'sqlite' | 'postgres';

/**
 * SQL is written once with PostgreSQL's `$1, $2…` placeholders. For SQLite each `$n` becomes an
 * anonymous `?` and the parameters are laid out in order of appearance (so `$1` may repeat).
 * SQLite also binds no booleans and no undefined.
 */
export function toDialectQuery(sql: string, params: readonly unknown[], dialect: Dialect): { sql: string; params: unknown[] } {
  if (dialect === 'postgres') return { sql, params: params.map((p) => (p === undefined ? null : p)) };
  const ordered: unknown[] = [];
  const rewritten = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    ordered.push(value === undefined ? null : typeof value === 'boolean' ? (value ? 1 : 0) : value);
    return '?';
  });
  return { sql: rewritten, params: ordered };
}
