/** The logging port libs depend on; the platform's JsonLogger implements it. */
export interface Log {
  event(level: 'debug' | 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>): void;
}

export const silentLog: Log = { event: () => undefined };

/** What a log line says of a thrown value: an Error's message, anything else as text. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
