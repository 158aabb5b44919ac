import { type Actor, type Clock, Errors, formatUtc, normalizeEmail, systemClock } from '@qr/domain';
import { type InvitationAnswer, type MemberView } from '@qr/api-contract';
import { type Database } from '@qr/persistence';
import { invitationEmail } from '@qr/session-rules';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { AccountsRepository } from '../workspaces/accounts.repository';
import { type MemberRecord } from '../workspaces/identity-records';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { type Mailer } from '../mail/mailer';
import { IssueSignInLink, type IssuedLink } from '../sessions/issue-sign-in-link';
import { Members } from '../sessions/members';
import { SignInLinksRepository } from '../sessions/sign-in-links.repository';

/** The owner acting on the Members page. */
export interface TeamOwner {
  workspaceId: string;
  memberId: string;
  actor: Actor;
}

/**
 * The Members page's use cases. The rules are the CLI's (Members, IssueSignInLink: the last owner
 * stays, leaving or losing a role revokes keys and sessions); this adds email, the page's view of
 * invitations, and an audit entry for every change.
 */
export class Team {
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly accounts = new AccountsRepository(this.db);
  private readonly links = new SignInLinksRepository(this.db);
  private readonly members = new Members(this.db, this.clock);
  private readonly issue = new IssueSignInLink(this.db, this.publicBaseUrl, this.clock);
  private readonly audit = new AuditLogRepository(this.db, this.clock);

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock = systemClock,
  ) {}

  get invitationsBy(): 'smtp' | 'link' {
    return this.mailer.configured ? 'smtp' : 'link';
  }

  async list(owner: TeamOwner): Promise<MemberView[]> {
    const [members, pending] = await Promise.all([this.members.list(owner.workspaceId), this.links.newestUnusedInvites(owner.workspaceId)]);
    return members.map((m) => this.view(m, owner, pending.get(m.email) ?? null));
  }

  async invite(owner: TeamOwner, input: { email: string; role: string }): Promise<InvitationAnswer> {
    const email = normalizeEmail(input.email);
    if (email && (await this.workspaces.findMemberByEmail(owner.workspaceId, email)))
      throw Errors.validationFailed([{ pointer: '/email', code: 'duplicate', detail: 'already a member of this workspace' }]);
    const issued = await this.issue.execute({ workspaceId: owner.workspaceId, email: input.email, role: input.role, purpose: 'invite' });
    await this.audit.recordMember(owner.workspaceId, owner.actor, 'member.invited', issued.member, { role: issued.member.role });
    return this.deliver(owner, issued);
  }

  /** A fresh link for a member who has not signed in yet; the old one stops working. */
  async resend(owner: TeamOwner, memberId: string): Promise<InvitationAnswer> {
    const member = await this.invitedMember(owner, memberId);
    const issued = await this.issue.execute({ workspaceId: owner.workspaceId, email: member.email, purpose: 'invite' });
    await this.audit.recordMember(owner.workspaceId, owner.actor, 'member.invitation_resent', member);
    return this.deliver(owner, issued);
  }

  /** Withdraws an invitation: the link stops working and the member who never signed in is removed. */
  async revokeInvitation(owner: TeamOwner, memberId: string): Promise<{ id: string; object: 'invitation'; revoked: true }> {
    const member = await this.invitedMember(owner, memberId);
    await this.members.remove(owner.workspaceId, member.email, async (tx) => {
      await this.links.retireUnused(tx, member.email, owner.workspaceId, this.clock().getTime());
      await this.audit.recordMember(owner.workspaceId, owner.actor, 'member.invitation_revoked', member, undefined, tx);
    });
    return { id: member.id, object: 'invitation', revoked: true };
  }

  async setRole(owner: TeamOwner, memberId: string, role: string): Promise<{ member: MemberView; api_keys_revoked: number }> {
    const before = await this.mustFind(owner, memberId);
    const changed = await this.members.setRole(owner.workspaceId, before.email, role, async (tx, after) => {
      if (after.role === before.role) return;
      await this.audit.recordMember(owner.workspaceId, owner.actor, 'member.role_changed', before, { from: before.role, to: after.role }, tx);
    });
    const pending = (await this.links.newestUnusedInvites(owner.workspaceId)).get(before.email) ?? null;
    return { member: this.view(changed.member, owner, pending), api_keys_revoked: changed.keysRevoked };
  }

  async remove(owner: TeamOwner, memberId: string): Promise<{ id: string; object: 'member'; deleted: true; sessions_ended: number; api_keys_revoked: number }> {
    const member = await this.mustFind(owner, memberId);
    const ended = await this.members.remove(owner.workspaceId, member.email, async (tx) => {
      await this.links.retireUnused(tx, member.email, owner.workspaceId, this.clock().getTime());
      await this.audit.recordMember(owner.workspaceId, owner.actor, 'member.removed', member, { role: member.role }, tx);
    });
    return { id: member.id, object: 'member', deleted: true, sessions_ended: ended.sessionsEnded, api_keys_revoked: ended.keysRevoked };
  }

  /**
   * Sends the link by email when SMTP is configured. Otherwise, or when sending fails, the owner gets
   * the link to pass on by hand, unless the person already has a password: a link sets a password
   * for every workspace of that email, so only the person's own mailbox may receive it.
   */
  private async deliver(owner: TeamOwner, issued: IssuedLink): Promise<InvitationAnswer> {
    const account = await this.accounts.find(issued.member.email);
    const existingAccount = !!account?.password_hash;
    let email: InvitationAnswer['email'] = { status: 'not_configured', detail: null };
    if (this.mailer.configured) {
      const workspace = await this.workspaces.find(owner.workspaceId);
      const inviter = await this.workspaces.findMemberById(owner.workspaceId, owner.memberId);
      try {
        await this.mailer.send(
          invitationEmail({
            to: issued.member.email,
            workspaceName: workspace?.name ?? owner.workspaceId,
            inviterEmail: inviter?.email ?? null,
            role: issued.member.role,
            url: issued.url,
            expiresAt: new Date(issued.link.expires_at),
          }),
        );
        email = { status: 'sent', detail: null };
      } catch (err) {
        email = { status: 'failed', detail: err instanceof Error ? err.message : String(err) };
      }
    }
    const expiresAt = formatUtc(new Date(issued.link.expires_at));
    return {
      member: this.view(issued.member, owner, { expires_at: issued.link.expires_at }),
      email,
      link: email.status !== 'sent' && !existingAccount ? { url: issued.url, expires_at: expiresAt } : null,
      existing_account: existingAccount,
    };
  }

  private async mustFind(owner: TeamOwner, memberId: string): Promise<MemberRecord> {
    const member = typeof memberId === 'string' ? await this.workspaces.findMemberById(owner.workspaceId, memberId) : null;
    if (!member) throw Errors.notFound('member');
    return member;
  }

  private async invitedMember(owner: TeamOwner, memberId: string): Promise<MemberRecord> {
    const member = await this.mustFind(owner, memberId);
    if (member.last_sign_in_at !== null)
      throw Errors.conflict(`${member.email} has already signed in: the invitation was accepted. Remove the member instead.`);
    return member;
  }

  private view(m: MemberRecord, owner: TeamOwner, pending: { expires_at: number } | null): MemberView {
    const now = this.clock().getTime();
    const invited = m.last_sign_in_at === null;
    const expiresAt = pending ? Number(pending.expires_at) : null;
    return {
      id: m.id,
      email: m.email,
      role: m.role,
      added_at: formatUtc(new Date(Number(m.created_at))),
      last_sign_in_at: m.last_sign_in_at === null ? null : formatUtc(new Date(Number(m.last_sign_in_at))),
      status: invited ? 'invited' : 'active',
      invitation: invited && expiresAt !== null ? { expires_at: formatUtc(new Date(expiresAt)), expired: expiresAt <= now } : null,
      you: m.id === owner.memberId,
    };
  }
}
