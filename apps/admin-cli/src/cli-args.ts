import { parseArgs } from 'node:util';

export interface CliArgs {
  command: string[];
  flags: Record<string, string | boolean | undefined>;
}

const STRING_FLAGS = ['name', 'plan', 'workspace', 'email', 'role', 'expires-in', 'expires-at', 'key', 'batch', 'to', 'from', 'format', 'file', 'domain'];
const BOOLEAN_FLAGS = ['json', 'help', 'password-stdin', 'with-secrets-key', 'dry-run'];
const OPTIONS = Object.fromEntries([
  ...STRING_FLAGS.map((name) => [name, { type: 'string' as const }]),
  ...BOOLEAN_FLAGS.map((name) => [name, { type: 'boolean' as const }]),
]);

/**
 * `workspace create --name X --plan pro --json` → command [workspace, create], flags {name, plan, json}.
 * Strict: an unknown flag, a missing value or a value that looks like a flag (`--name --json`) is a usage
 * error rather than a guess; a value that starts with a dash is written `--flag=-value`.
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    // No option is `multiple`, so no value is an array.
    return { command: positionals, flags: values as CliArgs['flags'] };
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

export function requireFlag(flags: CliArgs['flags'], name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export class UsageError extends Error {}
