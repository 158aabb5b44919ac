import { type Clock, Errors, hashApiKey, isWellFormedApiKey, planOf, systemClock } from '@qr/domain';
import { shouldTouch, TOUCH_INTERVAL_MS } from '@qr/session-rules';
import { type ApiKeysRepository } from '../workspaces/api-keys.repository';
import { type ApiKeyPrincipal } from './principal';

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

  async execute(authorization: string | undefined): Promise<ApiKeyPrincipal> {
    const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
    if (!token || !isWellFormedApiKey(token)) throw Errors.unauthorized();
    const key = await this.keys.findByHash(hashApiKey(token));
    const now = this.clock().getTime();
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= now)) throw Errors.unauthorized();
    const plan = planOf(key.workspace_plan);
    if (!plan.apiAccess) throw Errors.planHasNoApiAccess(plan.name);
    // "Last used" is shown to the minute; the write is not on the request's path.
    if (shouldTouch(key.last_used_at ?? 0, now)) void this.keys.touch(key.id, now, TOUCH_INTERVAL_MS).catch(() => undefined);
    return { keyId: key.id, keyName: key.name, workspaceId: key.workspace_id, role: key.role, plan };
  }
}
