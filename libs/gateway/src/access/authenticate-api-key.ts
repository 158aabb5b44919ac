import { type Clock, Errors, hashApiKey, isWellFormedApiKey, planOf, systemClock } from '@qr/domain';
import { type ApiKeysRepository } from '../identity/api-keys.repository';
import { type Principal } from './principal';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Missing, malformed, unknown, revoked and expired keys all get the same 401, so a caller
 * learns nothing about which keys exist. A valid key on a plan without API access gets a 403.
 */
export class AuthenticateApiKey {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(authorization: string | undefined): Promise<Principal> {
    const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
    if (!token || !isWellFormedApiKey(token)) throw Errors.unauthorized();
    const key = await this.keys.findByHash(hashApiKey(token));
    const now = this.clock().getTime();
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= now)) throw Errors.unauthorized();
    const plan = planOf(key.workspace_plan);
    if (!plan.apiAccess) throw Errors.planHasNoApiAccess(plan.name);
    return { keyId: key.id, workspaceId: key.workspace_id, role: key.role, plan };
  }
}
