import { type SignInLinkAnswer } from '@qr/api-contract';
import { type Clock, Errors, formatUtc, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import {
  checkNewPassword,
  DEFAULT_SCRYPT_COST,
  digestToken,
  hashPassword,
  isWellFormedToken,
  linkRedeemLimits,
  type ScryptCost,
  signInLinkStatusAt,
} from '@qr/session-rules';
import { type RateLimiter } from '@qr/platform';
import { AccountsRepository } from '../workspaces/accounts.repository';
import { type SignInLinkRecord } from '../workspaces/identity-records';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { SessionsRepository } from './sessions.repository';
import { SignInLinksRepository } from './sign-in-links.repository';
import { type StartedSession, startSession } from './start-session';
import { throttle } from './throttle';

/**
 * Opening a sign-in link: `inspect` says whom it is for (the page shows it before asking for a
 * password), `redeem` sets the password, uses the link up, ends the person's other sessions (this is
 * also how a forgotten password is reset) and starts a session, all in one transaction. Unknown,
 * used, replaced and expired links get the same 410.
 */
export class RedeemSignInLink {
  private readonly links = new SignInLinksRepository(this.db);
  private readonly accounts = new AccountsRepository(this.db);
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly sessions = new SessionsRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock = systemClock,
    private readonly cost: ScryptCost = DEFAULT_SCRYPT_COST,
  ) {}

  async inspect(token: unknown, clientAddress: string): Promise<SignInLinkAnswer> {
    await throttle(this.limiter, linkRedeemLimits(clientAddress), this.clock);
    const link = await this.usableLink(token);
    const [workspace, account] = await Promise.all([this.workspaces.find(link.workspace_id), this.accounts.find(link.email)]);
    return {
      email: link.email,
      workspace_name: workspace?.name ?? '',
      purpose: link.purpose,
      // The welcome page then asks for a new password instead of welcoming a new member.
      has_password: !!account?.password_hash,
      expires_at: formatUtc(new Date(link.expires_at)),
    };
  }

  async redeem(input: { token: unknown; password: unknown; clientAddress: string; userAgent?: string | null }): Promise<StartedSession> {
    await throttle(this.limiter, linkRedeemLimits(input.clientAddress), this.clock);
    const link = await this.usableLink(input.token);
    const problems = checkNewPassword(input.password, link.email, '/password');
    if (problems.length) throw Errors.validationFailed(problems);
    const hash = await hashPassword(input.password as string, this.cost);
    return this.db.transaction(async (tx) => {
      const now = this.clock().getTime();
      if (!(await this.links.markUsed(tx, link.id, now))) throw Errors.linkNotUsable();
      if (!(await this.workspaces.findMemberByEmail(link.workspace_id, link.email, tx))) throw Errors.linkNotUsable();
      await this.accounts.setPassword(tx, link.email, hash, now);
      await this.sessions.revokeAllOf(tx, link.email, now);
      return startSession(tx, this.sessions, { email: link.email, workspaceId: link.workspace_id, userAgent: input.userAgent }, this.clock);
    });
  }

  private async usableLink(token: unknown): Promise<SignInLinkRecord> {
    const link = isWellFormedToken(token) ? await this.links.findByTokenHash(digestToken(token)) : null;
    if (!link || signInLinkStatusAt({ expiresAt: link.expires_at, usedAt: link.used_at }, this.clock().getTime()) !== 'usable') throw Errors.linkNotUsable();
    return link;
  }
}
