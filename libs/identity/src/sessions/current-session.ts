import { type Clock, Errors, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type Membership, WorkspacesRepository } from '../workspaces/workspaces.repository';
import { type SessionPrincipal } from './authenticate-session';
import { SessionsRepository } from './sessions.repository';

/** What a signed-in member does with their own session: see their workspaces, switch, sign out. */
export class CurrentSession {
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly sessions = new SessionsRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  memberships(principal: SessionPrincipal): Promise<Membership[]> {
    return this.workspaces.membershipsOf(principal.member.email);
  }

  /** Another workspace of the same email; 404 for one the email is not a member of. */
  async switchTo(principal: SessionPrincipal, workspaceId: unknown): Promise<void> {
    const target = (await this.memberships(principal)).find((m) => m.id === workspaceId);
    if (!target) throw Errors.notFound('workspace');
    await this.sessions.switchWorkspace(principal.member.sessionId, principal.member.email, target.id, this.clock().getTime());
  }

  async signOut(principal: SessionPrincipal): Promise<void> {
    await this.sessions.revoke(principal.member.sessionId, this.clock().getTime());
  }
}
