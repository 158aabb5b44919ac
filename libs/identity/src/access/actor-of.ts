import type { IncomingMessage } from 'node:http';
import { type Actor, type ChangeChannel } from '@qr/domain';
import { requestIdOf } from '@qr/platform';
import { type Principal } from './principal';

/** Who is behind a request, as history and the audit log record it; `via` defaults from the credential. */
export function actorOf(principal: Principal, req: IncomingMessage, via?: ChangeChannel): Actor {
  const requestId = requestIdOf(req);
  const request_id = requestId === 'unknown' ? null : requestId;
  if (principal.member) return { kind: 'member', id: principal.member.memberId, name: principal.member.email, via: via ?? 'dashboard', request_id };
  return { kind: 'api_key', id: principal.keyId, name: principal.keyName ?? null, via: via ?? 'api', request_id };
}
