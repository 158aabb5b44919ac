import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { cellsOf, PAGE_SIZES, presetById } from '@qr/print-sheet';
import {
  acceptSignInLink,
  type AppProcess,
  axeViolations,
  clickWhenSettled,
  createTempDir,
  decodeImage,
  decodePdf,
  decodePdfRegion,
  freePort,
  launchChromium,
  saveScreenshot,
  startApp,
  type TempDir,
  waitUntil,
} from '@qr/testing';

const STAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><script>alert(1)</script><circle cx="50" cy="50" r="48" fill="#c2185b"/>' +
  '<polygon points="50,12 61,40 91,40 67,58 76,88 50,70 24,88 33,58 9,40 39,40" fill="#fff"/></svg>';

/** The part of the page's <canvas> the crop test reads (this tsconfig has no DOM types). */
interface PreviewCanvas {
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: Iterable<number> } };
}

/**
 * Branded codes from the dashboard, in Chromium: the design panel with its contrast readout and the
 * server's scannability verdict over the live preview; the downloads of a designed code read back by
 * zbar; a low-contrast design refused with the reason next to the colour; thumbnails in the list.
 */
describe('designs in the dashboard', () => {
  let dir: TempDir;
  let server: AppProcess;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    dir = createTempDir('dash-designs');
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startApp('all-in-one', { DATA_DIR: dir.path, PORT: String(port), PUBLIC_BASE_URL: base });
    await waitUntil(() => /dashboard: (\S+)/.exec(server.output()), 'the first-run sign-in link');
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    page = await context.newPage();
    await acceptSignInLink(page, /dashboard: (\S+)/.exec(server.output())![1], 'owner chooses a password');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()]);
    const path = join(dir.path, file.suggestedFilename());
    await file.saveAs(path);
    return readFileSync(path);
  };

  it('creates a code with rounded modules, own eye colour, a logo and a framed call to action; its PNG and PDF decode in zbar', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByRole('heading', { name: 'New code', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('Spring menu');
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    await page.getByLabel('Foreground, as #rrggbb').fill('#1a237e');
    await page.getByLabel('Module shape').selectOption('rounded');
    await page.getByLabel('Eye frame').selectOption('rounded');
    await page.getByLabel('Eye centre').selectOption('circle');
    await page.getByLabel('Eyes in a colour of their own').check();
    await page.getByLabel('Eye colour, as #rrggbb').fill('#c2185b');
    // A logo uploaded from the panel (an SVG with a script: the server keeps a PNG it drew).
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'star.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(STAR_SVG) });
    await page.getByTestId('logo-cropper').waitFor();
    expect(await page.getByRole('radio', { name: 'The whole picture, fitted' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByTestId('logo-preview').waitFor();
    expect(await page.getByTestId('logo-cropper').count()).toBe(0);
    await waitUntil(
      async () => page.getByTestId('logo-preview').evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0),
      'the logo drawn',
    );
    await page.getByLabel('Logo size (% of the code)').fill('25');
    await page.getByLabel('Frame with a call to action').check();
    await page.getByLabel('Frame text', { exact: true }).fill('Scan for the menu');
    await page.getByLabel('Frame colour, as #rrggbb').fill('#1a237e');
    await expect(page.getByTestId('contrast').first().textContent()).resolves.toMatch(/Contrast 1[0-9]\.\d:1 with the background \(enough/);
    await page.getByTestId('scan-badge').getByText('Scans: read back by two decoders').waitFor();
    await page.getByTestId('live-preview').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'design-panel');

    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByRole('heading', { name: 'Spring menu', level: 1 }).waitFor();
    const shortUrl = (await page.getByTestId('short-url').textContent())!.trim();
    const preview = await (await page.request.get((await page.getByTestId('code-preview').getAttribute('src'))!.replace(/^\//, `${base}/`))).text();
    expect(preview).toContain('data:image/png;base64,');
    expect(preview).not.toMatch(/<script|alert/);
    expect(decodeImage(await download('PNG'), 'png')).toBe(shortUrl);
    expect(decodePdf(await download('PDF (vector)'))).toBe(shortUrl);
  });

  it('crops a wide picture to a square before uploading it, with a preview of the logo’s box', async () => {
    // Three bands, red, green and blue: the square cut at the far left is all red.
    const bands = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 100, height: 100, channels: 3, background: '#00ff00' } }, left: 100, top: 0 },
        { input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }, left: 200, top: 0 },
      ])
      .png()
      .toBuffer();
    await page.goto(`${base}/app/codes/new`);
    // A second choice replaces the first in the cropper, starting again from the whole picture.
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'star.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(STAR_SVG) });
    await page.getByRole('radio', { name: 'A square cut from it' }).check();
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'bands.png', mimeType: 'image/png', buffer: bands });
    await page.getByRole('heading', { name: '“bands.png” as a logo' }).waitFor();
    expect(await page.getByRole('radio', { name: 'The whole picture, fitted' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'A square cut from it' }).check();
    await page.getByLabel(/^Left to right/).fill('0');
    const centre = async () =>
      page.getByTestId('logo-crop-preview').evaluate((canvas: PreviewCanvas) => [...canvas.getContext('2d').getImageData(80, 80, 1, 1).data]);
    await waitUntil(async () => (await centre()).join() === '255,0,0,255', 'the preview shows the left square');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'logo-crop');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByTestId('logo-preview').waitFor();
    const id = await page.getByLabel('Logo', { exact: true }).inputValue();
    const logo = (await (await page.request.get(`${base}/api/public/v1/logos/${id}`)).json()) as { name: string; width: number; height: number };
    expect(logo).toMatchObject({ name: 'bands', width: 100, height: 100 });
    const stored = await sharp(await (await page.request.get(`${base}/api/public/v1/logos/${id}/image`)).body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...stored.data.subarray((y * stored.info.width + x) * stored.info.channels, (y * stored.info.width + x) * stored.info.channels + 3),
    ];
    expect([at(5, 5), at(50, 50), at(95, 95)]).toEqual([
      [255, 0, 0],
      [255, 0, 0],
      [255, 0, 0],
    ]);
  });

  it('refuses a low-contrast design with the reason next to the colour field, and creates nothing', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name').fill('Too pale');
    await page.getByLabel('Destination URL').fill('https://example.com/pale');
    await page.getByLabel('Foreground, as #rrggbb').fill('#bbbbbb');
    const field = page.locator('.field', { has: page.getByLabel('Foreground, as #rrggbb') });
    await field.getByText(/contrast ratio of 1\.\d+:1; at least 4:1 is needed/).waitFor();
    await expect(field.getByTestId('contrast').textContent()).resolves.toMatch(/too low/);
    await page
      .getByTestId('scan-badge')
      .getByText(/Will not scan/)
      .waitFor();
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await field.getByText(/contrast ratio of 1\.\d+:1/).waitFor();
    expect(page.url()).toBe(`${base}/app/codes/new`);
    await page.goto(`${base}/app/codes`);
    await page.getByRole('link', { name: 'Spring menu' }).waitFor();
    expect(await page.getByRole('link', { name: 'Too pale' }).count()).toBe(0);
  });

  it('shows each code’s thumbnail, design included, in the Codes list; an edit shows in the next thumbnail', async () => {
    await page.goto(`${base}/app/codes`);
    const thumb = page.locator('img.code-thumb').first();
    await waitUntil(
      async () => thumb.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0),
      'the thumbnail drawn',
    );
    const src = await thumb.getAttribute('src');
    const svg = await (await page.request.get(`${base}${src}`)).text();
    expect(svg).toContain('#c2185b');
    await saveScreenshot(page, 'codes-thumbnails');

    await page.getByRole('link', { name: 'Spring menu' }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Frame colour, as #rrggbb').fill('#b71c1c');
    await page.getByTestId('scan-badge').getByText('Scans:').waitFor();
    await clickWhenSettled(page.getByRole('button', { name: 'Save changes' }));
    // The edit page has the same heading: the code's page after a save is the one with ?saved=1.
    await page.waitForURL(/\/app\/codes\/qr_[^/?]+\?saved=1$/);
    await page.getByRole('heading', { name: 'Spring menu', level: 1 }).waitFor();
    expect(await (await page.request.get(`${base}${src}`)).text()).toContain('#b71c1c');
  });

  it('prints designed codes with their logo on a sheet: every cell decodes, and the PDF holds the logo once', async () => {
    const csrf = ((await (await page.request.get(`${base}/app/api/session`)).json()) as { csrf_token: string }).csrf_token;
    const headers = { 'x-csrf-token': csrf, 'content-type': 'application/json' };
    const logos = (await (await page.request.get(`${base}/api/public/v1/logos`)).json()) as { data: Array<{ id: string }> };
    const design = { modules: 'dots', eyes: { outer: 'rounded', inner: 'rounded' }, logo: { id: logos.data[0].id, size: 0.25 }, frame: { text: 'Scan me' } };
    const items = Array.from({ length: 24 }, (_, i) => ({
      type: 'website',
      name: `Shelf ${i + 1}`,
      content: { url: `https://example.com/shelf/${i + 1}` },
      design,
    }));
    const bulk = await page.request.post(`${base}/api/public/v1/qrcodes/bulk`, { headers, data: { items } });
    expect(bulk.status()).toBe(200);
    const created = ((await bulk.json()) as { data: Array<{ qr_code: { id: string; short_url: string; error_correction: string } }> }).data.map(
      (d) => d.qr_code,
    );
    expect(new Set(created.map((c) => c.error_correction))).toEqual(new Set(['H']));
    const sheet = await page.request.post(`${base}/app/api/print-sheets`, {
      headers,
      data: { code_ids: created.map((c) => c.id), preset: 'a4-3x7', label: 'name' },
    });
    expect(sheet.status()).toBe(200);
    const pdfPath = join(dir.path, 'designed-sheet.pdf');
    writeFileSync(pdfPath, await sheet.body());
    // pdfimages lists every use of a picture: 24 codes show the logo, and all 24 use one object in the file.
    const images = execFileSync('pdfimages', ['-list', pdfPath])
      .toString()
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/));
    expect(images.filter((cols) => cols[2] === 'image')).toHaveLength(24);
    expect(new Set(images.map((cols) => `${cols[10]} ${cols[11]}`)).size).toBe(1);
    const cells = cellsOf(presetById('a4-3x7')!);
    const decoded = created.map((_, i) => decodePdfRegion(pdfPath, Math.floor(i / cells.length) + 1, cells[i % cells.length], PAGE_SIZES.A4.height));
    expect(decoded.sort()).toEqual(created.map((c) => c.short_url).sort());
  });

  it('saves a design as a brand preset, a second code follows it, the presets page lists it, and a change made on its page reaches both codes', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name').fill('Preset source');
    await page.getByLabel('Destination URL').fill('https://example.com/preset-1');
    await page.getByLabel('Module shape').selectOption('dots');
    await page.getByLabel('Foreground, as #rrggbb').fill('#1b5e20');
    await page.getByLabel('Save this design as a preset').fill('Spring green');
    await page.getByRole('button', { name: 'Save as preset' }).click();
    await waitUntil(async () => (await page.getByLabel('Brand preset').locator('option:checked').textContent()) === 'Spring green', 'the new preset chosen');
    await page.getByTestId('scan-badge').getByText('Scans:').waitFor();
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByRole('heading', { name: 'Preset source', level: 1 }).waitFor();

    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name').fill('Preset follower');
    await page.getByLabel('Destination URL').fill('https://example.com/preset-2');
    await page.getByLabel('Brand preset').selectOption({ label: 'Spring green' });
    expect(await page.getByLabel('Module shape').inputValue()).toBe('dots');
    expect(await page.getByLabel('Foreground, as #rrggbb').inputValue()).toBe('#1b5e20');
    await page.getByTestId('scan-badge').getByText('Scans:').waitFor();
    await clickWhenSettled(page.getByRole('button', { name: 'Create code' }));
    await page.getByRole('heading', { name: 'Preset follower', level: 1 }).waitFor();

    await page.goto(`${base}/app/presets`);
    await page.getByRole('heading', { name: 'Brand presets', level: 1 }).waitFor();
    const row = page.getByTestId('presets-table').getByRole('row', { name: /Spring green/ });
    await row.getByText('dots modules').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'brand-presets');

    const presets = (await (await page.request.get(`${base}/api/public/v1/design-presets`)).json()) as { data: Array<{ id: string; name: string }> };
    const spring = presets.data.find((p) => p.name === 'Spring green')!;
    const codes = (await (await page.request.get(`${base}/api/public/v1/qrcodes?q=Preset`)).json()) as {
      data: Array<{ name: string; preview_url: string; design_preset_id: string | null }>;
    };
    expect(codes.data.map((c) => [c.name, c.design_preset_id]).sort()).toEqual([
      ['Preset follower', spring.id],
      ['Preset source', spring.id],
    ]);
    // The preset is edited on its own page. A colour too pale to scan is refused at its field and saves nothing.
    await row.getByRole('link', { name: 'Edit Spring green' }).click();
    await page.getByRole('heading', { name: 'Edit preset Spring green', level: 1 }).waitFor();
    expect(await page.getByLabel('Module shape').inputValue()).toBe('dots');
    expect(await page.getByLabel('Brand preset').count()).toBe(0);
    const foreground = page.locator('.field', { has: page.getByLabel('Foreground, as #rrggbb') });
    await page.getByLabel('Foreground, as #rrggbb').fill('#c8e6c9');
    await foreground.getByText(/contrast ratio of 1\.\d+:1; at least 4:1 is needed/).waitFor();
    // The preview already shows the same problem: wait for the save's own answer, or it could land after the next fill.
    const refused = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/design-presets/${spring.id}`));
    await page.getByRole('button', { name: 'Save preset' }).click();
    expect((await refused).status()).toBe(422);
    await foreground.getByText(/contrast ratio of 1\.\d+:1/).waitFor();
    const unchanged = (await (await page.request.get(`${base}/api/public/v1/design-presets/${spring.id}`)).json()) as { design: { foreground: string } };
    expect(unchanged.design.foreground).toBe('#1b5e20');
    // A good colour saves, and both codes that follow the preset show it in their next preview.
    await page.getByLabel('Foreground, as #rrggbb').fill('#0d47a1');
    await page.getByTestId('scan-badge').getByText('Scans:').waitFor();
    // The refused save's problem is gone once the colour changed.
    expect(await foreground.getByText(/contrast ratio of 1\.\d+:1/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'brand-preset-edit');
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText('Preset “Spring green” saved.').waitFor();
    for (const code of codes.data) expect(await (await page.request.get(code.preview_url.replace(/^https?:\/\/[^/]+/, base))).text()).toContain('#0d47a1');

    // The audit log keeps who uploaded the logo and made and changed the preset.
    const audit = (await (await page.request.get(`${base}/app/api/audit-log`)).json()) as {
      data: Array<{ action: string; target: { name: string | null }; actor: { kind: string; name?: string }; details: Record<string, unknown> | null }>;
    };
    const entry = (action: string) => audit.data.find((e) => e.action === action);
    expect(entry('design_preset.created')).toMatchObject({ target: { name: 'Spring green' }, actor: { kind: 'member', name: 'owner@localhost' } });
    expect(entry('design_preset.updated')).toMatchObject({ target: { name: 'Spring green' }, details: { fields: ['design'] } });
    expect(audit.data.filter((e) => e.action === 'logo.uploaded').map((e) => e.target.name)).toEqual(['bands', 'star']);

    // Codes follow it, so it cannot be deleted: the dialog says why.
    await page.reload();
    await row.getByRole('button', { name: 'Delete Spring green' }).click();
    await page.getByRole('button', { name: 'Delete preset' }).click();
    await page
      .getByRole('dialog')
      .getByText(/2 codes follow this preset/)
      .waitFor();
  });
});
