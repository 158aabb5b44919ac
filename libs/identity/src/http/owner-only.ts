import type { Request } from 'express';
import { Errors } from '@qr/domain';
import { actorOf } from '../access/actor-of';
import { type SessionPrincipal } from '../sessions/authenticate-session';
import { type TeamOwner } from '../team/team';

/**
 * Members and the audit log are the owners' business. Other roles get 404, as for a workspace's
 * resource they cannot see: the page's data does not exist for them.
 */
export function ownerOf(principal: SessionPrincipal, req: Request): TeamOwner {
  if (principal.role !== 'owner') throw Errors.notFound('page');
  return { workspaceId: principal.workspaceId, memberId: principal.member.memberId, actor: actorOf(principal, req) };
}
