import { spawn } from 'node:child_process';
import { queryOnce } from '../open-database';

/**
 * libpq's environment for a connection URL, so that pg_dump and pg_restore never see the password
 * on their command line (where `ps` would show it). Query parameters become their PG* variables.
 */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const params: Record<string, string> = { sslmode: 'PGSSLMODE', sslrootcert: 'PGSSLROOTCERT', sslcert: 'PGSSLCERT', sslkey: 'PGSSLKEY', host: 'PGHOST' };
  for (const [name, value] of u.searchParams) if (params[name]) env[params[name]] = value;
  return env;
}

/** Which of `names` exist as schemas in the database, and how many tables each holds. */
export async function schemaTables(url: string, names: readonly string[]): Promise<Map<string, number>> {
  const rows = await queryOnce<{ schema: string; tables: number }>(
    url,
    `SELECT n.nspname AS schema, count(c.oid)::int AS tables
       FROM pg_namespace n LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r', 'p')
      WHERE n.nspname = ANY($1) GROUP BY n.nspname`,
    [names],
  );
  return new Map(rows.map((r) => [r.schema, r.tables]));
}

/** The server's major version, which pg_dump must be at least. */
export async function serverVersion(url: string): Promise<string> {
  return (await queryOnce<{ server_version: string }>(url, 'SHOW server_version'))[0].server_version;
}

/**
 * `pg_dump --format=custom` of the given schemas: one consistent snapshot of all of them (pg_dump
 * reads everything in one repeatable-read transaction), while the database serves.
 */
export async function pgDump(o: { url: string; schemas: readonly string[]; file: string }): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${o.file}`, ...o.schemas.map((s) => `--schema=${s}`)], libpqEnv(o.url));
}

/** `pg_restore` of a custom-format dump into the database of `url`, in one transaction: all of it or nothing. */
export async function pgRestore(o: { url: string; file: string }): Promise<void> {
  const env = libpqEnv(o.url);
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${env.PGDATABASE ?? 'postgres'}`, o.file],
    env,
  );
}

/**
 * One table's rows as they are in a custom-format dump, read from pg_restore's text (`--data-only -f -`):
 * no database is touched. Values are strings, or null for SQL NULL.
 */
export async function pgRestoreTableText(o: { file: string; schema: string; table: string }): Promise<Array<Record<string, string | null>>> {
  const text = await runTool('pg_restore', ['--data-only', `--schema=${o.schema}`, `--table=${o.table}`, '--file=-', o.file], {});
  return copyRows(text, `${o.schema}.${o.table}`);
}

/** The rows of `COPY <table> (cols) FROM stdin;` blocks in pg_dump's text format. */
export function copyRows(text: string, table: string): Array<Record<string, string | null>> {
  const rows: Array<Record<string, string | null>> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = /^COPY (\S+) \((.*)\) FROM stdin;$/.exec(lines[i]);
    if (!head || head[1] !== table) continue;
    const columns = head[2].split(', ').map((c) => c.replace(/^"|"$/g, ''));
    for (i++; i < lines.length && lines[i] !== '\\.'; i++) {
      const values = lines[i].split('\t');
      rows.push(Object.fromEntries(columns.map((c, k) => [c, values[k] === '\\N' ? null : unescapeCopy(values[k] ?? '')])));
    }
  }
  return rows;
}

function unescapeCopy(value: string): string {
  const named: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
  return value.replace(/\\(.)/g, (_, c: string) => named[c] ?? c);
}

function runTool(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const stdout: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(err.code === 'ENOENT' ? `${command} is not installed (PostgreSQL's client tools; Debian: apt-get install postgresql-client)` : err.message),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(stdout).toString('utf8')) : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}
