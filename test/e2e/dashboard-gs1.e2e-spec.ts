import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { cellsOf, PAGE_SIZES, presetById } from '@qr/print-sheet';
import {
  acceptSignInLink,
  type AppProcess,
  axeViolations,
  call,
  clickWhenSettled,
  decodeImage,
  decodePdfRegion,
  launchChromium,
  rawRequest,
  saveScreenshot,
  startFirstRun,
  type TempDir,
  waitUntil,
} from '@qr/testing';

const GTIN14 = '09506000134352';
type Gs1Code = { id: string; short_url: string; short_code: string; folder_id: string | null; content: Record<string, unknown> };

/**
 * The GS1 editor in a real Chromium: a product code and a lot code with links in two languages made
 * through the form, the GTIN's check digit judged as it is typed, a server problem shown at its link's
 * field, the live preview read by zbar, the codes checked through the public API and the resolver,
 * the GTIN fixed on the edit page, and both codes on a print sheet whose cells zbar reads.
 */
describe('dashboard: GS1 codes', () => {
  let dir: TempDir;
  let server: AppProcess;
  let browser: Browser;
  let page: Page;
  let base: string;
  let key: string;
  let folderId: string;
  const api = (path: string) => `${base}/api/public/v1${path}`;
  const link = (n: number) => page.getByRole('group', { name: new RegExp(`^Link ${n}\\b`) });

  beforeAll(async () => {
    let signIn: string;
    ({ dir, server, base, key, link: signIn } = await startFirstRun('dash-gs1-e2e'));
    folderId = (await call<{ id: string }>(api('/folders'), { method: 'POST', key, json: { name: 'GS1 labels' } })).body.id;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true })).newPage();
    await acceptSignInLink(page, signIn, 'owner chooses a password');
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  /** The new-code form with type gs1 and the folder chosen. */
  const newGs1Code = async (name: string) => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByRole('heading', { name: 'New code', level: 1 }).waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('gs1');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'GS1 labels' });
  };
  const fillLink = async (n: number, l: { type: string; title: string; href: string; languages: string; media?: string }) => {
    await link(n).getByLabel('Link type').selectOption(l.type);
    await link(n).getByLabel('Title').fill(l.title);
    await link(n).getByLabel('Target URL').fill(l.href);
    await link(n).getByLabel('Languages').fill(l.languages);
    if (l.media) await link(n).getByLabel('Media type').fill(l.media);
  };
  /**
   * What zbar reads from the live preview as the page shows it (its SVG is a blob: URL the page's CSP
   * keeps from fetch), once it reads `expected` or after 15 s: the preview follows the form a moment later.
   */
  const livePreviewReads = async (expected: string) => {
    let read = '';
    await waitUntil(
      async () => {
        await page.getByTestId('scan-badge').waitFor();
        const drawn = await page
          .getByTestId('live-preview')
          .evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0);
        const shot = drawn ? await page.getByTestId('live-preview').screenshot() : null;
        try {
          read = shot ? decodeImage(shot, 'png') : '';
        } catch {
          read = ''; // zbar found no code (an image still loading)
        }
        return read === expected;
      },
      'the live preview',
      15_000,
      300,
    ).catch(() => undefined);
    return read;
  };
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()]);
    const path = join(dir.path, file.suggestedFilename());
    await file.saveAs(path);
    return readFileSync(path);
  };

  it('creates a product code: live check-digit feedback, two links in two languages, a link’s problem at its field, a preview that decodes', async () => {
    await newGs1Code('Risotto rice');
    const gtin = page.getByLabel('GTIN', { exact: true });
    const feedback = page.getByTestId('gtin-feedback');
    await gtin.pressSequentially('9506000');
    await expect(feedback.textContent()).resolves.toBe('7 digits: a GTIN has 8, 12, 13 or 14.');
    await gtin.pressSequentially('134353');
    await expect(feedback.textContent()).resolves.toBe('Wrong check digit. The check digit should be 2: 9506000134352.');
    expect(await page.locator('.field--invalid').filter({ has: gtin }).count()).toBe(1);
    await gtin.press('Backspace');
    await gtin.pressSequentially('2');
    await expect(feedback.textContent()).resolves.toBe('Check digit correct: a GTIN-13 (EAN), printed as 09506000134352.');
    expect(await page.locator('.field--invalid').filter({ has: gtin }).count()).toBe(0);

    // No logo for a GS1 code: the design panel says why instead of offering one.
    await expect(page.getByTestId('no-logo').textContent()).resolves.toMatch(/No logo on GS1 codes/);
    expect(await page.getByLabel('Upload a logo').count()).toBe(0);

    await fillLink(1, { type: 'gs1:pip', title: 'Risotto rice', href: 'https://brand.example/en/rice', languages: 'en', media: 'text/html' });
    await clickWhenSettled(page.getByRole('button', { name: 'Add a link' }));
    // The second link's target is not http(s): the server's answer (at /content/links/1/href) shows at that field.
    await fillLink(2, { type: 'gs1:pip', title: 'Riz à risotto', href: 'ftp://brand.example/fr/riz', languages: 'FR', media: 'text/html' });
    const secondHref = link(2).getByLabel('Target URL');
    await waitUntil(async () => (await secondHref.getAttribute('aria-invalid')) === 'true', 'the problem at link 2’s target URL');
    expect(await link(1).getByLabel('Target URL').getAttribute('aria-invalid')).toBeNull();
    await secondHref.fill('https://brand.example/fr/riz');
    await waitUntil(async () => (await secondHref.getAttribute('aria-invalid')) === null, 'the problem gone');
    expect(await link(1).getByLabel('Default link').isChecked()).toBe(true);
    expect(await link(2).getByLabel('Default link').isChecked()).toBe(false);

    expect(await livePreviewReads(`${base}/01/${GTIN14}`)).toBe(`${base}/01/${GTIN14}`);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'gs1-editor');

    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByRole('heading', { name: 'Risotto rice', level: 1 }).waitFor();
    await expect(page.getByTestId('short-url').textContent()).resolves.toBe(`${base}/01/${GTIN14}`);
    await page.getByTestId('gs1-links').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const id = /\/app\/codes\/([^/?]+)/.exec(page.url())![1];
    const code = (await call<Gs1Code>(api(`/qrcodes/${id}`), { key })).body;
    expect(code.folder_id).toBe(folderId);
    expect(code.content).toEqual({
      gtin: GTIN14,
      links: [
        { link_type: 'gs1:pip', href: 'https://brand.example/en/rice', title: 'Risotto rice', hreflang: ['en'], type: 'text/html', default: true },
        { link_type: 'gs1:pip', href: 'https://brand.example/fr/riz', title: 'Riz à risotto', hreflang: ['fr'], type: 'text/html' },
      ],
    });
    expect(decodeImage(await download('PNG'), 'png')).toBe(code.short_url);
    const fr = await rawRequest(`${base}/01/${GTIN14}`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect([fr.status, fr.headers.location]).toEqual([307, 'https://brand.example/fr/riz']);
  });

  it('creates a lot code with an expiry date; the product level is taken; on edit the GTIN and lot are fixed and the links change', async () => {
    await newGs1Code('Rice lot ABC123');
    await page.getByLabel('GTIN', { exact: true }).fill(GTIN14);
    await fillLink(1, { type: 'gs1:recallStatus', title: 'Recall status', href: 'https://brand.example/en/lots/ABC123', languages: 'en' });
    // The product level of this GTIN is the first test's code: the preview's answer says so at the GTIN and qualifiers.
    await page.getByText('a gs1 code for this GTIN and qualifiers already exists on this host').waitFor();
    await page.getByLabel('Lot (10)').fill('ABC123');
    await clickWhenSettled(page.getByRole('button', { name: 'Add a data attribute' }));
    await page.getByRole('group', { name: 'Data attribute 1' }).getByLabel('Attribute').selectOption('17');
    await page.getByRole('group', { name: 'Data attribute 1' }).getByLabel('Value').fill('270101');
    await clickWhenSettled(page.getByRole('button', { name: 'Add a link' }));
    await fillLink(2, { type: 'gs1:recallStatus', title: 'Rappel', href: 'https://brand.example/fr/lots/ABC123', languages: 'fr' });
    const uri = `${base}/01/${GTIN14}/10/ABC123?17=270101`;
    expect(await livePreviewReads(uri)).toBe(uri);
    expect(await page.getByText('already exists on this host').count()).toBe(0);
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByRole('heading', { name: 'Rice lot ABC123', level: 1 }).waitFor();
    await expect(page.getByTestId('short-url').textContent()).resolves.toBe(uri);
    const id = /\/app\/codes\/([^/?]+)/.exec(page.url())![1];
    const created = (await call<Gs1Code>(api(`/qrcodes/${id}`), { key })).body;
    expect(created.content).toEqual({
      gtin: GTIN14,
      lot: 'ABC123',
      data: { '17': '270101' },
      links: [
        { link_type: 'gs1:recallStatus', href: 'https://brand.example/en/lots/ABC123', title: 'Recall status', hreflang: ['en'], default: true },
        { link_type: 'gs1:recallStatus', href: 'https://brand.example/fr/lots/ABC123', title: 'Rappel', hreflang: ['fr'] },
      ],
    });
    const fr = await rawRequest(uri, { headers: { 'accept-language': 'fr' } });
    expect([fr.status, fr.headers.location]).toEqual([307, 'https://brand.example/fr/lots/ABC123?17=270101']);

    await page.goto(`${base}/app/codes/${id}/edit`);
    await page.getByTestId('gs1-key').waitFor();
    await expect(page.getByTestId('gs1-key').innerText()).resolves.toMatch(new RegExp(`GTIN\\s+${GTIN14}\\s+Lot \\(10\\)\\s+ABC123`));
    expect(await page.getByLabel('GTIN', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // The edited code's own GTIN and lot are not "taken": the preview draws it.
    expect(await livePreviewReads(uri)).toBe(uri);
    // Only a code of the workspace is named so.
    const csrf = String((await (await page.request.get(`${base}/app/api/session`)).json()).csrf_token);
    const draft = { type: 'gs1', content: created.content };
    const preview = (codeId: string) => page.request.post(`${base}/app/api/previews?code_id=${codeId}`, { data: draft, headers: { 'x-csrf-token': csrf } });
    expect((await preview(id)).status()).toBe(200);
    expect((await preview('qr_doesnotexist0000000000')).status()).toBe(404);
    const unnamed = await page.request.post(`${base}/app/api/previews`, { data: draft, headers: { 'x-csrf-token': csrf } });
    expect([unnamed.status(), (await unnamed.json()).errors[0].code]).toEqual([422, 'taken']);
    await link(2).getByLabel('Default link').check();
    await link(1).getByLabel('Title').fill('Recall status of lot ABC123');
    await clickWhenSettled(page.getByRole('button', { name: 'Save changes' }));
    await page.waitForURL(`${base}/app/codes/${id}?saved=1`);
    const saved = (await call<Gs1Code>(api(`/qrcodes/${id}`), { key })).body;
    expect((saved.content.links as Array<{ title: string; default?: boolean }>).map((l) => [l.title, l.default ?? false])).toEqual([
      ['Recall status of lot ABC123', false],
      ['Rappel', true],
    ]);

    // What the code page shows of each kind of scan: the 307 above, a linkset answer (no destination)
    // and a scan of the short link, which goes to the default link and records its link type.
    expect((await rawRequest(`${uri}&linkType=linkset`)).status).toBe(200);
    expect((await rawRequest(`${base}/${saved.short_code}`)).headers.location).toBe('https://brand.example/fr/lots/ABC123');
    const totalScans = async () => (await call<{ total_scans: number }>(api(`/qrcodes/${id}/analytics`), { key })).body.total_scans;
    await waitUntil(async () => (await totalScans()) === 3, 'the three scans in analytics', 15_000);
    await page.goto(`${base}/app/codes/${id}`);
    await expect(page.getByTestId('total-scans').innerText()).resolves.toMatch(/^3\b/);
    const scansOf = (name: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .innerText();
    await expect(scansOf('none: answered with the linkset')).resolves.toMatch(/1\s*$/);
    await expect(scansOf('https://brand.example/fr/lots/ABC123')).resolves.toMatch(/1\s*$/);
    await expect(scansOf('gs1:recallStatus')).resolves.toMatch(/2\s*$/);
    await expect(scansOf('linkset')).resolves.toMatch(/1\s*$/);
  });

  it('prints both codes on a sheet from their folder; zbar reads each cell’s Digital Link URI', async () => {
    const listed = await call<{ data: Gs1Code[] }>(api(`/qrcodes?folder_id=${folderId}`), { key });
    const uris = listed.body.data.map((c) => c.short_url).sort();
    expect(uris).toEqual([`${base}/01/${GTIN14}`, `${base}/01/${GTIN14}/10/ABC123?17=270101`]);
    await page.goto(`${base}/app/print`);
    await page.getByLabel('Every code of a folder').check();
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'GS1 labels' });
    await page.getByLabel('Sheet', { exact: true }).selectOption('a4-3x7');
    await page.getByLabel('Text under each code').selectOption('short_link');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Create PDF' }).click()]);
    const pdfPath = join(dir.path, 'gs1-sheet.pdf');
    await file.saveAs(pdfPath);
    await page.getByText('2 codes on 1 page').waitFor();
    const cells = cellsOf(presetById('a4-3x7')!);
    const decoded = [0, 1].map((i) => decodePdfRegion(pdfPath, 1, cells[i], PAGE_SIZES.A4.height));
    expect(decoded.sort()).toEqual(uris);
  });
});
