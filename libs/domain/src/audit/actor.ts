/** How a change reached us: the public API, the dashboard, a dashboard CSV import, or the admin CLI. */
export type ChangeChannel = 'api' | 'dashboard' | 'import' | 'cli';
export const CHANGE_CHANNELS: readonly ChangeChannel[] = ['api', 'dashboard', 'import', 'cli'];

/**
 * Who made a change, as code history and the audit log record it: an API key (its id and name at
 * the time), a dashboard member (their id and email), or the operator at the admin CLI. Names are
 * copied, not joined, so an entry still reads right after the key is revoked or the member removed.
 */
export interface Actor {
  kind: 'api_key' | 'member' | 'operator';
  id: string | null;
  name: string | null;
  via: ChangeChannel;
  /** The X-Request-Id of the HTTP request that made the change (null from the CLI). */
  request_id: string | null;
}

/** The admin CLI: an operator on the server, with no id of ours. */
export const OPERATOR_ACTOR: Actor = { kind: 'operator', id: null, name: 'operator (admin CLI)', via: 'cli', request_id: null };

/** Older senders of a command (a rolling upgrade) send no actor; their entries say so instead of guessing. */
export const UNKNOWN_ACTOR: Actor = { kind: 'operator', id: null, name: null, via: 'api', request_id: null };

export function isActor(value: unknown): value is Actor {
  const a = value as Actor;
  return (
    typeof a === 'object' &&
    a !== null &&
    ['api_key', 'member', 'operator'].includes(a.kind) &&
    (a.id === null || typeof a.id === 'string') &&
    (a.name === null || typeof a.name === 'string') &&
    CHANGE_CHANNELS.includes(a.via) &&
    (a.request_id === null || typeof a.request_id === 'string')
  );
}
