import { type Clock, Errors, isEmailAddress, isRole, newId, normalizeEmail, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
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
    const member: MemberRecord = {
      id: newId('mem', this.clock),
      workspace_id: input.workspaceId,
      email,
      role: input.role,
      created_at: this.clock().getTime(),
      last_sign_in_at: null,
    };
    await this.db.transaction((tx) => this.workspaces.insertMember(tx, member));
    return member;
  }
}
