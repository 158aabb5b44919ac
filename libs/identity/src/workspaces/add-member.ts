import { type Clock, Errors, isEmailAddress, isRole, newId, normalizeEmail, type Role, systemClock } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { type MemberRecord } from './identity-records';
import { WorkspacesRepository } from './workspaces.repository';

export class AddMember {
  private readonly workspaces = new WorkspacesRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(input: { workspaceId: string; email: string; role: string }): Promise<MemberRecord> {
    const email = normalizeEmail(input.email);
    if (!email || !isEmailAddress(email)) throw Errors.validationFailed([{ pointer: '/email', code: 'invalid', detail: 'not an email address' }]);
    if (!isRole(input.role)) throw Errors.validationFailed([{ pointer: '/role', code: 'invalid', detail: 'role must be owner, editor or viewer' }]);
    if (!(await this.workspaces.find(input.workspaceId))) throw Errors.notFound('workspace');
    if (await this.workspaces.findMemberByEmail(input.workspaceId, email)) {
      throw Errors.validationFailed([{ pointer: '/email', code: 'duplicate', detail: 'already a member of this workspace' }]);
    }
    const role = input.role;
    return this.db.transaction((tx) => this.insert(tx, input.workspaceId, email, role));
  }

  /** Inside a caller's transaction (the first-run bootstrap adds its owner with the workspace). */
  async insert(tx: Tx, workspaceId: string, email: string, role: Role): Promise<MemberRecord> {
    const member: MemberRecord = {
      id: newId('mem', this.clock),
      workspace_id: workspaceId,
      email,
      role,
      created_at: this.clock().getTime(),
      last_sign_in_at: null,
    };
    await this.workspaces.insertMember(tx, member);
    return member;
  }
}
