export interface CliArgs {
  command: string[];
  flags: Record<string, string | true>;
}

/** `workspace create --name X --plan pro --json` → command [workspace, create], flags {name, plan, json}. */
/** Flags that never take a value, so `--json migrate` keeps `migrate` as the command. */
const BOOLEAN_FLAGS = new Set(['json', 'help', 'password-stdin', 'with-secrets-key']);

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const command: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      const next = argv[i + 1];
      if (inline !== undefined) flags[name] = inline;
      else if (BOOLEAN_FLAGS.has(name)) flags[name] = true;
      else if (next !== undefined && !next.startsWith('--')) flags[name] = argv[++i];
      else flags[name] = true;
    } else {
      command.push(arg);
    }
  }
  return { command, flags };
}

export function requireFlag(flags: CliArgs['flags'], name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export class UsageError extends Error {}
