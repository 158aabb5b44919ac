import { type Browser, type Page } from 'playwright-core';
import {
  acceptSignInLink,
  type AppProcess,
  axeViolations,
  call,
  clickWhenSettled,
  launchChromium,
  rawRequest,
  startFirstRun,
  type TempDir,
  waitUntil,
} from '@qr/testing';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SECRET = 'open sesame 41';

type Code = { id: string; short_code: string; password_protected: boolean };

/**
 * A code's password in the dashboard, in a real Chromium: set on create, never shown back (the code
 * says "protected"), changed, then removed; the history names each change; the code's analytics shows
 * the password page's views and unlocks.
 */
describe('dashboard: a password-protected code', () => {
  let dir: TempDir;
  let server: AppProcess;
  let browser: Browser;
  let page: Page;
  let base: string;
  let key: string;
  const api = (path: string) => `${base}/api/public/v1${path}`;
  const read = async (id: string) => (await call<Code>(api(`/qrcodes/${id}`), { key })).body;
  const unlock = (code: Code, password: string) =>
    rawRequest(`${base}/${code.short_code}`, {
      method: 'POST',
      headers: { 'user-agent': PHONE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }).toString(),
    });

  beforeAll(async () => {
    let link: string;
    ({ dir, server, base, key, link } = await startFirstRun('dash-pw-e2e'));
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await acceptSignInLink(page, link, 'owner chooses a password');
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  it('sets, never shows, changes and removes the password; history names each change; analytics shows views and unlocks', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name').fill('Members only');
    await page.getByLabel('Destination URL').fill('https://example.com/members');
    await page.getByLabel('Password', { exact: true }).fill(SECRET);
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByTestId('short-url').waitFor();
    const id = /\/app\/codes\/(qr_\w+)/.exec(page.url())![1];
    let code = await read(id);
    expect(code.password_protected).toBe(true);

    // The page view, then the right password: one unlock, one scan.
    expect((await rawRequest(`${base}/${code.short_code}`, { headers: { 'user-agent': PHONE } })).status).toBe(200);
    expect((await unlock(code, SECRET)).status).toBe(302);
    // The unlock counter and the scan count are projected apart: wait for both on one page.
    const shown = async () => ({
      unlocks: await page.getByTestId('password-unlocks').textContent(),
      views: await page.getByTestId('password-page-views').textContent(),
      scans: await page.getByTestId('total-scans').textContent(),
    });
    await waitUntil(
      async () => {
        await page.reload();
        await page.getByTestId('password-unlocks').waitFor();
        await page.getByTestId('total-scans').waitFor();
        const now = await shown();
        return now.unlocks === '1' && now.views === '1' && now.scans === '1';
      },
      'the unlock and its scan on the code page',
      30_000,
      500,
    );
    expect(await shown()).toEqual({ unlocks: '1', views: '1', scans: '1' });

    await page.goto(`${base}/app/codes/${id}/edit`);
    await page.getByTestId('password-state').waitFor();
    expect(await page.getByTestId('password-state').textContent()).toContain('protected');
    expect(await page.getByLabel('New password').inputValue()).toBe('');
    expect(await page.content()).not.toContain(SECRET);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('New password').fill('another one');
    await clickWhenSettled(page.getByRole('button', { name: 'Save changes' }));
    await page.waitForURL(`${base}/app/codes/${id}?saved=1`);
    code = await read(id);
    expect((await unlock(code, SECRET)).status).toBe(401);
    expect((await unlock(code, 'another one')).status).toBe(302);

    await page.goto(`${base}/app/codes/${id}/edit`);
    await page.getByLabel('Remove the password').check();
    await clickWhenSettled(page.getByRole('button', { name: 'Save changes' }));
    await page.waitForURL(`${base}/app/codes/${id}?saved=1`);
    expect((await read(id)).password_protected).toBe(false);
    expect((await rawRequest(`${base}/${code.short_code}`, { headers: { 'user-agent': PHONE } })).status).toBe(302);

    type Change = { action: string; changes: Array<{ field: string; before: unknown; after: unknown }> };
    const history = (await call<{ data: Change[] }>(api(`/qrcodes/${id}/history`), { key })).body.data;
    expect(history.map((e) => e.changes.filter((c) => c.field === 'password'))).toEqual([
      [{ field: 'password', before: 'set', after: null }],
      [{ field: 'password', before: 'set', after: 'changed' }],
      [{ field: 'password', before: null, after: 'set' }],
    ]);
    await page.goto(`${base}/app/codes/${id}?tab=history`);
    await page.getByTestId('history').getByText('Password').first().waitFor();
  }, 180_000);
});
