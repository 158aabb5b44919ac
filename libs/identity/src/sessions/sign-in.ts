import { type Clock, Errors, normalizeEmail, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import {
  DEFAULT_SCRYPT_COST,
  DEFAULT_SESSION_POLICY,
  hashPassword,
  needsRehash,
  newSecretToken,
  type ScryptCost,
  type SessionPolicy,
  signInLimits,
  verifyPassword,
} from '@qr/session-rules';
import { type RateLimiter } from '@qr/platform';
import { AccountsRepository } from '../workspaces/accounts.repository';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { SessionsRepository } from './sessions.repository';
import { type StartedSession, startSession } from './start-session';
import { throttle } from './throttle';

export interface SignInInput {
  email: unknown;
  password: unknown;
  /** The caller's address as the gateway sees it (TRUST_PROXY decides whether a proxy's header counts). */
  clientAddress: string;
  userAgent?: string | null;
}

/**
 * Email and password to a session. A wrong email, a wrong password and an account that has no
 * password yet get the same 401, after the same scrypt work (a throwaway hash stands in for a
 * missing one), so neither the answer nor its timing tells which accounts exist. Every attempt
 * counts against the per-account and per-address throttle first.
 */
export class SignIn {
  private readonly accounts = new AccountsRepository(this.db);
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly sessions = new SessionsRepository(this.db);
  private standInHash: Promise<string> | null = null;

  constructor(
    private readonly db: Database,
    private readonly limiter: RateLimiter,
    private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly clock: Clock = systemClock,
    private readonly cost: ScryptCost = DEFAULT_SCRYPT_COST,
  ) {}

  async execute(input: SignInInput): Promise<StartedSession> {
    const email = normalizeEmail(input.email);
    const password = typeof input.password === 'string' ? input.password : '';
    const missing = [...(email ? [] : ['/email']), ...(password ? [] : ['/password'])];
    if (missing.length) throw Errors.validationFailed(missing.map((pointer) => ({ pointer, code: 'required', detail: `${pointer.slice(1)} is required` })));
    await throttle(this.limiter, signInLimits(email, input.clientAddress), this.clock);

    const account = await this.accounts.find(email);
    const stored = account?.password_hash ?? null;
    const matches = await verifyPassword(password, stored ?? (await this.standIn()));
    const memberships = matches && stored ? await this.workspaces.membershipsOf(email) : [];
    if (!stored || !matches || memberships.length === 0) throw Errors.invalidCredentials();

    const now = this.clock().getTime();
    if (needsRehash(stored, this.cost)) await this.accounts.replaceHash(email, stored, await hashPassword(password, this.cost), now);
    const workspace = await this.sessions.lastUsedOf(email, memberships);
    return this.db.transaction(async (tx) => {
      // A session older than the absolute lifetime is over whatever else it says: its row goes.
      await this.sessions.deleteEnded(tx, email, now - this.policy.absoluteMs);
      return startSession(tx, this.sessions, { email, workspaceId: workspace.id, userAgent: input.userAgent }, this.clock);
    });
  }

  /** A hash of a password nobody knows, made once with the same cost as real ones. */
  private standIn(): Promise<string> {
    return (this.standInHash ??= hashPassword(newSecretToken(), this.cost));
  }
}
