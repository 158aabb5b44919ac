import { ApiError, type Clock } from '@qr/domain';
import { type Database, openDatabase } from '@qr/persistence';
import { csrfTokenFor, digestToken, type ScryptCost } from '@qr/session-rules';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { InProcessRateLimiter } from '@qr/platform';
import { AccountsRepository } from '../workspaces/accounts.repository';
import { AddMember } from '../workspaces/add-member';
import { ApiKeysRepository } from '../workspaces/api-keys.repository';
import { CreateApiKey } from '../workspaces/create-api-key';
import { Workspaces } from '../workspaces/workspaces';
import { GATEWAY_MIGRATIONS } from '../store/gateway-migrations';
import { AuthenticateSession } from './authenticate-session';
import { CurrentSession } from './current-session';
import { IssueSignInLink } from './issue-sign-in-link';
import { Members } from './members';
import { Passwords } from './passwords';
import { RedeemSignInLink } from './redeem-sign-in-link';
import { SessionsRepository } from './sessions.repository';
import { SignIn } from './sign-in';
import { SignInLinksRepository } from './sign-in-links.repository';

const CHEAP: ScryptCost = { N: 1024, r: 8, p: 1 };
const HOUR = 3_600_000;
const policy = { idleMs: 8 * HOUR, absoluteMs: 7 * 24 * HOUR };

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe.each(STORAGE_KINDS)('dashboard sessions on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let now = new Date('2026-11-24T09:00:00Z');
  const clock: Clock = () => now;
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  let limiter: InProcessRateLimiter;
  let signIn: SignIn;
  let authenticate: AuthenticateSession;
  let redeem: RedeemSignInLink;
  let links: IssueSignInLink;
  let passwords: Passwords;
  let ws: string;
  let other: string;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'gateway', storage: provisioned.storage, migrations: GATEWAY_MIGRATIONS, runMigrations: true });
    limiter = new InProcessRateLimiter(clock);
    signIn = new SignIn(db, limiter, policy, clock, CHEAP);
    authenticate = new AuthenticateSession(new SessionsRepository(db), policy, clock);
    redeem = new RedeemSignInLink(db, limiter, clock, CHEAP);
    links = new IssueSignInLink(db, 'https://qr.example', clock);
    passwords = new Passwords(db, limiter, clock, CHEAP);
    ws = (await new Workspaces(db, clock).create({ name: 'Acme', plan: 'pro' })).id;
    other = (await new Workspaces(db, clock).create({ name: 'Globex', plan: 'free' })).id;
    await new AddMember(db, clock).execute({ workspaceId: ws, email: 'ana@example.com', role: 'editor' });
    await passwords.set('ana@example.com', 'correct horse battery');
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('signs in with the right password, and the cookie token authenticates as the member', async () => {
    const { token, session } = await signIn.execute({
      email: ' Ana@Example.com ',
      password: 'correct horse battery',
      clientAddress: '203.0.113.1',
      userAgent: 'jest',
    });
    expect(session).toMatchObject({ email: 'ana@example.com', workspace_id: ws, user_agent: 'jest' });
    expect(session.token_hash).toBe(digestToken(token));
    const principal = await authenticate.execute(token);
    expect(principal).toMatchObject({
      keyId: null,
      workspaceId: ws,
      role: 'editor',
      plan: { name: 'pro' },
      member: { email: 'ana@example.com', sessionId: session.id },
    });
    expect(csrfTokenFor(token)).not.toBe(
      csrfTokenFor((await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.1' })).token),
    );
  });

  it('stores neither the password nor the session token in clear', async () => {
    const { token } = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.1' });
    const dump = JSON.stringify([await db.query('SELECT * FROM accounts'), await db.query('SELECT * FROM sessions')]);
    expect(dump).not.toContain('correct horse battery');
    expect(dump).not.toContain(token);
  });

  it('answers a wrong password, an unknown email and a passwordless member the same 401', async () => {
    await new AddMember(db, clock).execute({ workspaceId: ws, email: 'nopass@example.com', role: 'viewer' });
    const bodies = await Promise.all(
      [
        { email: 'ana@example.com', password: 'wrong horse battery' },
        { email: 'nobody@example.com', password: 'correct horse battery' },
        { email: 'nopass@example.com', password: 'correct horse battery' },
      ].map(async (c) => (await failure(signIn.execute({ ...c, clientAddress: '203.0.113.2' }))).toJSON()),
    );
    expect(bodies[0]).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('throttles one account after 10 attempts in 15 minutes, right password or not, then lets it in again', async () => {
    await new AddMember(db, clock).execute({ workspaceId: ws, email: 'bo@example.com', role: 'viewer' });
    await passwords.set('bo@example.com', 'bo password here');
    for (let i = 0; i < 10; i++) await failure(signIn.execute({ email: 'bo@example.com', password: `guess ${i} guess`, clientAddress: `198.51.100.${i}` }));
    const limited = await failure(signIn.execute({ email: 'bo@example.com', password: 'bo password here', clientAddress: '198.51.100.99' }));
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(Number(limited.headers?.['Retry-After'])).toBeLessThanOrEqual(900);
    advance(15 * 60_000);
    await expect(signIn.execute({ email: 'bo@example.com', password: 'bo password here', clientAddress: '198.51.100.99' })).resolves.toMatchObject({
      session: { email: 'bo@example.com' },
    });
  });

  it('throttles one address trying many accounts after 50 attempts', async () => {
    for (let i = 0; i < 50; i++) await failure(signIn.execute({ email: `u${i}@example.com`, password: 'whatever it is', clientAddress: '192.0.2.77' }));
    expect(await failure(signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '192.0.2.77' }))).toMatchObject({
      status: 429,
    });
    await expect(signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '192.0.2.78' })).resolves.toBeDefined();
  });

  it('ends a session after 8 idle hours, and a busy one 7 days after sign-in', async () => {
    const idle = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.3' });
    advance(8 * HOUR - 1);
    await expect(authenticate.execute(idle.token)).resolves.toBeDefined();
    advance(8 * HOUR - 1);
    await expect(authenticate.execute(idle.token)).resolves.toBeDefined();
    advance(8 * HOUR);
    expect(await failure(authenticate.execute(idle.token))).toMatchObject({ status: 401, code: 'unauthorized' });

    const busy = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.3' });
    for (let i = 0; i < 23; i++) {
      advance(7 * HOUR);
      await expect(authenticate.execute(busy.token)).resolves.toBeDefined();
    }
    advance(7 * HOUR - 1);
    await expect(authenticate.execute(busy.token)).resolves.toBeDefined();
    advance(1);
    expect(await failure(authenticate.execute(busy.token))).toMatchObject({ status: 401 });
  });

  it('signs out on the server: the same cookie is refused afterwards', async () => {
    const { token } = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.4' });
    const principal = await authenticate.execute(token);
    await new CurrentSession(db, clock).signOut(principal);
    expect(await failure(authenticate.execute(token))).toMatchObject({ status: 401 });
  });

  it('refuses malformed and unknown tokens without a match', async () => {
    for (const token of [undefined, '', 'x', 'A'.repeat(43)]) expect(await failure(authenticate.execute(token))).toMatchObject({ status: 401 });
  });

  it('switches only to a workspace the email is a member of; a removed member is signed out of that workspace', async () => {
    await new AddMember(db, clock).execute({ workspaceId: other, email: 'ana@example.com', role: 'owner' });
    const { token } = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.5' });
    const current = new CurrentSession(db, clock);
    const p = await authenticate.execute(token);
    expect((await current.memberships(p)).map((m) => [m.name, m.role])).toEqual([
      ['Acme', 'editor'],
      ['Globex', 'owner'],
    ]);
    await current.switchTo(p, other);
    expect(await authenticate.execute(token)).toMatchObject({ workspaceId: other, role: 'owner', plan: { name: 'free' } });
    const stranger = (await new Workspaces(db, clock).create({ name: 'Initech', plan: 'pro' })).id;
    expect(await failure(current.switchTo(p, stranger))).toMatchObject({ status: 404 });
    await new AddMember(db, clock).execute({ workspaceId: other, email: 'cy@example.com', role: 'owner' });
    await new Members(db, clock).remove(other, 'ana@example.com');
    expect(await failure(authenticate.execute(token))).toMatchObject({ status: 401 });
  });

  it('counts password changes against the sign-in throttle: a session is no faster way to guess', async () => {
    await new AddMember(db, clock).execute({ workspaceId: ws, email: 'gus@example.com', role: 'editor' });
    await passwords.set('gus@example.com', 'gus real password');
    const { session } = await signIn.execute({ email: 'gus@example.com', password: 'gus real password', clientAddress: '198.51.100.200' });
    for (let i = 0; i < 9; i++) {
      const guess = passwords.change({
        email: 'gus@example.com',
        sessionId: session.id,
        currentPassword: `guess ${i} here`,
        newPassword: 'whatever new one',
        clientAddress: '198.51.100.201',
      });
      expect(await failure(guess)).toMatchObject({ status: 422 });
    }
    const limited = passwords.change({
      email: 'gus@example.com',
      sessionId: session.id,
      currentPassword: 'gus real password',
      newPassword: 'whatever new one',
      clientAddress: '198.51.100.201',
    });
    expect(await failure(limited)).toMatchObject({ status: 429, code: 'rate_limited' });
    advance(15 * 60_000);
  });

  it('revokes the API keys a member created when they are removed, and those above a lowered role', async () => {
    const shop = (await new Workspaces(db, clock).create({ name: 'Shop', plan: 'pro' })).id;
    const owner = await new AddMember(db, clock).execute({ workspaceId: shop, email: 'own@shop.example', role: 'owner' });
    const ed = await new AddMember(db, clock).execute({ workspaceId: shop, email: 'ed@shop.example', role: 'owner' });
    const make = (memberId: string, role: 'owner' | 'editor' | 'viewer') =>
      new CreateApiKey(db, clock).execute({ workspaceId: shop, name: `${role} key`, role, createdByMemberId: memberId });
    const [edOwner, edEditor, edViewer, ownersKey] = await Promise.all([
      make(ed.id, 'owner'),
      make(ed.id, 'editor'),
      make(ed.id, 'viewer'),
      make(owner.id, 'editor'),
    ]);
    const live = async () => (await new ApiKeysRepository(db).listActive(shop, now.getTime())).map((k) => k.id).sort();
    expect(await new Members(db, clock).setRole(shop, 'ed@shop.example', 'editor')).toMatchObject({ member: { role: 'editor' }, keysRevoked: 1 });
    expect(await live()).toEqual([edEditor.record.id, edViewer.record.id, ownersKey.record.id].sort());
    expect(edOwner.record.id).not.toBe(undefined);
    expect(await new Members(db, clock).remove(shop, 'ed@shop.example')).toMatchObject({ keysRevoked: 2 });
    expect(await live()).toEqual([ownersKey.record.id]);
  });

  it('keeps at least one owner in a workspace', async () => {
    const solo = (await new Workspaces(db, clock).create({ name: 'Solo', plan: 'pro' })).id;
    await new AddMember(db, clock).execute({ workspaceId: solo, email: 'owner@solo.example', role: 'owner' });
    expect(await failure(new Members(db, clock).remove(solo, 'owner@solo.example'))).toMatchObject({ status: 422 });
    expect(await failure(new Members(db, clock).setRole(solo, 'owner@solo.example', 'viewer'))).toMatchObject({ status: 422 });
  });

  it('invites a new member with a one-time link that sets the password and signs in', async () => {
    const issued = await links.execute({ workspaceId: ws, email: 'Dee@Example.com', role: 'viewer' });
    expect(issued.addedMember).toBe(true);
    expect(issued.member).toMatchObject({ email: 'dee@example.com', role: 'viewer' });
    const token = new URL(issued.url).hash.replace('#token=', '');
    expect(issued.url).toBe(`https://qr.example/app/welcome#token=${token}`);
    expect(await redeem.inspect(token, '203.0.113.6')).toMatchObject({ email: 'dee@example.com', workspace_name: 'Acme', has_password: false });
    expect(await failure(redeem.redeem({ token, password: 'short', clientAddress: '203.0.113.6' }))).toMatchObject({
      status: 422,
      errors: [{ pointer: '/password', code: 'too_short' }],
    });
    const { token: session } = await redeem.redeem({ token, password: 'dee chooses this', clientAddress: '203.0.113.6' });
    expect(await authenticate.execute(session)).toMatchObject({ workspaceId: ws, role: 'viewer' });
    expect(await failure(redeem.redeem({ token, password: 'dee chooses again', clientAddress: '203.0.113.6' }))).toMatchObject({
      status: 410,
      code: 'link_not_usable',
    });
    await expect(signIn.execute({ email: 'dee@example.com', password: 'dee chooses this', clientAddress: '203.0.113.6' })).resolves.toBeDefined();
  });

  it('is used up only while it is still valid, so a redeem racing its expiry or replacement loses', async () => {
    const issued = await links.execute({ workspaceId: ws, email: 'late@example.com', role: 'viewer', lifetimeMs: 60_000 });
    const repo = new SignInLinksRepository(db);
    // The redeem checked the link before (inspect), then its transaction runs at or after expiry:
    expect(await db.transaction((tx) => repo.markUsed(tx, issued.link.id, issued.link.expires_at))).toBe(false);
    expect(await db.transaction((tx) => repo.markUsed(tx, issued.link.id, issued.link.expires_at - 1))).toBe(true);
    expect(await db.transaction((tx) => repo.markUsed(tx, issued.link.id, issued.link.expires_at - 1))).toBe(false);
  });

  it('a new link replaces the old one, expires on time, resets a password and ends the old sessions', async () => {
    const first = await links.execute({ workspaceId: ws, email: 'ana@example.com' });
    expect(first.addedMember).toBe(false);
    expect(first.member.role).toBe('editor');
    const second = await links.execute({ workspaceId: ws, email: 'ana@example.com', lifetimeMs: 60 * 60_000 });
    const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');
    expect(await failure(redeem.inspect(tokenOf(first.url), '203.0.113.7'))).toMatchObject({ status: 410 });
    const before = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.7' });
    advance(60 * 60_000);
    expect(await failure(redeem.inspect(tokenOf(second.url), '203.0.113.7'))).toMatchObject({ status: 410 });
    const third = await links.execute({ workspaceId: ws, email: 'ana@example.com' });
    expect((await redeem.inspect(tokenOf(third.url), '203.0.113.7')).has_password).toBe(true);
    await redeem.redeem({ token: tokenOf(third.url), password: 'a brand new password', clientAddress: '203.0.113.7' });
    expect(await failure(authenticate.execute(before.token))).toMatchObject({ status: 401 });
    expect(await failure(signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.7' }))).toMatchObject({
      status: 401,
    });
    await passwords.set('ana@example.com', 'correct horse battery');
  });

  it('changes a password only with the current one, keeping this session and ending the others', async () => {
    const mine = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.8' });
    const elsewhere = await signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.8' });
    const change = (currentPassword: string, newPassword: string) =>
      passwords.change({ email: 'ana@example.com', sessionId: mine.session.id, currentPassword, newPassword, clientAddress: '203.0.113.8' });
    expect(await failure(change('not it at all', 'another good one'))).toMatchObject({ status: 422, errors: [{ pointer: '/current_password' }] });
    expect(await failure(change('correct horse battery', 'tiny'))).toMatchObject({ status: 422, errors: [{ pointer: '/new_password' }] });
    await change('correct horse battery', 'another good one');
    await expect(authenticate.execute(mine.token)).resolves.toBeDefined();
    expect(await failure(authenticate.execute(elsewhere.token))).toMatchObject({ status: 401 });
    await passwords.set('ana@example.com', 'correct horse battery');
  });

  it('rehashes a password stored with other parameters at the next sign-in', async () => {
    const accounts = new AccountsRepository(db);
    const stronger = new SignIn(db, new InProcessRateLimiter(clock), policy, clock, { N: 2048, r: 8, p: 1 });
    await stronger.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.9' });
    expect((await accounts.find('ana@example.com'))!.password_hash).toMatch(/^scrypt\$2048\$/);
    await expect(signIn.execute({ email: 'ana@example.com', password: 'correct horse battery', clientAddress: '203.0.113.9' })).resolves.toBeDefined();
  });
});
