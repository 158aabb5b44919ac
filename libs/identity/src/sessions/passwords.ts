import { type Clock, Errors, normalizeEmail, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { checkNewPassword, DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost, signInLimits, verifyPassword } from '@qr/session-rules';
import { InProcessRateLimiter, type RateLimiter } from '@qr/platform';
import { AccountsRepository } from '../workspaces/accounts.repository';
import { SessionsRepository } from './sessions.repository';
import { throttle } from './throttle';

/**
 * Setting a password by the operator (`member add --password-stdin`) and changing one's own (the
 * dashboard, which asks for the current one). Either way the person's other sessions end. A change
 * checks the current password, so it counts against the sign-in throttle like a sign-in: a session
 * left open is no faster way to guess the password.
 */
export class Passwords {
  private readonly accounts = new AccountsRepository(this.db);
  private readonly sessions = new SessionsRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly limiter: RateLimiter = new InProcessRateLimiter(),
    private readonly clock: Clock = systemClock,
    private readonly cost: ScryptCost = DEFAULT_SCRYPT_COST,
  ) {}

  /** The operator sets it: every session of the email ends. */
  async set(email: string, password: unknown): Promise<void> {
    await this.store(normalizeEmail(email), password, '/password', null);
  }

  /** The member changes it: the current password must be right; other sessions end, this one stays. */
  async change(input: { email: string; sessionId: string; currentPassword: unknown; newPassword: unknown; clientAddress: string }): Promise<void> {
    await throttle(this.limiter, signInLimits(input.email, input.clientAddress), this.clock);
    const account = await this.accounts.find(input.email);
    const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
    if (!account?.password_hash || !(await verifyPassword(current, account.password_hash))) {
      throw Errors.validationFailed([{ pointer: '/current_password', code: 'incorrect', detail: 'this is not your current password' }]);
    }
    await this.store(input.email, input.newPassword, '/new_password', input.sessionId);
  }

  private async store(email: string, password: unknown, pointer: string, keepSessionId: string | null): Promise<void> {
    const problems = checkNewPassword(password, email, pointer);
    if (problems.length) throw Errors.validationFailed(problems);
    const hash = await hashPassword(password as string, this.cost);
    await this.db.transaction(async (tx) => {
      const now = this.clock().getTime();
      await this.accounts.setPassword(tx, email, hash, now);
      await this.sessions.revokeAllOf(tx, email, now, keepSessionId ? { exceptId: keepSessionId } : {});
    });
  }
}
