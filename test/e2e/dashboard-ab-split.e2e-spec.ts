import { type Browser, type Page } from 'playwright-core';
import {
  acceptSignInLink,
  type AppProcess,
  axeViolations,
  call,
  clickWhenSettled,
  launchChromium,
  rawRequest,
  saveScreenshot,
  seededRandom,
  startFirstRun,
  type TempDir,
  waitUntil,
} from '@qr/testing';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const DESTINATIONS = [
  { target_url: 'https://example.com/spring-a', weight: 70 },
  { target_url: 'https://example.com/spring-b', weight: 30 },
  { target_url: 'https://example.com/de', country: 'DE' },
];
const VISITORS = 400;

type Code = { id: string; short_code: string; destinations: unknown[] };

/** The code page's A/B split in a real Chromium: target shares from the weights next to the shares of real scans. */
describe('dashboard: the A/B split of a code', () => {
  let dir: TempDir;
  let server: AppProcess;
  let browser: Browser;
  let page: Page;
  let base: string;
  let key: string;
  const api = (path: string) => `${base}/api/public/v1${path}`;

  beforeAll(async () => {
    let link: string;
    ({ dir, server, base, key, link } = await startFirstRun('dash-ab-e2e', { TRUST_PROXY: 'true' }));
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await acceptSignInLink(page, link, 'owner chooses a password');
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  it('shows each variant’s target share and share of scans, passes axe, and keeps the weights through an edit', async () => {
    const created = await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', name: 'Spring A/B', destinations: DESTINATIONS } });
    expect(created.status).toBe(201);
    const code = created.body;
    const random = seededRandom(7);
    const landed = new Map<string, number>();
    for (let i = 0; i < VISITORS; i += 50) {
      const batch = Array.from({ length: 50 }, (_, j) => {
        const ip = `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${(i + j) % 250}`;
        return rawRequest(`${base}/${code.short_code}`, { headers: { 'user-agent': DESKTOP, 'x-forwarded-for': ip } });
      });
      for (const res of await Promise.all(batch)) landed.set(String(res.headers.location), (landed.get(String(res.headers.location)) ?? 0) + 1);
    }
    const a = landed.get('https://example.com/spring-a') ?? 0;
    const b = landed.get('https://example.com/spring-b') ?? 0;
    expect(a + b).toBe(VISITORS);

    type Analytics = { total_scans: number };
    await waitUntil(
      async () => (await call<Analytics>(api(`/qrcodes/${code.id}/analytics`), { key })).body.total_scans === VISITORS,
      'the scans in analytics',
      30_000,
      200,
    );
    await page.goto(`${base}/app/codes/${code.id}`);
    const split = page.getByTestId('ab-split');
    await split.waitFor();
    const rows = await split.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as unknown as { innerText: string }).innerText.split('\t')));
    const pct = (n: number) => `${((n / VISITORS) * 100).toFixed(1)} %`;
    expect(rows).toEqual([
      ['https://example.com/spring-a', '70', '70.0 %', String(a), pct(a)],
      ['https://example.com/spring-b', '30', '30.0 %', String(b), pct(b)],
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await split.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'ab-split');

    await page.goto(`${base}/app/codes/${code.id}/edit`);
    await page.getByLabel('A/B weight of the default destination').waitFor();
    expect(await page.getByLabel('A/B weight of the default destination').inputValue()).toBe('70');
    await page.getByLabel('A/B weight of the default destination').fill('2.5');
    await clickWhenSettled(page.getByRole('button', { name: 'Save changes' }));
    await page.getByText('Must be a whole number.').waitFor();
    await page.getByLabel('A/B weight of the default destination').fill('60');
    await clickWhenSettled(page.getByRole('button', { name: 'Save changes' }));
    await page.waitForURL(`${base}/app/codes/${code.id}?saved=1`);
    const read = await call<Code>(api(`/qrcodes/${code.id}`), { key });
    expect(read.body.destinations).toEqual([{ ...DESTINATIONS[0], weight: 60 }, DESTINATIONS[1], DESTINATIONS[2]]);
  }, 180_000);
});
