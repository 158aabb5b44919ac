import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { canWrite, Errors } from '@qr/domain';
import { AuthenticateApiKey, type PrincipalRequest, RATE_LIMITER, type RateLimiter, READ_METHODS, SessionAccess } from '@qr/identity';
import { MonthlyQuota } from './monthly-quota';
import { QUOTA_COST, type QuotaCostFn } from './quota-cost.decorator';

const NOT_COUNTED = new Set([401, 403, 429]);

/**
 * The gate in front of every public API route. With an API key, in this order: who (401), plan
 * (403), role (403), per-second rate (429 rate_limited), monthly quota (429 quota_exceeded); calls
 * that end in 401/403/429 anywhere, the handler included, give their quota back. Without an
 * Authorization header, a dashboard session cookie is the caller instead (SessionAccess): the
 * dashboard calls the same routes and use cases, but its calls are not API calls and never count.
 */
@Injectable()
export class ApiAccessGuard implements CanActivate {
  constructor(
    private readonly authenticate: AuthenticateApiKey,
    private readonly sessions: SessionAccess,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    private readonly quota: MonthlyQuota,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<PrincipalRequest>();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (req.headers.authorization === undefined && this.sessions.cookies.sessionToken(req) !== undefined) {
      await this.sessions.admit(req, { write: !READ_METHODS.has(req.method) });
      return true;
    }
    const principal = await this.authenticate.execute(req.headers.authorization);
    if (!READ_METHODS.has(req.method) && !canWrite(principal.role)) throw Errors.forbidden('This API key has the viewer role and can only read.');
    if (!(await this.limiter.allow(principal.keyId, principal.plan.requestsPerSecond))) throw Errors.rateLimited(1);
    const costFn = this.reflector.get<QuotaCostFn | undefined>(QUOTA_COST, ctx.getHandler());
    const grant = await this.quota.reserve(principal, Math.max(1, costFn ? costFn(req) : 1));
    for (const [name, value] of Object.entries(grant.headers)) res.setHeader(name, value);
    res.once('finish', () => {
      if (NOT_COUNTED.has(res.statusCode)) void grant.refund().catch(() => undefined);
    });
    req.principal = principal;
    return true;
  }
}
