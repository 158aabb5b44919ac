import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  type AppProcess,
  type AxeViolation,
  axeViolations,
  call,
  clickWhenSettled,
  createTempDir,
  freePort,
  launchChromium,
  rawRequest,
  startApp,
  type TempDir,
  waitUntil,
} from '@qr/testing';

const TYPES = ['Website', 'Menu', 'Form', 'Contact card', 'Text', 'Wi-Fi', 'Email', 'Phone', 'SMS', 'Location'];

/**
 * Every page of the dashboard and its states, checked with axe (no serious or critical violation),
 * and a person who uses only the keyboard: they sign in, create a code, download its PDF and sign
 * out, always seeing where the focus is, which comes back where it was after a dialog.
 */
describe('dashboard accessibility', () => {
  let dir: TempDir;
  let server: AppProcess;
  let base: string;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let key: string;
  let codeId: string;
  let endpointId: string;
  const found: Record<string, AxeViolation[]> = {};
  const api = (path: string) => `${base}/api/public/v1${path}`;

  /** Opens `path`, waits for its h1 and for the network to settle, and keeps axe's findings under `name`. */
  const check = async (name: string, path: string | null, heading: string | RegExp) => {
    if (path !== null) await page.goto(`${base}${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const violations = await axeViolations(page);
    if (violations.length) found[name] = violations;
  };

  beforeAll(async () => {
    dir = createTempDir('dash-a11y');
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startApp('all-in-one', {
      DATA_DIR: dir.path,
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
    });
    await waitUntil(() => /dashboard: (\S+)/.exec(server.output()), 'the first-run sign-in link');
    key = /api key:\s+(qrk_\w+)/.exec(server.output())![1];
    browser = await launchChromium();
    owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
    // Something on every page: a scanned code with a change, a folder, a pending domain, an endpoint.
    const code = await call<{ id: string; short_code: string }>(api('/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', name: 'Poster', content: { url: 'https://example.com/a' } },
    });
    codeId = code.body.id;
    await call(api(`/qrcodes/${codeId}`), { method: 'PATCH', key, json: { name: 'Poster, spring' } });
    await rawRequest(`${base}/${code.body.short_code}`);
    await call(api('/folders'), { method: 'POST', key, json: { name: 'Campaigns' } });
    await call(api('/domains'), { method: 'POST', key, json: { hostname: 'qr.example.com' } });
    endpointId = (
      await call<{ id: string }>(api('/webhook-endpoints'), { method: 'POST', key, json: { url: 'http://127.0.0.1:9/hooks', events: ['qr.scanned'] } })
    ).body.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  it('has no serious or critical violation on any page or state', async () => {
    const link = /dashboard: (\S+)/.exec(server.output())![1];
    await page.goto(`${base}/app/sign-in`);
    await check('sign-in', null, 'Sign in');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await check('forgot-password', null, 'Forgot password');
    await page.goto(link);
    await page.getByText('You are signing in to').waitFor();
    await check('welcome', null, 'Welcome');
    await page.getByLabel('New password', { exact: true }).fill('owner chooses a password');
    await page.getByLabel('New password, again').fill('owner chooses a password');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await check('codes', null, 'Codes');

    await page.goto(`${base}/app/codes/new`);
    for (const type of TYPES) {
      await page.getByLabel('Type', { exact: true }).selectOption({ label: type });
      await check(`create ${type}`, null, 'New code');
    }
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' })); // empty: every error shown
    await page.locator('.field__error').first().waitFor();
    await check('create with errors', null, 'New code');

    await check('code detail', `/app/codes/${codeId}`, 'Poster, spring');
    await check('code history', `/app/codes/${codeId}?tab=history`, 'Poster, spring');
    await page.getByTestId('history').waitFor();
    await check('code history', null, 'Poster, spring');
    await check('code edit', `/app/codes/${codeId}/edit`, /Poster, spring/);
    for (const [name, path, heading] of [
      ['folders', '/app/folders', 'Folders'],
      ['domains', '/app/domains', 'Domains'],
      ['import links', '/app/import-links', 'Import links'],
      ['print sheets', '/app/print', 'Print sheets'],
      ['developers', '/app/developers', 'Developers'],
      ['webhook endpoint', `/app/developers/webhooks/${endpointId}`, 'Webhook endpoint'],
      ['members', '/app/members', 'Members'],
      ['audit log', '/app/audit-log', 'Audit log'],
      ['usage', '/app/usage', 'Usage and plan'],
      ['account', '/app/account', 'Your account'],
      ['not found', '/app/nothing-here', 'Page not found'],
    ] as const) {
      await check(name, path, heading);
    }
    // The import's preview, with a record of each outcome's kind (no verified domain here: every link is refused, with its reason).
    await page.goto(`${base}/app/import-links`);
    await page.getByLabel('Export file').setInputFiles({
      name: 'bitly.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Title,Link,Custom Link,Destination URL\nSpring,bit.ly/3xYzAbc,go.acme.example/spring,https://acme.example/spring\n'),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('link-import-records').waitFor();
    await check('import links preview', null, 'Import links');

    // The hosted password page a scan of a protected code meets, asking and after a wrong password.
    const locked = await call<{ short_code: string }>(api('/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', name: 'Members only', content: { url: 'https://example.com/m' }, password: 'open sesame' },
    });
    await check('password page', `/${locked.body.short_code}`, 'This code is password protected');
    await page.getByLabel('Password').fill('not it');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'This code is password protected', level: 1 }).waitFor();
    await check('password page, wrong password', null, 'This code is password protected');

    await page.goto(`${base}/app/members`);
    await page.getByLabel('Email').fill('pending@example.com');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByTestId('invitation-link').waitFor();
    await check('members with a new invitation', null, 'Members');

    await page.goto(`${base}/app/codes/${codeId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    const dialogViolations = await axeViolations(page);
    if (dialogViolations.length) found['delete dialog'] = dialogViolations;
    await page.keyboard.press('Escape');
    expect(found).toEqual({});
  });

  it('returns the focus to the button that opened a dialog, and shows where the focus is', async () => {
    await page.goto(`${base}/app/codes/${codeId}`);
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate('document.activeElement.closest("dialog") !== null')).toBe(true);
    await page.keyboard.press('Escape');
    await waitUntil(async () => (await page.getByRole('dialog').count()) === 0, 'the dialog to close');
    expect(await page.evaluate('document.activeElement.textContent.trim()')).toBe('Delete');
    expect(await focusRing(page)).toBe(true);
  });

  it('a keyboard alone signs in, creates a code, downloads its PDF and signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const kb = await context.newPage();
    await kb.goto(`${base}/app/sign-in`);
    await kb.getByRole('heading', { name: 'Sign in' }).waitFor();
    await tabTo(kb, 'Email');
    await kb.keyboard.type('owner@localhost');
    await tabTo(kb, 'Password');
    await kb.keyboard.type('owner chooses a password');
    await kb.keyboard.press('Enter');
    await kb.getByRole('heading', { name: 'Codes', level: 1 }).waitFor();

    await tabTo(kb, 'New code');
    await kb.keyboard.press('Enter');
    await kb.getByRole('heading', { name: 'New code', level: 1 }).waitFor();
    await tabTo(kb, 'Name');
    await kb.keyboard.type('Typed with keys');
    await tabTo(kb, 'Destination URL');
    await kb.keyboard.type('https://example.com/keys');
    await tabTo(kb, 'Create code');
    await kb.keyboard.press('Enter');
    await kb.getByTestId('short-url').waitFor();

    await tabTo(kb, 'PDF (vector)');
    const [download] = await Promise.all([kb.waitForEvent('download'), kb.keyboard.press('Enter')]);
    const file = await download.path();
    expect(file).toBeTruthy();
    expect((await import('node:fs')).readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');

    await tabTo(kb, 'Sign out', { backwards: true });
    await kb.keyboard.press('Enter');
    await kb.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});

/**
 * Presses Tab (or Shift+Tab) until the focused element is the control named `name` (its label, or
 * its text), checking on the way that every focused element shows a focus ring.
 */
async function tabTo(page: Page, name: string, o: { backwards?: boolean } = {}): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(o.backwards ? 'Shift+Tab' : 'Tab');
    const current = (await page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return '';
      const label = el.labels && el.labels[0] ? el.labels[0].textContent : '';
      return (label || el.getAttribute('aria-label') || el.textContent || '').trim();
    })()`)) as string;
    if (current === '') continue;
    expect({ focused: current, ring: await focusRing(page) }).toEqual({ focused: current, ring: true });
    if (current === name || current.replace(/\s*\*$/, '') === name) return;
  }
  throw new Error(`Tab never reached “${name}”`);
}

/** The focused element draws the focus style (an outline from :focus-visible). */
async function focusRing(page: Page): Promise<boolean> {
  return (await page.evaluate(`(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  })()`)) as boolean;
}
