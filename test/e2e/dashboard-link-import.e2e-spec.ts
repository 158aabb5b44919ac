import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardDocument } from '@qr/dashboard';
import { type Browser, type Page } from 'playwright-core';
import {
  acceptSignInLink,
  admin,
  type AppProcess,
  axeViolations,
  call,
  contractViolations,
  type DnsResponder,
  launchChromium,
  rawRequest,
  type RecordedExchange,
  saveScreenshot,
  startFirstRun,
  startDnsResponder,
  type TempDir,
} from '@qr/testing';

const BITLY = join(__dirname, '../../libs/link-import/test-fixtures/bitly-links.csv');
/** What the Bitly fixture's custom links point at, on its branded domain. */
const LINKS = [
  ['spring', 'https://acme.example/spring?utm_source=box'],
  ['poster-2025', 'https://acme.example/poster'],
  ['Poster', 'https://acme.example/poster'],
];

/**
 * The dashboard's link importer in a real Chromium against the all-in-one: upload Bitly's export,
 * read the dry run, confirm; every imported link answers its old path on its domain with a 302, and
 * a second import of the same file creates nothing.
 */
describe('dashboard: importing another shortener’s links', () => {
  let dir: TempDir;
  let dns: DnsResponder;
  let server: AppProcess;
  let browser: Browser;
  let page: Page;
  let base: string;
  let key: string;
  let workspaceId: string;
  const api = (path: string) => `${base}/api/public/v1${path}`;

  beforeAll(async () => {
    dns = await startDnsResponder();
    let link: string;
    ({ dir, server, base, key, link, workspaceId } = await startFirstRun('dash-link-import-e2e', { DNS_RESOLVER: dns.address }));
    const domain = await call<{ id: string; verification: { value: string } }>(api('/domains'), { method: 'POST', key, json: { hostname: 'go.acme.example' } });
    dns.set('_qr-verify.go.acme.example', { TXT: [[domain.body.verification.value]] });
    expect((await call<{ status: string }>(api(`/domains/${domain.body.id}/verify`), { method: 'POST', key })).body.status).toBe('verified');
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await acceptSignInLink(page, link, 'owner chooses a password');
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dns?.close();
    dir?.remove();
  });

  const preview = async () => {
    await page.goto(`${base}/app/import-links`);
    await page.getByRole('heading', { name: 'Import links' }).waitFor();
    await page.getByLabel('Exported from').selectOption('bitly');
    await page.getByLabel('Export file').setInputFiles(BITLY);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('link-import-counts').waitFor();
    return String(await page.getByTestId('link-import-counts').textContent());
  };

  it('previews the dry run, imports on confirm, serves each old path with a 302, and creates nothing the second time', async () => {
    expect(await preview()).toContain('3 will be created · 0 already exist · 1 cannot be imported');
    const rows = await page
      .getByTestId('link-import-records')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => (tr as unknown as { innerText: string }).innerText.split('\t').map((c) => c.trim())));
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ['will be created', 'go.acme.example/spring'],
      ['will be created', 'go.acme.example/poster-2025'],
      ['will be created', 'go.acme.example/Poster'],
      ['cannot be imported', 'bit.ly/5aBcDeF'],
    ]);
    expect(rows[3][4]).toMatch(/bit\.ly/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'import-preview');

    await page.getByRole('button', { name: 'Import 3 links' }).click();
    await page.getByTestId('link-import-result').waitFor();
    expect(await page.getByTestId('link-import-result').textContent()).toBe('3 created, 0 already there, 1 not imported.');
    expect(await axeViolations(page)).toEqual([]);

    for (const [path, destination] of LINKS) {
      const res = await rawRequest(`${base}/${path}`, { headers: { host: 'go.acme.example' } });
      expect([path, res.status, res.headers.location]).toEqual([path, 302, destination]);
    }
    const listed = await call<{ data: Array<{ client_ref: string }> }>(api('/qrcodes?limit=100'), { key });
    expect(listed.body.data.map((c) => c.client_ref).sort()).toEqual([
      'import:go.acme.example/Poster',
      'import:go.acme.example/poster-2025',
      'import:go.acme.example/spring',
    ]);

    expect(await preview()).toContain('0 will be created · 3 already exist · 1 cannot be imported');
    await page.getByText('There is nothing to create').waitFor();
    expect((await call<{ data: unknown[] }>(api('/qrcodes?limit=100'), { key })).body.data).toHaveLength(3);
  }, 180_000);

  it('answers a wrong product choice and a bad query as the API does, writing nothing', async () => {
    const csrf = await page.evaluate(`fetch('/app/api/session').then((r) => r.json()).then((s) => s.csrf_token)`);
    const post = async (query: string, body = 'Name,Where\nbox,https://example.com\n') => {
      const answer = (await page.evaluate(
        `fetch('/app/api/link-imports/preview${query}', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', 'X-CSRF-Token': ${JSON.stringify(csrf)} }, body: ${JSON.stringify(body)} })
          .then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.json() }))`,
      )) as { status: number; type: string; body: { code?: string; errors?: Array<{ pointer: string }>; file_problems?: Array<{ code: string }> } };
      seen.push({ method: 'POST', path: '/app/api/link-imports/preview', status: answer.status, contentType: answer.type, body: answer.body });
      return answer;
    };
    const seen: RecordedExchange[] = [];
    const bad = await post('?format=tinyurl&colour=red');
    expect([bad.status, bad.type, bad.body.code]).toEqual([422, expect.stringMatching(/^application\/problem\+json/), 'validation_failed']);
    expect(bad.body.errors!.map((e) => e.pointer).sort()).toEqual(['/colour', '/format']);
    const unknown = await post('?format=dub');
    expect([unknown.status, unknown.body.file_problems!.map((p) => p.code)]).toEqual([200, ['unknown_format']]);
    // A report with records of each kind, answered as the dashboard's document declares it.
    expect((await post('?format=bitly&domain=go.acme.example', readFileSync(BITLY, 'utf8'))).status).toBe(200);
    expect(contractViolations(dashboardDocument(), seen)).toEqual([]);
  }, 60_000);

  it('is for editors and owners, as the CSV import: a viewer is told so, and the server refuses a viewer’s preview (403)', async () => {
    const invite = admin(['member', 'invite', '--workspace', workspaceId, '--email', 'vera@example.com', '--role', 'viewer'], {
      DATA_DIR: dir.path,
      PUBLIC_BASE_URL: base,
    }).json;
    const viewer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await acceptSignInLink(viewer, String(invite.url), 'vera reads only');
    await viewer.goto(`${base}/app/import-links`);
    await viewer.getByText('an editor or an owner imports links').waitFor();
    expect(await viewer.getByLabel('Export file').count()).toBe(0);
    const csrf = await viewer.evaluate(`fetch('/app/api/session').then((r) => r.json()).then((s) => s.csrf_token)`);
    const refused = (await viewer.evaluate(
      `fetch('/app/api/link-imports/preview?format=bitly', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', 'X-CSRF-Token': ${JSON.stringify(csrf)} }, body: 'x' })
        .then(async (r) => ({ status: r.status, body: await r.json() }))`,
    )) as { status: number; body: { code: string } };
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    await viewer.context().close();
  }, 60_000);
});
