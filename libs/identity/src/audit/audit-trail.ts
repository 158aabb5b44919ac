import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { type AuditAction } from '@qr/api-contract';
import { actorOf } from '../access/actor-of';
import { type Principal } from '../access/principal';
import { AuditLogRepository } from './audit-log.repository';

/**
 * What the public API's controllers call after another service has made a change the audit log
 * keeps (webhook endpoints, domains). The entry is written once that service has answered: a crash
 * between the two loses the entry, never the change; docs/design/teams-and-history.md says why.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly audit: AuditLogRepository) {}

  async note(
    p: Principal,
    req: IncomingMessage,
    action: AuditAction,
    target: { type: string; id: string; name?: string | null },
    details?: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record({ workspaceId: p.workspaceId, action, target, actor: actorOf(p, req), details });
  }
}
