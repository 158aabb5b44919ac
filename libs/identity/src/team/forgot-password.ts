import { type Clock, isEmailAddress, type Log, normalizeEmail, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { passwordResetEmail, resetLimits } from '@qr/session-rules';
import { type RateLimiter } from '@qr/platform';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { type Mailer } from '../mail/mailer';
import { IssueSignInLink } from '../sessions/issue-sign-in-link';
import { SessionsRepository } from '../sessions/sessions.repository';
import { throttle } from '../sessions/throttle';

/** A reset link lasts an hour: it is asked for by whoever types the email, so it should not linger. */
export const RESET_LINK_LIFETIME_MS = 3_600_000;

/**
 * "Forgot password" on the sign-in page. The answer is the same whether or not the email is a
 * member, and it does not wait for the mail server (the time taken would tell), so the page cannot
 * be used to find out who has an account. Without SMTP nothing is sent: an owner resends an
 * invitation, or an operator runs `member invite`.
 */
export class ForgotPassword {
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly sessions = new SessionsRepository(this.db);
  private readonly issue = new IssueSignInLink(this.db, this.publicBaseUrl, this.clock);

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly publicBaseUrl: string,
    private readonly log: Log,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Resolves when the answer may be given; `sent` resolves when the mail attempt ended (tests wait on it). */
  async execute(input: { email: string; clientAddress: string }): Promise<{ sent: Promise<boolean> }> {
    const email = normalizeEmail(input.email);
    await throttle(this.limiter, resetLimits(email, input.clientAddress), this.clock);
    if (!this.mailer.configured || !isEmailAddress(email)) return { sent: Promise.resolve(false) };
    return { sent: this.sendIfMember(email) };
  }

  private async sendIfMember(email: string): Promise<boolean> {
    try {
      const memberships = await this.workspaces.membershipsOf(email);
      if (!memberships.length) return false;
      // The link opens the workspace the person used last (any of theirs would set the same password).
      const workspace = await this.sessions.lastUsedOf(email, memberships);
      const issued = await this.issue.execute({ workspaceId: workspace.id, email, purpose: 'reset', lifetimeMs: RESET_LINK_LIFETIME_MS });
      await this.mailer.send(passwordResetEmail({ to: email, workspaceName: workspace.name, url: issued.url, expiresAt: new Date(issued.link.expires_at) }));
      return true;
    } catch (err) {
      this.log.event('warn', 'a password-reset email could not be sent', { reason: err instanceof Error ? err.message : String(err) });
      return false;
    }
  }
}
