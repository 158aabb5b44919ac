import { type Clock, Errors, isPlanName, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type WorkspaceRecord } from './identity-records';
import { WorkspacesRepository } from './workspaces.repository';

export class SetWorkspacePlan {
  private readonly workspaces = new WorkspacesRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(input: { workspaceId: string; plan: string }): Promise<WorkspaceRecord> {
    if (!isPlanName(input.plan)) throw Errors.validationFailed([{ pointer: '/plan', code: 'invalid', detail: 'plan must be free, starter, pro or agency' }]);
    if (!(await this.workspaces.setPlan(input.workspaceId, input.plan, this.clock().getTime()))) throw Errors.notFound('workspace');
    return (await this.workspaces.find(input.workspaceId))!;
  }
}
