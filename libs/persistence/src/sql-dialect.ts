import { placeholderForm } from './sql-placeholders';

export type Dialect = 'sqlite' | 'postgres';

/**
 * SQL is written once with PostgreSQL's `$1, $2…` placeholders. For SQLite each `$n` becomes an
 * anonymous `?` and the parameters are laid out in order of appearance (so `$1` may repeat).
 * SQLite also binds no booleans and no undefined.
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

const sqliteForms = new Map<string, { text: string; order: number[] }>();

function sqliteForm(sql: string): { text: string; order: number[] } {
  let form = sqliteForms.get(sql);
  if (!form) {
    const split = placeholderForm(sql);
    // SQLite has no dollar-quoted or escape strings: a statement the reader refuses has none of ours.
    form = split ? { text: split.text.join('?'), order: split.order } : naiveForm(sql);
    if (sqliteForms.size > 5000) sqliteForms.clear();
    sqliteForms.set(sql, form);
  }
  return form;
}

function naiveForm(sql: string): { text: string; order: number[] } {
  const order: number[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    order.push(Number(n));
    return '?';
  });
  return { text, order };
}
