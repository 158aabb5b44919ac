import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { canWrite, Errors } from '@qr/domain';
import { csrfTokenMatches } from '@qr/session-rules';
import { AuthenticateSession, type SessionPrincipal } from '../sessions/authenticate-session';
import { type Principal } from './principal';
import { type RateLimiter } from '@qr/platform';
import { CSRF_HEADER, SessionCookies, WORKSPACE_HEADER } from './session-cookie';

export const RATE_LIMITER = Symbol('RATE_LIMITER');
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * A person clicking through pages: a page makes a handful of calls at once. Low enough that a
 * session is no way around an API key's quota, high enough that nobody clicking meets it.
 */
export const DASHBOARD_REQUESTS_PER_SECOND = 20;

/** Where the guards leave the caller they admitted, for CurrentPrincipal. */
export type PrincipalRequest = Request & { principal?: Principal };

/**
 * The dashboard's gate, used for its own routes and for the public API routes a session calls:
 * a live session (401), the CSRF token on anything but a read (403 csrf_failed), the role for a
 * write (403), and a per-session rate (429). Sessions are not API calls: no plan gate, no quota.
 */
@Injectable()
export class SessionAccess {
  constructor(
    private readonly authenticate: AuthenticateSession,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    readonly cookies: SessionCookies,
  ) {}

  async admit(req: Request, o: { write: boolean }): Promise<SessionPrincipal> {
    const token = this.cookies.sessionToken(req);
    const principal = await this.authenticate.execute(token);
    if (!READ_METHODS.has(req.method) && !csrfTokenMatches(token!, req.headers[CSRF_HEADER])) throw Errors.csrfFailed();
    const shown = req.headers[WORKSPACE_HEADER];
    if (typeof shown === 'string' && shown !== principal.workspaceId) throw Errors.workspaceChanged();
    if (o.write && !canWrite(principal.role)) throw Errors.forbidden('Your role in this workspace is viewer: you can look, not change.');
    if (!(await this.limiter.allow(`session:${principal.member.sessionId}`, DASHBOARD_REQUESTS_PER_SECOND))) throw Errors.rateLimited(1);
    (req as PrincipalRequest).principal = principal;
    return principal;
  }
}

const ANY_ROLE = Symbol('ANY_ROLE');
/**
 * A dashboard POST or DELETE any member may call, viewers included: it changes nothing of the
 * workspace's (a print sheet), or only the member's own session and account (sign-out, switching
 * workspace, their password).
 */
export const AnyRole = () => SetMetadata(ANY_ROLE, true);

/** Guards the dashboard's own routes (/app/api): a session only, never an API key. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly access: SessionAccess,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const anyRole = this.reflector.get<boolean | undefined>(ANY_ROLE, ctx.getHandler()) === true;
    await this.access.admit(req, { write: !READ_METHODS.has(req.method) && !anyRole });
    return true;
  }
}

/** The authenticated caller, in a handler behind SessionGuard (a SessionPrincipal) or the gateway's ApiAccessGuard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<PrincipalRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without SessionGuard or ApiAccessGuard');
  return principal;
});
