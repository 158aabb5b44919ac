import { type Clock, newId } from '@qr/domain';
import { type Tx } from '@qr/persistence';
import { digestToken, newSecretToken } from '@qr/session-rules';
import { type SessionRecord } from '../workspaces/identity-records';
import { type SessionsRepository } from './sessions.repository';

export interface StartedSession {
  /** Goes into the cookie; only its digest is stored. */
  token: string;
  session: SessionRecord;
}

const USER_AGENT_CHARS = 200;

/** A new session for a member, in the caller's transaction (sign-in, or a sign-in link). */
export async function startSession(
  tx: Tx,
  sessions: SessionsRepository,
  input: { email: string; workspaceId: string; userAgent?: string | null },
  clock: Clock,
): Promise<StartedSession> {
  const token = newSecretToken();
  const now = clock().getTime();
  const session: SessionRecord = {
    id: newId('ses', clock),
    token_hash: digestToken(token),
    email: input.email,
    workspace_id: input.workspaceId,
    created_at: now,
    last_seen_at: now,
    revoked_at: null,
    // Kept to tell a person's sessions apart in a list; truncated so it cannot be made a payload.
    user_agent: input.userAgent ? input.userAgent.slice(0, USER_AGENT_CHARS) : null,
  };
  await sessions.insert(tx, session);
  await sessions.noteSignIn(tx, input.email, input.workspaceId, now);
  return { token, session };
}
