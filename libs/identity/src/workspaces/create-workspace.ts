import { type Clock, Errors, isPlanName, newId, type PlanName, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type WorkspaceRecord } from './identity-records';
import { WorkspacesRepository } from './workspaces.repository';

export class CreateWorkspace {
  private readonly workspaces = new WorkspacesRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(input: { name: string; plan: PlanName | string }): Promise<WorkspaceRecord> {
    const name = input.name?.trim();
    if (!name || name.length > 200) throw Errors.validationFailed([{ pointer: '/name', code: 'invalid', detail: 'name must be 1–200 characters' }]);
    if (!isPlanName(input.plan)) throw Errors.validationFailed([{ pointer: '/plan', code: 'invalid', detail: 'plan must be free, starter, pro or agency' }]);
    const now = this.clock().getTime();
    const ws: WorkspaceRecord = { id: newId('ws', this.clock), name, plan: input.plan, created_at: now, updated_at: now };
    await this.db.transaction((tx) => this.workspaces.insert(tx, ws));
    return ws;
  }
}
