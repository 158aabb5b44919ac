import { type Clock, Errors, isPlanName, newId, type PlanName, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type WorkspaceRecord } from './identity-records';
import { WorkspacesRepository } from './workspaces.repository';

/** The operator's workspace management (admin CLI): create one, change its plan. */
export class Workspaces {
  private readonly workspaces = new WorkspacesRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(input: { name: string; plan: PlanName | string }): Promise<WorkspaceRecord> {
    const name = input.name?.trim();
    if (!name || name.length > 200) throw Errors.validationFailed([{ pointer: '/name', code: 'invalid', detail: 'name must be 1–200 characters' }]);
    const plan = planOf(input.plan);
    const now = this.clock().getTime();
    const ws: WorkspaceRecord = { id: newId('ws', this.clock), name, plan, created_at: now, updated_at: now };
    await this.db.transaction((tx) => this.workspaces.insert(tx, ws));
    return ws;
  }

  async setPlan(input: { workspaceId: string; plan: string }): Promise<WorkspaceRecord> {
    if (!(await this.workspaces.setPlan(input.workspaceId, planOf(input.plan), this.clock().getTime()))) throw Errors.notFound('workspace');
    return (await this.workspaces.find(input.workspaceId))!;
  }
}

function planOf(plan: string): PlanName {
  if (!isPlanName(plan)) throw Errors.validationFailed([{ pointer: '/plan', code: 'invalid', detail: 'plan must be free, starter, pro or agency' }]);
  return plan;
}
