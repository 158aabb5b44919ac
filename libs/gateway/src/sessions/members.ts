import { type Clock, Errors, isRole, type Role, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type MemberRecord } from '../identity/identity-records';
import { WorkspacesRepository } from '../identity/workspaces.repository';
import { SessionsRepository } from './sessions.repository';

/**
 * The operator's member management beyond `member add` (admin CLI): list, change a role (effective
 * at the member's next request: sessions read the role every time), and remove (their sessions in
 * that workspace end at once). A workspace always keeps at least one owner.
 */
export class Members {
  private readonly workspaces: WorkspacesRepository;
  private readonly sessions: SessionsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.workspaces = new WorkspacesRepository(db);
    this.sessions = new SessionsRepository(db);
  }

  async list(workspaceId: string): Promise<MemberRecord[]> {
    if (!(await this.workspaces.find(workspaceId))) throw Errors.notFound('workspace');
    return this.workspaces.listMembers(workspaceId);
  }

  async setRole(workspaceId: string, email: string, role: string): Promise<MemberRecord> {
    if (!isRole(role)) throw Errors.validationFailed([{ pointer: '/role', code: 'invalid', detail: 'role must be owner, editor or viewer' }]);
    const member = await this.mustFind(workspaceId, email);
    if (member.role === 'owner' && role !== 'owner') await this.keepAnOwner(workspaceId, member.email);
    await this.workspaces.setMemberRole(workspaceId, member.email, role as Role);
    return { ...member, role: role as Role };
  }

  async remove(workspaceId: string, email: string): Promise<{ sessionsEnded: number }> {
    const member = await this.mustFind(workspaceId, email);
    if (member.role === 'owner') await this.keepAnOwner(workspaceId, member.email);
    return this.db.transaction(async (tx) => {
      await this.workspaces.deleteMember(tx, workspaceId, member.email);
      return { sessionsEnded: await this.sessions.revokeAllOf(tx, member.email, this.clock().getTime(), { workspaceId }) };
    });
  }

  /** Ends every session of the email, in every workspace (a lost laptop). */
  async signOutEverywhere(email: string): Promise<{ sessionsEnded: number }> {
    const normalized = email.trim().toLowerCase();
    return this.db.transaction(async (tx) => ({ sessionsEnded: await this.sessions.revokeAllOf(tx, normalized, this.clock().getTime()) }));
  }

  private async mustFind(workspaceId: string, email: string): Promise<MemberRecord> {
    const member = await this.workspaces.findMemberByEmail(workspaceId, email.trim().toLowerCase());
    if (!member) throw Errors.notFound('member');
    return member;
  }

  private async keepAnOwner(workspaceId: string, leaving: string): Promise<void> {
    const owners = (await this.workspaces.listMembers(workspaceId)).filter((m) => m.role === 'owner' && m.email !== leaving);
    if (!owners.length) throw Errors.validationFailed([{ pointer: '/email', code: 'last_owner', detail: 'a workspace keeps at least one owner' }]);
  }
}
