import { type Tx } from '@qr/persistence';

/**
 * Multi-row `INSERT … ON CONFLICT (key) DO UPDATE SET counter = counter + excluded.counter`, the same
 * SQL on SQLite and PostgreSQL. `fixed` columns are written on insert only.
 */
export async function upsertAdding<T extends object>(
  tx: Tx,
  table: string,
  keys: readonly string[],
  fixed: readonly string[],
  counters: readonly string[],
  rows: readonly T[],
): Promise<void> {
  const columns = [...keys, ...fixed, ...counters];
  const perStatement = Math.floor(900 / columns.length);
  const sets = counters.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = chunk.map((_, j) => `(${columns.map((_, k) => `$${j * columns.length + k + 1}`).join(', ')})`).join(', ');
    const params = chunk.flatMap((r) => columns.map((c) => (r as Record<string, unknown>)[c]));
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets}`, params);
  }
}
