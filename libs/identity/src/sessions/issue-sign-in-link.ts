import { type Clock, Errors, isRole, newId, normalizeEmail, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { DEFAULT_LINK_LIFETIME_MS, digestToken, MAX_LINK_LIFETIME_MS, newSecretToken, signInLinkUrl } from '@qr/session-rules';
import { AddMember } from '../workspaces/add-member';
import { type MemberRecord, type SignInLinkPurpose, type SignInLinkRecord } from '../workspaces/identity-records';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { SignInLinksRepository } from './sign-in-links.repository';

export interface IssuedLink {
  url: string;
  link: SignInLinkRecord;
  member: MemberRecord;
  /** True when this call added the member (an invitation), false for an existing member (a new link). */
  addedMember: boolean;
}

/**
 * A one-time link with which a member sets a password and is signed in. Inviting an email that is
 * not yet a member adds it with the given role; an existing member gets a fresh link (their role is
 * left as it is), which also serves as a password reset. Only the newest link of a member works.
 */
export class IssueSignInLink {
  private readonly workspaces = new WorkspacesRepository(this.db);
  private readonly links = new SignInLinksRepository(this.db);

  constructor(
    private readonly db: Database,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(input: { workspaceId: string; email: string; role?: string; purpose?: SignInLinkPurpose; lifetimeMs?: number }): Promise<IssuedLink> {
    const lifetimeMs = input.lifetimeMs ?? DEFAULT_LINK_LIFETIME_MS;
    if (!Number.isInteger(lifetimeMs) || lifetimeMs < 60_000 || lifetimeMs > MAX_LINK_LIFETIME_MS) {
      throw Errors.validationFailed([{ pointer: '/expires_in', code: 'invalid', detail: 'a link lasts from one minute to 30 days' }]);
    }
    const email = normalizeEmail(input.email);
    let member = email ? await this.workspaces.findMemberByEmail(input.workspaceId, email) : null;
    const addedMember = member === null;
    if (!member) {
      if (input.role !== undefined && !isRole(input.role))
        throw Errors.validationFailed([{ pointer: '/role', code: 'invalid', detail: 'role must be owner, editor or viewer' }]);
      member = await new AddMember(this.db, this.clock).execute({ workspaceId: input.workspaceId, email: input.email, role: input.role ?? 'viewer' });
    }
    return this.db.transaction(async (tx) => {
      const now = this.clock().getTime();
      await this.links.retireUnused(tx, member.email, member.workspace_id, now);
      const token = newSecretToken();
      const link: SignInLinkRecord = {
        id: newId('sil', this.clock),
        token_hash: digestToken(token),
        email: member.email,
        workspace_id: member.workspace_id,
        purpose: input.purpose ?? 'invite',
        created_at: now,
        expires_at: now + lifetimeMs,
        used_at: null,
      };
      await this.links.insert(tx, link);
      return { url: signInLinkUrl(this.publicBaseUrl, token), link, member, addedMember };
    });
  }
}
