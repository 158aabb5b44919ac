/**
 * The INSERT of storage records whose fields are their table's columns, by name (the first record's),
 * and its parameters: `tx.query(...insertOf('workspaces', ws))`; several records are one statement.
 */
export function insertOf(table: string, records: object | readonly object[]): [sql: string, params: unknown[]] {
  const rows = (Array.isArray(records) ? records : [records]) as ReadonlyArray<Record<string, unknown>>;
  const columns = Object.keys(rows[0]);
  const values = rows.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
  return [`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, rows.flatMap((row) => columns.map((c) => row[c]))];
}
