/**
 * The INSERT of a storage record whose fields are its table's columns, by name, and its parameters:
 * `tx.query(...insertOf('workspaces', ws))`.
 */
export function insertOf(table: string, row: object): [sql: string, params: unknown[]] {
  const columns = Object.keys(row);
  return [`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row)];
}
