import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  acceptSignInLink,
  type AppProcess,
  axeViolations,
  clickWhenSettled,
  createTempDir,
  freePort,
  launchChromium,
  linkIn,
  saveScreenshot,
  startApp,
  startTestSmtp,
  type TempDir,
  type TestSmtp,
  waitUntil,
} from '@qr/testing';

/**
 * A team run from the dashboard, in Chromium, with a real SMTP server receiving the email: the owner
 * invites by email, the invitee signs in from the emailed link, roles change, a viewer finds no
 * Members page, a forgotten password is reset by email, and the audit log shows all of it.
 */
describe('teams in the dashboard', () => {
  let dir: TempDir;
  let smtp: TestSmtp;
  let server: AppProcess;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    dir = createTempDir('dash-team');
    smtp = await startTestSmtp();
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startApp('all-in-one', {
      DATA_DIR: dir.path,
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      SMTP_URL: smtp.url,
      SMTP_FROM: 'QR <qr@test.example>',
    });
    await waitUntil(() => /dashboard: (\S+)/.exec(server.output()), 'the first-run sign-in link');
    browser = await launchChromium();
    owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
    await acceptSignInLink(page, /dashboard: (\S+)/.exec(server.output())![1], 'owner chooses a password');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    dir?.remove();
  });

  /** Opens an emailed link in a fresh browser (no cookies) and chooses a password there. */
  const acceptLink = async (url: string, password: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const invitee = await context.newPage();
    await acceptSignInLink(invitee, url, password);
    return { context, page: invitee };
  };

  const invite = async (email: string, role: string) => {
    await page.goto(`${base}/app/members`);
    await page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation emailed to ${email}.`).waitFor();
  };

  it('the owner invites by email; the invitee signs in from the emailed link', async () => {
    await invite('ana@example.com', 'editor');
    const mail = await smtp.waitFor('ana@example.com');
    expect(mail.from).toContain('qr@test.example');
    expect(mail.subject).toContain('Default workspace');
    expect(mail.text).toContain('owner@localhost invited you');
    expect(mail.html).toContain('<a href=');
    await page.getByTestId('invitations').getByRole('cell', { name: 'ana@example.com', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const ana = await acceptLink(linkIn(mail), 'ana chooses a password');
    expect(await ana.page.getByRole('link', { name: 'Members' }).count()).toBe(0);
    await ana.context.close();

    await page.reload();
    await page.getByTestId('members').getByRole('cell', { name: 'ana@example.com', exact: true }).waitFor();
    expect(await page.getByTestId('invitations').count()).toBe(0);
  });

  it('a viewer cannot open Members or the audit log, in the page or through its data', async () => {
    await invite('vic@example.com', 'viewer');
    const vic = await acceptLink(linkIn(await smtp.waitFor('vic@example.com')), 'vic chooses a password');
    expect(await vic.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).count()).toBe(0);
    await vic.page.goto(`${base}/app/members`);
    await vic.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    for (const path of ['/app/api/members', '/app/api/audit-log', '/app/api/audit-log/export.csv']) {
      const res = await vic.context.request.get(`${base}${path}`);
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toContain('application/problem+json');
    }
    await vic.context.close();
  });

  it('the owner changes a role, resends and revokes an invitation; the last owner cannot leave', async () => {
    await page.goto(`${base}/app/members`);
    await page.getByLabel('Role of vic@example.com').selectOption('editor');
    await page.getByText('vic@example.com is now editor.').waitFor();
    await page.getByLabel('Role of owner@localhost').selectOption('viewer');
    await page.getByText('a workspace keeps at least one owner').waitFor();
    await page.reload();
    expect(await page.getByLabel('Role of owner@localhost').inputValue()).toBe('owner');

    await invite('zed@example.com', 'viewer');
    const first = await smtp.waitFor('zed@example.com');
    const since = smtp.received.length;
    await page.getByRole('button', { name: 'Resend the invitation of zed@example.com' }).click();
    const second = await smtp.waitFor('zed@example.com', since);
    expect(linkIn(second)).not.toBe(linkIn(first));
    await page.getByRole('button', { name: 'Revoke the invitation of zed@example.com' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await page.getByText('The invitation of zed@example.com was revoked').waitFor();
    const stale = await browser.newPage();
    await stale.goto(linkIn(second));
    await stale.getByText('This link cannot be used').waitFor();
    await stale.close();

    await invite('pending@example.com', 'viewer');
    await page.getByTestId('members').waitFor();
    await saveScreenshot(page, 'members');
  });

  it('forgot password: the same answer for anyone, and a member gets a link by email', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${base}/app/sign-in`);
    await visitor.getByRole('button', { name: 'Forgot password?' }).click();
    await visitor.getByLabel('Email').fill('nobody@example.com');
    await visitor.getByRole('button', { name: 'Send me a link' }).click();
    const unknownAnswer = await visitor.getByRole('status').or(visitor.locator('.notice')).first().textContent();
    await visitor.getByRole('button', { name: 'Back to sign in' }).click();
    await visitor.getByRole('button', { name: 'Forgot password?' }).click();
    const since = smtp.received.length;
    await visitor.getByLabel('Email').fill('ana@example.com');
    await visitor.getByRole('button', { name: 'Send me a link' }).click();
    await visitor.getByText('Check your email').waitFor();
    expect(await visitor.locator('.notice').first().textContent()).toBe(unknownAnswer);
    const mail = await smtp.waitFor('ana@example.com', since);
    expect(mail.subject).toBe('Reset your QR Platform password');
    expect(smtp.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    await context.close();

    const ana = await browser.newContext();
    const reset = await ana.newPage();
    await reset.goto(linkIn(mail));
    await reset.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await reset.getByLabel('New password', { exact: true }).fill('ana has a new password');
    await reset.getByLabel('New password, again').fill('ana has a new password');
    await reset.getByRole('button', { name: 'Save password and sign in' }).click();
    await reset.getByRole('heading', { name: 'Codes' }).waitFor();
    await ana.close();
  });

  it('an editor changes a code’s destination, and the owner sees who changed it, from what, to what, in History', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name').fill('Spring poster');
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByTestId('short-url').waitFor();
    const codeUrl = page.url().split('?')[0];

    const ana = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const editor = await ana.newPage();
    await editor.goto(`${base}/app/sign-in`);
    await editor.getByLabel('Email').fill('ana@example.com');
    await editor.getByLabel('Password').fill('ana has a new password');
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.getByRole('heading', { name: 'Codes' }).waitFor();
    await editor.goto(`${codeUrl}/edit`);
    await editor.getByLabel('Destination URL').fill('https://example.com/summer');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.getByText('Changes saved.').waitFor();
    await ana.close();

    await page.goto(`${codeUrl}?tab=history`);
    const history = page.getByTestId('history');
    await history.waitFor();
    const latest = history.locator('li.history__entry').first();
    await latest.getByText('ana@example.com (dashboard)').waitFor();
    await latest.getByText('Changed', { exact: true }).waitFor();
    const destination = latest.getByRole('row', { name: /Destinations/ });
    expect(await destination.locator('td.history__before').textContent()).toContain('https://example.com/spring');
    expect(await destination.locator('td.history__after').textContent()).toContain('https://example.com/summer');
    expect(await latest.locator('.mono').first().textContent()).toMatch(/req_[0-9a-f]{32}/);
    await history.locator('li.history__entry').last().getByText('owner@localhost (dashboard)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'history');
  });

  it('the audit log shows who invited, re-roled and revoked, with the request id, and exports CSV', async () => {
    await page.goto(`${base}/app/audit-log`);
    const log = page.getByTestId('audit-log');
    await log.waitFor();
    for (const text of ['Member invited', 'Role changed', 'Invitation resent', 'Invitation revoked']) await log.getByText(text).first().waitFor();
    await log.getByText('viewer → editor').waitFor();
    expect(await log.getByText('owner@localhost (dashboard)').count()).toBeGreaterThan(3);
    expect(await log.locator('td.mono').first().textContent()).toMatch(/^req_[0-9a-f]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'audit-log');
    const csv = await owner.request.get(`${base}/app/api/audit-log/export.csv`);
    expect(csv.status()).toBe(200);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('occurred_at,action,target_type,target_id,target_name,actor_kind,actor_id,actor_name,via,request_id,details');
    expect(lines.some((l) => l.includes('member.role_changed') && l.includes('vic@example.com'))).toBe(true);
  });
});
