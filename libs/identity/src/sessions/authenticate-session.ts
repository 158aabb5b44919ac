import { type Clock, Errors, planOf, systemClock } from '@qr/domain';
import { DEFAULT_SESSION_POLICY, digestToken, isWellFormedToken, sessionStatusAt, type SessionPolicy, shouldTouch } from '@qr/session-rules';
import { type Principal, type SessionMember } from '../access/principal';
import { type SessionsRepository } from './sessions.repository';

/** A dashboard caller: a principal whose member is always set. */
export type SessionPrincipal = Principal & { member: SessionMember };

/**
 * The session cookie's counterpart of AuthenticateApiKey. A missing, unknown, revoked or expired
 * session, and one whose email is no longer a member of the session's workspace, all get the same
 * 401. The role is read on every call, so a role change or a removal takes effect at once.
 */
export class AuthenticateSession {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(token: string | undefined): Promise<SessionPrincipal> {
    if (!isWellFormedToken(token)) throw Errors.signedOut();
    const row = await this.sessions.findByTokenHash(digestToken(token));
    const now = this.clock().getTime();
    if (!row || sessionStatusAt({ createdAt: row.created_at, lastSeenAt: row.last_seen_at, revokedAt: row.revoked_at }, this.policy, now) !== 'live') {
      throw Errors.signedOut();
    }
    if (row.member_id === null || row.role === null || row.workspace_plan === null) throw Errors.signedOut();
    // Idle expiry needs last_seen_at, but only to the minute: at most one write a minute per session.
    if (shouldTouch(row.last_seen_at, now)) await this.sessions.touch(row.id, now);
    return {
      keyId: null,
      workspaceId: row.workspace_id,
      role: row.role,
      plan: planOf(row.workspace_plan),
      member: { memberId: row.member_id, email: row.email, sessionId: row.id },
    };
  }
}
