/** The logging port libs depend on; the platform's JsonLogger implements it. */
export interface Log {
  event(level: 'debug' | 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>): void;
}

export const silentLog: Log = { event: () => undefined };
