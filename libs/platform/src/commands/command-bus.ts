import { ApiError, Errors } from '@qr/domain';
import { type Deployable } from '../config/runtime-config';
import { withTimeout } from '../runtime/with-timeout';

export type CommandHandler = (payload: unknown) => Promise<unknown>;

/** Commands a deployable answers, by name (`qr.create`, `redirect.upsert-route`…). */
export class CommandRegistry {
  private readonly handlers = new Map<string, CommandHandler>();

  register(name: string, handler: CommandHandler): void {
    if (this.handlers.has(name)) throw new Error(`command ${name} registered twice`);
    this.handlers.set(name, handler);
  }

  resolve(name: string): CommandHandler | undefined {
    return this.handlers.get(name);
  }
}

/**
 * How one deployable asks another to do something. The gateway never touches a service's tables:
 * it sends a command. In all-in-one the bus calls the handler in process; distributed, it POSTs.
 */
export interface CommandBus {
  send<R>(target: Deployable, command: string, payload: unknown, options?: SendOptions): Promise<R>;
}

export interface SendOptions {
  /**
   * How long the caller waits for the answer before it is a 503 (`unavailable`), for a read that has
   * something else to show when the target is slow. Without it: the bus's own timeout (over HTTP) or none.
   */
  timeoutMs?: number;
}

/** Same process, same semantics as the wire: the payload and result are copied through JSON. */
export class InProcessCommandBus implements CommandBus {
  constructor(private readonly registry: CommandRegistry) {}

  async send<R>(target: Deployable, command: string, payload: unknown, options: SendOptions = {}): Promise<R> {
    const handler = this.registry.resolve(command);
    if (!handler) throw new Error(`no handler for command ${command}`);
    const answer = handler(JSON.parse(JSON.stringify(payload ?? null)));
    const result =
      options.timeoutMs === undefined ? await answer : await withTimeout(answer, options.timeoutMs, () => Errors.unavailable(`${target} did not answer.`));
    return (result === undefined ? undefined : JSON.parse(JSON.stringify(result))) as R;
  }
}

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const COMMAND_PATH_PREFIX = '/internal/v1/commands/';

/**
 * Commands over HTTP between deployables; a domain error comes back as the same ApiError. A wrong
 * internal token or an unknown command is an operator's mistake, not the caller's: it becomes a 503.
 */
export class HttpCommandBus implements CommandBus {
  constructor(
    private readonly urls: Partial<Record<Deployable, string>>,
    private readonly token: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send<R>(target: Deployable, command: string, payload: unknown, options: SendOptions = {}): Promise<R> {
    const base = this.urls[target];
    if (!base) throw new Error(`no URL configured for ${target}`);
    let res: Response;
    try {
      res = await fetch(`${base.replace(/\/+$/, '')}${COMMAND_PATH_PREFIX}${encodeURIComponent(command)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: this.token },
        body: JSON.stringify(payload ?? null),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
    } catch {
      throw Errors.unavailable(`${target} did not answer.`);
    }
    const body = (await res.json().catch(() => null)) as { result?: R; error?: unknown } | null;
    if (res.ok && body) return body.result as R;
    if (body && ApiError.isSerialized(body.error)) throw ApiError.fromJSON(body.error);
    throw Errors.unavailable(`${target} failed to handle ${command}.`);
  }
}
