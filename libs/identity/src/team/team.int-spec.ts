import { type Actor, ApiError, type Clock, silentLog } from '@qr/domain';
import { type Database, openDatabase } from '@qr/persistence';
import { type ScryptCost } from '@qr/session-rules';
import { linkIn, provisionStorage, startTestSmtp, STORAGE_KINDS, type TestSmtp, type TestStorage } from '@qr/testing';
import { InProcessRateLimiter } from '@qr/platform';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { AddMember } from '../workspaces/add-member';
import { CreateApiKey } from '../workspaces/create-api-key';
import { ApiKeysRepository } from '../workspaces/api-keys.repository';
import { Workspaces } from '../workspaces/workspaces';
import { NO_MAILER, SmtpMailer } from '../mail/mailer';
import { Passwords } from '../sessions/passwords';
import { RedeemSignInLink } from '../sessions/redeem-sign-in-link';
import { SignIn } from '../sessions/sign-in';
import { GATEWAY_MIGRATIONS } from '../store/gateway-migrations';
import { ForgotPassword } from './forgot-password';
import { Team, type TeamOwner } from './team';

const CHEAP: ScryptCost = { N: 1024, r: 8, p: 1 };
const policy = { idleMs: 8 * 3_600_000, absoluteMs: 7 * 24 * 3_600_000 };

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe.each(STORAGE_KINDS)('team management on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let smtp: TestSmtp;
  let mailer: SmtpMailer;
  const clock: Clock = () => new Date();
  let limiter: InProcessRateLimiter;
  let team: Team;
  let linkTeam: Team;
  let owner: TeamOwner;
  let redeem: RedeemSignInLink;
  let ws: string;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'gateway', storage: provisioned.storage, migrations: GATEWAY_MIGRATIONS, runMigrations: true });
    smtp = await startTestSmtp();
    mailer = new SmtpMailer(smtp.url, 'QR Platform <no-reply@qr.example>');
    limiter = new InProcessRateLimiter(clock);
    team = new Team(db, mailer, 'https://qr.example', clock);
    linkTeam = new Team(db, NO_MAILER, 'https://qr.example', clock);
    redeem = new RedeemSignInLink(db, limiter, clock, CHEAP);
    ws = (await new Workspaces(db, clock).create({ name: 'Acme <Agency>', plan: 'pro' })).id;
    const boss = await new AddMember(db, clock).execute({ workspaceId: ws, email: 'boss@example.com', role: 'owner' });
    const actor: Actor = { kind: 'member', id: boss.id, name: boss.email, via: 'dashboard', request_id: 'req-1' };
    owner = { workspaceId: ws, memberId: boss.id, actor };
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
    await provisioned.cleanup();
  });

  it('an invitation is emailed (text and HTML, naming the workspace and inviter), and its link signs the invitee in', async () => {
    const answer = await team.invite(owner, { email: 'Ana@Example.com', role: 'editor' });
    expect(answer.email).toEqual({ status: 'sent', detail: null });
    expect(answer.link).toBeNull();
    expect(answer.member).toMatchObject({ email: 'ana@example.com', role: 'editor', status: 'invited', last_sign_in_at: null });
    const mail = await smtp.waitFor('ana@example.com');
    expect(mail.subject).toContain('Acme <Agency>');
    expect(mail.text).toContain('boss@example.com invited you');
    expect(mail.html).toContain('Acme &lt;Agency&gt;');
    const token = linkIn(mail).split('#token=')[1];
    await redeem.redeem({ token, password: 'a long enough password', clientAddress: '127.0.0.9' });
    const ana = (await team.list(owner)).find((m) => m.email === 'ana@example.com')!;
    expect(ana.status).toBe('active');
    expect(ana.last_sign_in_at).not.toBeNull();
    expect(ana.invitation).toBeNull();
  });

  it('inviting an existing member is a 422 at /email, and nothing is sent', async () => {
    const before = smtp.received.length;
    const e = await failure(team.invite(owner, { email: 'ana@example.com', role: 'viewer' }));
    expect(e.status).toBe(422);
    expect(e.errors?.[0]).toMatchObject({ pointer: '/email', code: 'duplicate' });
    expect(smtp.received.length).toBe(before);
  });

  it('a refused email says why, and the invitation exists with a link to copy', async () => {
    smtp.refuse(true);
    try {
      const answer = await team.invite(owner, { email: 'bo@example.com', role: 'viewer' });
      expect(answer.email.status).toBe('failed');
      expect(answer.email.detail).toMatch(/refused the message \(550/);
      expect(answer.link?.url).toMatch(/^https:\/\/qr\.example\/app\/welcome#token=/);
      expect((await team.list(owner)).map((m) => m.email)).toContain('bo@example.com');
    } finally {
      smtp.refuse(false);
    }
    const resent = await team.resend(owner, (await team.list(owner)).find((m) => m.email === 'bo@example.com')!.id);
    expect(resent.email.status).toBe('sent');
  });

  it('without SMTP the link is shown once, except to an account that already has a password', async () => {
    const fresh = await linkTeam.invite(owner, { email: 'cy@example.com', role: 'viewer' });
    expect(fresh.email.status).toBe('not_configured');
    expect(fresh.link?.url).toContain('#token=');
    const other = (await new Workspaces(db, clock).create({ name: 'Other', plan: 'free' })).id;
    const boss2 = await new AddMember(db, clock).execute({ workspaceId: other, email: 'boss2@example.com', role: 'owner' });
    const otherOwner = { workspaceId: other, memberId: boss2.id, actor: owner.actor };
    const existing = await linkTeam.invite(otherOwner, { email: 'ana@example.com', role: 'owner' });
    expect(existing.existing_account).toBe(true);
    expect(existing.link).toBeNull();
  });

  it('resend replaces the link; revoking removes the never-signed-in member and the link stops working', async () => {
    const cy = (await team.list(owner)).find((m) => m.email === 'cy@example.com')!;
    const since = smtp.received.length;
    await team.resend(owner, cy.id);
    const token = linkIn(await smtp.waitFor('cy@example.com', since)).split('#token=')[1];
    await team.revokeInvitation(owner, cy.id);
    expect((await team.list(owner)).map((m) => m.email)).not.toContain('cy@example.com');
    expect((await failure(redeem.inspect(token, '127.0.0.9'))).status).toBe(410);
  });

  it('an accepted invitation cannot be revoked or resent (409)', async () => {
    const ana = (await team.list(owner)).find((m) => m.email === 'ana@example.com')!;
    expect((await failure(team.revokeInvitation(owner, ana.id))).status).toBe(409);
    expect((await failure(team.resend(owner, ana.id))).status).toBe(409);
  });

  it('the CLI rules hold: the last owner stays, and demoting revokes the keys above the new role', async () => {
    const members = await team.list(owner);
    const me = members.find((m) => m.you)!;
    const e = await failure(team.setRole(owner, me.id, 'editor'));
    expect(e.errors?.[0]).toMatchObject({ code: 'last_owner' });
    expect((await failure(team.remove(owner, me.id))).errors?.[0]).toMatchObject({ code: 'last_owner' });

    const ana = members.find((m) => m.email === 'ana@example.com')!;
    await new CreateApiKey(db, clock).execute({
      workspaceId: ws,
      name: 'ana-editor',
      role: 'editor',
      expiresAt: null,
      createdByKeyId: null,
      createdByMemberId: ana.id,
    });
    const changed = await team.setRole(owner, ana.id, 'viewer');
    expect(changed.api_keys_revoked).toBe(1);
    expect(changed.member.role).toBe('viewer');
    const removed = await team.remove(owner, ana.id);
    expect(removed).toMatchObject({ deleted: true });
    expect((await new ApiKeysRepository(db).listActive(ws, Date.now())).filter((k) => k.name === 'ana-editor')).toHaveLength(0);
  });

  it('another workspace’s member is a 404', async () => {
    const other = (await new Workspaces(db, clock).create({ name: 'Elsewhere', plan: 'free' })).id;
    const stranger = await new AddMember(db, clock).execute({ workspaceId: other, email: 'x@example.com', role: 'viewer' });
    expect((await failure(team.remove(owner, stranger.id))).status).toBe(404);
    expect((await failure(team.setRole(owner, stranger.id, 'owner'))).status).toBe(404);
  });

  it('every change is in the audit log with who, how and the request id, newest first', async () => {
    const entries = await new AuditLogRepository(db).list(ws, null, 100);
    const actions = entries.map((e) => `${e.action} ${e.target_name}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.invited ana@example.com',
        'member.role_changed ana@example.com',
        'member.removed ana@example.com',
        'member.invitation_resent bo@example.com',
        'member.invitation_revoked cy@example.com',
      ]),
    );
    expect(actions.indexOf('member.removed ana@example.com')).toBeLessThan(actions.indexOf('member.role_changed ana@example.com'));
    const roleChange = entries.find((e) => e.action === 'member.role_changed')!;
    expect(roleChange).toMatchObject({ actor_kind: 'member', actor_name: 'boss@example.com', via: 'dashboard', request_id: 'req-1' });
    expect(JSON.parse(roleChange.details!)).toEqual({ from: 'editor', to: 'viewer' });
    // The refused last-owner changes wrote nothing.
    expect(entries.filter((e) => e.target_name === 'boss@example.com')).toHaveLength(0);
  });

  describe('forgot password', () => {
    let forgot: ForgotPassword;
    beforeAll(async () => {
      forgot = new ForgotPassword(db, mailer, limiter, 'https://qr.example', silentLog, clock);
      await new AddMember(db, clock).execute({ workspaceId: ws, email: 'dee@example.com', role: 'viewer' });
      await new AddMember(db, clock).execute({ workspaceId: ws, email: 'fay@example.com', role: 'viewer' });
      await new Passwords(db, limiter, clock, CHEAP).set('dee@example.com', 'the old password here');
    });

    it('emails a member a one-hour link that sets a new password; an unknown email gets the same answer and no email', async () => {
      const since = smtp.received.length;
      const unknown = await forgot.execute({ email: 'nobody@example.com', clientAddress: '10.0.0.1' });
      const known = await forgot.execute({ email: 'DEE@example.com', clientAddress: '10.0.0.1' });
      expect(Object.keys(unknown)).toEqual(Object.keys(known));
      expect(await unknown.sent).toBe(false);
      expect(await known.sent).toBe(true);
      const mail = await smtp.waitFor('dee@example.com', since);
      expect(mail.subject).toBe('Reset your QR Platform password');
      expect(smtp.received.slice(since).filter((m) => m.to.includes('nobody@example.com'))).toHaveLength(0);
      const token = linkIn(mail).split('#token=')[1];
      const details = await redeem.inspect(token, '10.0.0.2');
      expect(details).toMatchObject({ email: 'dee@example.com', purpose: 'reset', has_password: true });
      expect(Date.parse(details.expires_at) - Date.now()).toBeLessThanOrEqual(3_600_000);
      await redeem.redeem({ token, password: 'the new password here', clientAddress: '10.0.0.2' });
      const signIn = new SignIn(db, limiter, policy, clock, CHEAP);
      await expect(signIn.execute({ email: 'dee@example.com', password: 'the new password here', clientAddress: '10.0.0.3' })).resolves.toBeTruthy();
    });

    it('asking too often for one email is a 429 whether or not it is a member', async () => {
      for (const email of ['flood@example.com', 'fay@example.com']) {
        for (let i = 0; i < 3; i++) await forgot.execute({ email, clientAddress: `10.1.0.${i}` });
        expect((await failure(forgot.execute({ email, clientAddress: '10.1.0.9' }))).status).toBe(429);
      }
    });

    it('without SMTP nothing is sent', async () => {
      const quiet = new ForgotPassword(db, NO_MAILER, new InProcessRateLimiter(clock), 'https://qr.example', silentLog, clock);
      expect(await (await quiet.execute({ email: 'dee@example.com', clientAddress: '10.2.0.1' })).sent).toBe(false);
    });
  });
});
