import { type Actor, type Clock, Errors, generateApiKey, hashApiKey, newId, redactApiKey, type Role, systemClock } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { type AuditLogRepository } from '../audit/audit-log.repository';
import { ApiKeysRepository } from './api-keys.repository';
import { type ApiKeyRecord } from './identity-records';
import { WorkspacesRepository } from './workspaces.repository';

export interface CreatedApiKey {
  record: ApiKeyRecord;
  /** The key itself: returned once, never stored. */
  secret: string;
}

export interface NewApiKey {
  workspaceId: string;
  name: string;
  role: Role;
  expiresAt?: Date | null;
  /** Who asks: another key (the API) or a dashboard member; neither for the admin CLI. */
  createdByKeyId?: string | null;
  createdByMemberId?: string | null;
  /** Written in the key's transaction (the API, the dashboard and the CLI record their keys). */
  audit?: { actor: Actor; log: AuditLogRepository };
}

export class CreateApiKey {
  private readonly keys = new ApiKeysRepository(this.db);
  private readonly workspaces = new WorkspacesRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(input: NewApiKey): Promise<CreatedApiKey> {
    if (!(await this.workspaces.find(input.workspaceId))) throw Errors.notFound('workspace');
    return this.db.transaction((tx) => this.insert(tx, input));
  }

  /** Inside a caller's transaction (the first-run bootstrap creates workspace and key together). */
  async insert(tx: Tx, input: NewApiKey): Promise<CreatedApiKey> {
    const name = input.name?.trim();
    if (!name || name.length > 200) throw Errors.validationFailed([{ pointer: '/name', code: 'invalid', detail: 'name must be 1–200 characters' }]);
    const now = this.clock().getTime();
    if (input.expiresAt && input.expiresAt.getTime() <= now) {
      throw Errors.validationFailed([{ pointer: '/expires_at', code: 'in_the_past', detail: 'expires_at must be in the future' }]);
    }
    const secret = generateApiKey();
    const record: ApiKeyRecord = {
      id: newId('key', this.clock),
      workspace_id: input.workspaceId,
      name,
      role: input.role,
      key_hash: hashApiKey(secret),
      key_hint: redactApiKey(secret),
      created_by_key_id: input.createdByKeyId ?? null,
      created_by_member_id: input.createdByMemberId ?? null,
      created_at: now,
      expires_at: input.expiresAt ? input.expiresAt.getTime() : null,
      revoked_at: null,
      last_used_at: null,
    };
    await this.keys.insert(tx, record);
    await input.audit?.log.record(
      {
        workspaceId: input.workspaceId,
        action: 'api_key.created',
        target: { type: 'api_key', id: record.id, name: record.name },
        actor: input.audit.actor,
        details: { role: record.role },
      },
      tx,
    );
    return { record, secret };
  }
}
