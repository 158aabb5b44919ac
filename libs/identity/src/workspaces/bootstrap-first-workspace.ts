import { type Clock, newId, type PlanName, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { AddMember } from './add-member';
import { CreateApiKey } from '../workspaces/create-api-key';
import { type WorkspaceRecord } from '../workspaces/identity-records';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';

/**
 * On an empty database: one workspace, its owner and an owner key, in one transaction.
 * Returns null when any workspace exists (so restarts never create another or show a key again).
 */
export class BootstrapFirstWorkspace {
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly members = new AddMember(this.db, this.clock);
  private readonly keys = new CreateApiKey(this.db, this.clock);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(plan: PlanName, ownerEmail = 'owner@localhost') {
    return this.db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['gateway:bootstrap']);
      if ((await this.workspaces.count(tx)) > 0) return null;
      const now = this.clock().getTime();
      const workspace: WorkspaceRecord = { id: newId('ws', this.clock), name: 'Default workspace', plan, created_at: now, updated_at: now };
      await this.workspaces.insert(tx, workspace);
      await this.members.insert(tx, workspace.id, ownerEmail, 'owner');
      const key = await this.keys.insert(tx, { workspaceId: workspace.id, name: 'bootstrap', role: 'owner' });
      return { workspace, keyId: key.record.id, secret: key.secret };
    });
  }
}
