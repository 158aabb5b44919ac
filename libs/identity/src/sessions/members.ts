import { type Clock, Errors, isRole, normalizeEmail, type Role, ROLES, canGrantRole, systemClock } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { ApiKeysRepository } from '../workspaces/api-keys.repository';
import { type MemberRecord } from '../workspaces/identity-records';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { SessionsRepository } from './sessions.repository';

/** Runs in the change's transaction with the member as changed (an audit entry), so both land or neither does. */
type AlsoInTx = (tx: Tx, member: MemberRecord) => Promise<void>;

/**
 * The operator's member management beyond `member add` (admin CLI): list, change a role, remove,
 * sign out everywhere. Roles are read on every request, so a change applies to signed-in members at
 * once. What a member leaves behind goes with them: removing one ends their sessions there and
 * revokes the API keys they created in the dashboard; lowering a role revokes their keys above it.
 * A workspace always keeps at least one owner, checked under a lock so two removals cannot race.
 */
export class Members {
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly sessions = new SessionsRepository(this.db);
  private readonly keys = new ApiKeysRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(workspaceId: string): Promise<MemberRecord[]> {
    if (!(await this.workspaces.find(workspaceId))) throw Errors.notFound('workspace');
    return this.workspaces.listMembers(workspaceId);
  }

  async setRole(workspaceId: string, email: string, role: string, alsoInTx?: AlsoInTx): Promise<{ member: MemberRecord; keysRevoked: number }> {
    if (!isRole(role)) throw Errors.validationFailed([{ pointer: '/role', code: 'invalid', detail: 'role must be owner, editor or viewer' }]);
    const member = await this.mustFind(workspaceId, email);
    return this.db.transaction(async (tx) => {
      if (member.role === 'owner' && role !== 'owner') await this.keepAnOwner(tx, workspaceId, member.email);
      await this.workspaces.setMemberRole(tx, workspaceId, member.email, role);
      const above = ROLES.filter((r) => !canGrantRole(role, r));
      const keysRevoked = await this.keys.revokeCreatedBy(tx, workspaceId, member.id, this.clock().getTime(), above);
      const changed = { ...member, role: role as Role };
      await alsoInTx?.(tx, changed);
      return { member: changed, keysRevoked };
    });
  }

  async remove(workspaceId: string, email: string, alsoInTx?: AlsoInTx): Promise<{ sessionsEnded: number; keysRevoked: number }> {
    const member = await this.mustFind(workspaceId, email);
    return this.db.transaction(async (tx) => {
      if (member.role === 'owner') await this.keepAnOwner(tx, workspaceId, member.email);
      await this.workspaces.deleteMember(tx, workspaceId, member.email);
      const now = this.clock().getTime();
      const keysRevoked = await this.keys.revokeCreatedBy(tx, workspaceId, member.id, now, ROLES);
      await alsoInTx?.(tx, member);
      return { sessionsEnded: await this.sessions.revokeAllOf(tx, member.email, now, { workspaceId }), keysRevoked };
    });
  }

  /** Ends every session of the email, in every workspace (a lost laptop). */
  async signOutEverywhere(email: string): Promise<{ sessionsEnded: number }> {
    const normalized = normalizeEmail(email);
    return this.db.transaction(async (tx) => ({ sessionsEnded: await this.sessions.revokeAllOf(tx, normalized, this.clock().getTime()) }));
  }

  private async mustFind(workspaceId: string, email: string): Promise<MemberRecord> {
    const member = await this.workspaces.findMemberByEmail(workspaceId, normalizeEmail(email));
    if (!member) throw Errors.notFound('member');
    return member;
  }

  private async keepAnOwner(tx: Tx, workspaceId: string, leaving: string): Promise<void> {
    const others = (await this.workspaces.lockOwners(tx, workspaceId)).filter((owner) => owner !== leaving);
    if (!others.length) throw Errors.validationFailed([{ pointer: '/email', code: 'last_owner', detail: 'a workspace keeps at least one owner' }]);
  }
}
