import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { Errors } from '@qr/domain';
import { actorOf } from '../access/actor-of';
import { type PrincipalRequest } from '../access/session-access';
import { type SessionPrincipal } from '../sessions/authenticate-session';
import { type TeamOwner } from '../team/team';

/**
 * The owner acting, in a handler behind SessionGuard. Members and the audit log are the owners'
 * business. Other roles get 404, as for a workspace's resource they cannot see: the page's data
 * does not exist for them.
 */
export const CurrentOwner = createParamDecorator((_: unknown, ctx: ExecutionContext): TeamOwner => {
  const req = ctx.switchToHttp().getRequest<PrincipalRequest>();
  const principal = req.principal as SessionPrincipal;
  if (principal.role !== 'owner') throw Errors.notFound('page');
  return { workspaceId: principal.workspaceId, memberId: principal.member.memberId, actor: actorOf(principal, req) };
});
