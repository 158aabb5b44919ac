import type { IncomingMessage } from 'node:http';
import { type Actor, type Clock, newId, systemClock } from '@qr/domain';
import { type AuditAction } from '@qr/api-contract';
import { type Database, insertOf, type Tx } from '@qr/persistence';
import { actorOf } from '../access/actor-of';
import { type Principal } from '../access/principal';

export interface AuditRecord {
  id: string;
  workspace_id: string;
  action: AuditAction;
  target_type: string;
  target_id: string;
  target_name: string | null;
  actor_kind: Actor['kind'];
  actor_id: string | null;
  actor_name: string | null;
  via: Actor['via'];
  request_id: string | null;
  /** JSON text, e.g. `{"from":"editor","to":"viewer"}`. Never a secret. */
  details: string | null;
  occurred_at: number;
}

export interface AuditFact {
  workspaceId: string;
  action: AuditAction;
  target: { type: string; id: string; name?: string | null };
  actor: Actor;
  details?: Record<string, unknown>;
}

/**
 * The workspace audit log: rows are inserted, never updated or deleted, and no route writes one
 * directly. Changes to the gateway's own tables are recorded in the same transaction; changes made
 * by another service (webhook endpoints, domains) are recorded once that service has answered.
 */
export class AuditLogRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async record(fact: AuditFact, tx?: Tx): Promise<void> {
    const [sql, params] = insertOf('audit_log', this.toRecord(fact));
    if (tx) await tx.query(sql, params);
    else await this.db.execute(sql, params);
  }

  /**
   * A public API caller's change that another service made, once it has answered: a crash between
   * the two loses the entry, never the change; docs/design/teams-and-history.md says why.
   */
  note(p: Principal, req: IncomingMessage, action: AuditAction, target: AuditFact['target'], details?: Record<string, unknown>): Promise<void> {
    return this.record({ workspaceId: p.workspaceId, action, target, actor: actorOf(p, req), details });
  }

  /** A change to a member (the Members page's or the CLI's): the member is the target. */
  recordMember(workspaceId: string, actor: Actor, action: AuditAction, member: { id: string; email: string }, details?: Record<string, unknown>, tx?: Tx) {
    return this.record({ workspaceId, action, target: { type: 'member', id: member.id, name: member.email }, actor, details }, tx);
  }

  /** Newest first (ids sort by time); `beforeId` is the last id of the previous page. */
  async list(workspaceId: string, beforeId: string | null, limit: number): Promise<AuditRecord[]> {
    return beforeId
      ? this.db.query<AuditRecord>('SELECT * FROM audit_log WHERE workspace_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3', [workspaceId, beforeId, limit])
      : this.db.query<AuditRecord>('SELECT * FROM audit_log WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2', [workspaceId, limit]);
  }

  async find(workspaceId: string, id: string): Promise<AuditRecord | null> {
    const [row] = await this.db.query<AuditRecord>('SELECT * FROM audit_log WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    return row ?? null;
  }

  private toRecord(f: AuditFact): AuditRecord {
    return {
      id: newId('aud', this.clock),
      workspace_id: f.workspaceId,
      action: f.action,
      target_type: f.target.type,
      target_id: f.target.id,
      target_name: f.target.name ?? null,
      actor_kind: f.actor.kind,
      actor_id: f.actor.id,
      actor_name: f.actor.name,
      via: f.actor.via,
      request_id: f.actor.request_id,
      details: f.details ? JSON.stringify(f.details) : null,
      occurred_at: this.clock().getTime(),
    };
  }
}
