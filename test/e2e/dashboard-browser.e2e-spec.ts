import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { cellsOf, PAGE_SIZES, presetById } from '@qr/print-sheet';
import {
  admin,
  type AppProcess,
  axeViolations,
  call,
  clickWhenSettled,
  createTempDir,
  decodePdfRegion,
  freePort,
  launchChromium,
  rawRequest,
  saveScreenshot,
  startApp,
  type TempDir,
  waitUntil,
} from '@qr/testing';

/** An <img> that has loaded and has pixels (its type has no DOM lib here: the element is only described). */
const isDrawn = (img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0;

/**
 * The dashboard as a person uses it, in a real Chromium: the owner opens the sign-in link the first
 * run prints, and from there does everything through the pages. What the browser cannot show (a
 * forged request, another workspace's id) is sent with the browser's own cookies.
 */
describe('dashboard in Chromium', () => {
  let dir: TempDir;
  let server: AppProcess;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let base: string;
  let workspaceId: string;
  let apiKey = '';
  const dialogs: string[] = [];
  const env = () => ({ DATA_DIR: dir.path });
  const api = (path: string) => `${base}/api/public/v1${path}`;

  beforeAll(async () => {
    dir = createTempDir('dash-e2e');
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startApp('all-in-one', { ...env(), PORT: String(port), PUBLIC_BASE_URL: base, WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' });
    await waitUntil(() => /dashboard: (\S+)/.exec(server.output()), 'the first-run sign-in link');
    workspaceId = /workspace: (ws_\w+)/.exec(server.output())![1];
    browser = await launchChromium();
    owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  /** The session's CSRF token, as the page itself got it. */
  const csrfOf = async (context: BrowserContext) => {
    const res = await context.request.get(`${base}/app/api/session`);
    return ((await res.json()) as { csrf_token: string }).csrf_token;
  };

  it('signs in: the first-run link sets the owner’s password, then email and password sign in again', async () => {
    const link = /dashboard: (\S+)/.exec(server.output())![1];
    expect(link).toMatch(new RegExp(`^${base}/app/welcome#token=[A-Za-z0-9_-]{43}$`));
    await page.goto(link);
    await page.getByText('You are signing in to').waitFor();
    expect(page.url()).toBe(`${base}/app/welcome`);
    await page.getByLabel('New password', { exact: true }).fill('owner chooses a password');
    await page.getByLabel('New password, again').fill('owner chooses a password');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill('owner@localhost');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email or password is not right.').waitFor();
    await page.getByLabel('Password').fill('owner chooses a password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();
    const cookie = (await owner.cookies()).find((c) => c.name === 'qr_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('creates a dynamic website code and shows its preview', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name').fill('Spring campaign');
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    const preview = page.getByTestId('live-preview');
    await preview.waitFor();
    await waitUntil(() => preview.evaluate(isDrawn), 'the live preview to be drawn');
    await saveScreenshot(page, 'code-create');
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByTestId('short-url').waitFor();
    const shortUrl = (await page.getByTestId('short-url').textContent())!;
    expect(shortUrl).toMatch(new RegExp(`^${base}/[0-9A-Za-z]{7}$`));
    const image = page.getByTestId('code-preview');
    await waitUntil(() => image.evaluate(isDrawn), 'the code preview to load');
  });

  it('counts a scan of the short link, over HTTP, on the code’s chart', async () => {
    const shortUrl = (await page.getByTestId('short-url').textContent())!;
    for (let i = 0; i < 3; i++) {
      const scan = await rawRequest(shortUrl, {
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' },
      });
      expect(scan.status).toBe(302);
      expect(scan.headers.location).toBe('https://example.com/spring');
    }
    await waitUntil(
      async () => {
        await page.reload();
        await page.getByTestId('total-scans').waitFor();
        return (await page.getByTestId('total-scans').textContent()) === '3';
      },
      'the chart to count 3 scans',
      20_000,
      300,
    );
    await page.getByTestId('scans-chart').locator('canvas').waitFor();
    expect(await page.getByRole('rowheader', { name: 'mobile', exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'code-detail');
    await page.getByText('Scans by day as a table').click();
    // One day of the range has the three scans, by one scanner (same address and browser).
    expect(await page.getByRole('row', { name: /^\d{4}-\d{2}-\d{2} 3 1$/ }).count()).toBe(1);
  });

  it('creates an API key under Developers, shows it once, and the key works against the public API', async () => {
    await page.goto(`${base}/app/developers`);
    await page.getByLabel('Name', { exact: true }).fill('erp-sync');
    await page.getByRole('button', { name: 'Create API key' }).click();
    apiKey = (await page.getByTestId('secret').textContent())!;
    expect(apiKey).toMatch(/^qrk_[0-9A-Za-z]{32}$/);
    const listed = await call(api('/qrcodes'), { key: apiKey });
    expect(listed.status).toBe(200);
    expect((listed.body.data as Array<{ name: string }>).map((c) => c.name)).toContain('Spring campaign');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByTestId('secret').count()).toBe(0);
    await page.reload();
    const row = page.getByTestId('api-keys').getByRole('row', { name: /erp-sync/ });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(apiKey);
    await waitUntil(async () => (await page.reload(), /ago|now/.test((await row.textContent()) ?? '')), 'the key’s last use to show', 10_000, 500);
  });

  it('registers a webhook endpoint on a local receiver, sends a test event it can verify, and logs the delivery', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    const port = await freePort();
    await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
    try {
      await page.goto(`${base}/app/developers`);
      await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/hooks`);
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      const secret = (await page.getByTestId('secret').textContent())!;
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByRole('link', { name: `http://127.0.0.1:${port}/hooks` }).click();
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByText('Test event delivered').waitFor();
      expect(received).toHaveLength(1);
      const event = new Webhook(secret).verify(received[0].body, received[0].headers as Record<string, string>) as { type: string; data: { test: boolean } };
      expect(event).toMatchObject({ type: 'qr.scanned', data: { test: true } });
      const log = page.getByTestId('deliveries');
      await log.waitFor();
      expect(await log.getByRole('row').count()).toBe(2);
      expect(await log.textContent()).toContain('delivered');
      expect(await log.textContent()).toContain(received[0].headers['webhook-id'] as string);
      await saveScreenshot(page, 'webhook-endpoint');
    } finally {
      receiver.close();
    }
  });

  it('exports a print sheet of 30 codes as one vector PDF whose every code decodes to its short link', async () => {
    const folder = await call<{ id: string }>(api('/folders'), { method: 'POST', key: apiKey, json: { name: 'Shelf labels' } });
    const items = Array.from({ length: 30 }, (_, i) => ({
      type: 'website',
      name: `Shelf ${i + 1}`,
      client_ref: `shelf-${i + 1}`,
      folder_id: folder.body.id,
      content: { url: `https://example.com/shelf/${i + 1}` },
    }));
    const bulk = await call<{ data: Array<{ qr_code: { short_url: string } }> }>(api('/qrcodes/bulk'), { method: 'POST', key: apiKey, json: { items } });
    expect(bulk.status).toBe(200);
    const shortUrls = bulk.body.data.map((d) => d.qr_code.short_url).sort();

    await page.goto(`${base}/app/print`);
    await page.getByLabel('Every code of a folder').check();
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Shelf labels' });
    await page.getByLabel('Sheet', { exact: true }).selectOption('a4-3x7');
    await page.getByLabel('Text under each code').selectOption('short_link');
    await saveScreenshot(page, 'print-sheets');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Create PDF' }).click()]);
    const pdfPath = join(dir.path, 'sheet.pdf');
    await download.saveAs(pdfPath);
    await page.getByText('Sheet ready').waitFor();
    expect(await page.getByText('30 codes on 2 pages').count()).toBe(1);

    const pdf = readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image|\/XObject/);
    // pdfimages lists every image of the file: here only its two header lines.
    expect(execFileSync('pdfimages', ['-list', pdfPath]).toString().trim().split('\n')).toHaveLength(2);
    expect(execFileSync('pdfinfo', [pdfPath]).toString()).toMatch(/Pages:\s+2\n/);
    // Rasterised by poppler, each of the sheet's 30 cells decoded by zbar: the set is the short links asked for.
    const cells = cellsOf(presetById('a4-3x7')!);
    const decoded = shortUrls.map((_, i) => decodePdfRegion(pdfPath, Math.floor(i / cells.length) + 1, cells[i % cells.length], PAGE_SIZES.A4.height));
    expect(decoded.sort()).toEqual(shortUrls);
  });

  it('moves selected codes into a folder from the Codes page, renames the folder, and deletes it keeping its codes', async () => {
    for (const name of ['Crate A', 'Crate B']) {
      expect(
        (await call(api('/qrcodes'), { method: 'POST', key: apiKey, json: { type: 'text', category: 'static', name, content: { text: name } } })).status,
      ).toBe(201);
    }
    const crates = await call<{ id: string }>(api('/folders'), { method: 'POST', key: apiKey, json: { name: 'Crates' } });
    const codesNamed = async () =>
      (await call<{ data: Array<{ name: string; folder_id: string | null }> }>(api('/qrcodes?q=Crate'), { key: apiKey })).body.data.map((c) => [
        c.name,
        c.folder_id,
      ]);

    await page.goto(`${base}/app/codes?q=Crate`);
    await page.getByLabel('Select Crate A').check();
    await page.getByLabel('Select Crate B').check();
    await page.getByLabel('Move to').selectOption({ label: 'Crates' });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('2 codes now in “Crates”.').waitFor();
    expect((await codesNamed()).sort()).toEqual([
      ['Crate A', crates.body.id],
      ['Crate B', crates.body.id],
    ]);
    await page.getByRole('button', { name: 'Clear selection' }).click();

    await page.goto(`${base}/app/folders`);
    await page
      .getByRole('row', { name: /Crates/ })
      .getByRole('button', { name: 'Rename' })
      .click();
    await page.getByLabel('New name for “Crates”').fill('Crates 2027');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Folder “Crates” renamed to “Crates 2027”.').waitFor();
    await saveScreenshot(page, 'folders');
    await page
      .getByRole('row', { name: /Crates 2027/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByText('Its codes are not deleted').waitFor();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByText('Folder “Crates 2027” deleted; 2 codes are now in no folder.').waitFor();
    expect((await codesNamed()).sort()).toEqual([
      ['Crate A', null],
      ['Crate B', null],
    ]);
    expect(await page.getByRole('cell', { name: 'Crates 2027' }).count()).toBe(0);
  });

  it('imports codes from a CSV with line-numbered row errors, and a re-import creates only what is missing', async () => {
    const csv = [
      'client_ref,name,url',
      'csv-1,From CSV 1,https://example.com/csv/1',
      'csv-2,From CSV 2,javascript:alert(1)',
      'csv-3,From CSV 3,https://example.com/csv/3',
    ].join('\n');
    const file = join(dir.path, 'codes.csv');
    writeFileSync(file, csv);
    await page.goto(`${base}/app/codes`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toBe('3 rows: 2 created, 0 already there, 1 not imported.');
    expect(await page.getByRole('row', { name: /^3 url/ }).count()).toBe(1);

    const fixed = join(dir.path, 'codes-fixed.csv');
    writeFileSync(fixed, csv.replace('javascript:alert(1)', 'https://example.com/csv/2'));
    await page.getByLabel('CSV file').setInputFiles(fixed);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await waitUntil(
      async () => (await page.getByTestId('import-summary').textContent()) === '3 rows: 1 created, 2 already there, 0 not imported.',
      'the second import',
    );
  });

  it('renders a code named like markup as text, everywhere it shows', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const created = await call<{ id: string }>(api('/qrcodes'), {
      method: 'POST',
      key: apiKey,
      json: { type: 'text', category: 'static', name, content: { text: '<script>alert(2)</script>' } },
    });
    await page.goto(`${base}/app/codes?q=${encodeURIComponent('onerror')}`);
    await page.getByRole('link', { name }).waitFor();
    await page.goto(`${base}/app/codes/${created.body.id}`);
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('refuses a change without the CSRF token, and changes nothing', async () => {
    const before = await owner.request.get(api('/qrcodes?limit=100'));
    const count = ((await before.json()) as { data: unknown[] }).data.length;
    const forged = await owner.request.post(api('/qrcodes'), { data: { type: 'website', content: { url: 'https://evil.example' } } });
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'csrf_failed' });
    const wrong = await owner.request.post(api('/qrcodes'), {
      data: { type: 'website', content: { url: 'https://evil.example' } },
      headers: { 'x-csrf-token': 'A'.repeat(43) },
    });
    expect(wrong.status()).toBe(403);
    const after = await owner.request.get(api('/qrcodes?limit=100'));
    expect(((await after.json()) as { data: unknown[] }).data).toHaveLength(count);
    const allowed = await owner.request.post(api('/folders'), { data: { name: 'With the token' }, headers: { 'x-csrf-token': await csrfOf(owner) } });
    expect(allowed.status()).toBe(201);
  });

  it('lets a viewer read but not create keys: the button is absent and the server answers 403', async () => {
    expect(
      admin(['member', 'add', '--workspace', workspaceId, '--email', 'vera@example.com', '--role', 'viewer', '--password-stdin'], env(), 'vera reads only\n')
        .status,
    ).toBe(0);
    const viewer = await browser.newContext();
    try {
      const vpage = await viewer.newPage();
      await vpage.goto(`${base}/app/sign-in`);
      await vpage.getByLabel('Email').fill('vera@example.com');
      await vpage.getByLabel('Password').fill('vera reads only');
      await vpage.getByRole('button', { name: 'Sign in' }).click();
      await vpage.getByRole('heading', { name: 'Codes' }).waitFor();
      expect(await vpage.getByRole('link', { name: 'New code' }).count()).toBe(0);
      await vpage.goto(`${base}/app/developers`);
      await vpage.getByText('Only owners and editors of this workspace manage API keys.').waitFor();
      expect(await vpage.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
      const csrf = await csrfOf(viewer);
      const create = await viewer.request.post(api('/api-keys'), { data: { name: 'sneaky' }, headers: { 'x-csrf-token': csrf } });
      expect(create.status()).toBe(403);
      expect((await viewer.request.get(api('/api-keys'))).status()).toBe(403);
      const code = await viewer.request.post(api('/qrcodes'), {
        data: { type: 'website', content: { url: 'https://example.com' } },
        headers: { 'x-csrf-token': csrf },
      });
      expect(code.status()).toBe(403);
      expect((await viewer.request.get(api('/qrcodes'))).status()).toBe(200);
    } finally {
      await viewer.close();
    }
  });

  it('answers 404 to a session of workspace A for workspace B’s code', async () => {
    const other = admin(['workspace', 'create', '--name', 'Globex', '--plan', 'pro'], env()).json;
    const otherKey = String(admin(['key', 'create', '--workspace', String(other.id), '--name', 'k'], env()).json.secret);
    const theirs = await call<{ id: string }>(api('/qrcodes'), {
      method: 'POST',
      key: otherKey,
      json: { type: 'website', name: 'Globex secret', content: { url: 'https://globex.example' } },
    });
    expect(theirs.status).toBe(201);
    const res = await owner.request.get(api(`/qrcodes/${theirs.body.id}`));
    expect(res.status()).toBe(404);
    expect((await owner.request.get(api(`/qrcodes/${theirs.body.id}/analytics`))).status()).toBe(404);
    const patch = await owner.request.patch(api(`/qrcodes/${theirs.body.id}`), {
      data: { name: 'mine now' },
      headers: { 'x-csrf-token': await csrfOf(owner) },
    });
    expect(patch.status()).toBe(404);
    await page.goto(`${base}/app/codes/${theirs.body.id}`);
    await page.getByText('This code cannot be opened').waitFor();
    expect(await page.getByText('Globex secret').count()).toBe(0);
  });

  it('follows a workspace switch made in another tab: the stale tab’s change is refused, and it says which workspace it shows now', async () => {
    const initech = admin(['workspace', 'create', '--name', 'Initech', '--plan', 'pro'], env()).json;
    expect(admin(['member', 'add', '--workspace', String(initech.id), '--email', 'owner@localhost', '--role', 'owner'], env()).status).toBe(0);
    const stale = await owner.newPage();
    const other = await owner.newPage();
    try {
      await stale.goto(`${base}/app/folders`);
      await stale.getByRole('heading', { name: 'Folders', level: 1 }).waitFor();
      await stale.getByLabel('Name').fill('Meant for the first workspace');
      await other.goto(`${base}/app/codes`);
      await other.getByLabel('Workspace').selectOption(String(initech.id));
      await other.getByRole('heading', { name: 'Codes', level: 1 }).waitFor();
      await waitUntil(async () => (await other.getByLabel('Workspace').inputValue()) === initech.id, 'the other tab to show Initech');

      await stale.getByRole('button', { name: 'Create folder' }).click();
      await stale.getByText('Now showing Initech').waitFor();
      expect(await stale.getByLabel('Workspace').inputValue()).toBe(initech.id);
      const names = async (res: { json(): Promise<unknown> }) => ((await res.json()) as { data: Array<{ name: string }> }).data.map((f) => f.name);
      expect(await names(await owner.request.get(api('/folders')))).not.toContain('Meant for the first workspace');
      expect((await call<{ data: Array<{ name: string }> }>(api('/folders'), { key: apiKey })).body.data.map((f) => f.name)).not.toContain(
        'Meant for the first workspace',
      );

      await stale.getByLabel('Workspace').selectOption(workspaceId);
      await waitUntil(async () => (await stale.getByLabel('Workspace').inputValue()) === workspaceId, 'the switch back');
    } finally {
      await stale.close();
      await other.close();
    }
  });

  it('has no serious or critical accessibility violations on the main pages, and saves their screenshots', async () => {
    const pages: Array<[string, string, string]> = [
      ['codes', '/app/codes', 'Codes'],
      ['code-create', '/app/codes/new', 'New code'],
      ['developers', '/app/developers', 'Developers'],
      ['usage', '/app/usage', 'Usage and plan'],
      ['print-sheets', '/app/print', 'Print sheets'],
      ['folders', '/app/folders', 'Folders'],
      ['domains', '/app/domains', 'Domains'],
      ['account', '/app/account', 'Your account'],
    ];
    const found: Record<string, unknown[]> = {};
    for (const [name, path, heading] of pages) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await axeViolations(page);
      if (violations.length) found[name] = violations;
      if (name === 'codes' || name === 'developers' || name === 'usage') await saveScreenshot(page, name);
    }
    const detail = (await call<{ data: Array<{ id: string; name: string }> }>(api('/qrcodes?q=Spring'), { key: apiKey })).body.data[0];
    await page.goto(`${base}/app/codes/${detail.id}`);
    await page.getByTestId('total-scans').waitFor();
    const detailViolations = await axeViolations(page);
    if (detailViolations.length) found['code-detail'] = detailViolations;
    await page.context().clearCookies();
    await page.goto(`${base}/app/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const signInViolations = await axeViolations(page);
    if (signInViolations.length) found['sign-in'] = signInViolations;
    await saveScreenshot(page, 'sign-in');
    expect(found).toEqual({});
  });
});
