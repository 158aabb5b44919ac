import { insertOf, type Tx } from '@qr/persistence';

/**
 * Multi-row `INSERT … ON CONFLICT (key) DO UPDATE SET counter = counter + excluded.counter`, the same
 * SQL on SQLite and PostgreSQL. The rows' other fields are written on insert only.
 */
export async function upsertAdding(tx: Tx, table: string, keys: readonly string[], counters: readonly string[], rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  const perStatement = Math.floor(900 / Object.keys(rows[0]).length);
  const sets = counters.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  for (let i = 0; i < rows.length; i += perStatement) {
    const [insert, params] = insertOf(table, rows.slice(i, i + perStatement));
    await tx.query(`${insert} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets}`, params);
  }
}
