import { type LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
/** Nest's own start-up chatter (one line per module and route) is debug, not info. */
const NEST_BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);
const RANK: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * One JSON object per line on stdout. Callers pass facts as fields, never secrets:
 * no header, body or key material is ever logged by the platform.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly minLevel: Level | 'silent' = 'info',
    private readonly base: Record<string, unknown> = {},
    private readonly write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    this.emit(typeof context === 'string' && NEST_BOOT_CONTEXTS.has(context) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }

  /** Structured entry: `logger.event('info', 'scan recorded', { qr_id })`. */
  event(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
    if (RANK[level] < RANK[this.minLevel]) return;
    const own = { time: new Date().toISOString(), level, msg };
    // The entry's own time, level and msg come first and win over any same-named field.
    this.write(JSON.stringify(Object.assign({ ...own }, this.base, fields, own)));
  }

  private emit(level: Level, message: unknown, rest: unknown[]): void {
    // Nest passes the context name as the last string argument.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (message instanceof Error) {
      fields.error = { name: message.name, message: message.message, stack: message.stack };
      this.event(level, message.message, fields);
      return;
    }
    if (typeof message === 'object' && message !== null) {
      this.event(level, String((message as { msg?: unknown }).msg ?? ''), { ...fields, ...(message as object) });
      return;
    }
    if (rest.length && typeof rest[0] === 'string' && level === 'error') fields.stack = rest[0];
    this.event(level, String(message), fields);
  }
}
