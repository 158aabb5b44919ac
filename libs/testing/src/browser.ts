import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { waitUntil } from './wait-until';

/** Debian's chromium (CI installs it); CHROMIUM_PATH points elsewhere. Playwright's own download is never used. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A headless Chromium for the browser tests. The flags keep it off the network it would otherwise
 * reach for at start (component updates, sync, QUIC probes), which a closed CI machine refuses.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is not at ${CHROMIUM_PATH}: install Debian's chromium package (.ci/run does) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string }>;
}

/**
 * axe-core's serious and critical violations on the page as it is now. The script goes in through
 * the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  // A string, not a function: it runs in the page, whose types (window, document) this tsconfig has not.
  const violations = (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }));
  })()`)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Clicks once nothing on the page says it is busy (`aria-busy`, such as a live preview waiting for
 * its answer). Playwright checks its target at mousedown only: an answer that moves the layout
 * before mouseup sends the click to no button at all, and nothing says so.
 */
export async function clickWhenSettled(target: Locator): Promise<void> {
  await waitUntil(async () => (await target.page().locator('[aria-busy="true"]').count()) === 0, 'nothing on the page busy', 30_000, 50);
  await target.click();
}

/** Where the browser tests leave their screenshots of the main pages (README shows two of them). */
export const SCREENSHOT_DIR = join(__dirname, '../../../docs/screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Opens a one-time sign-in link (the first run's, or an invitation's), chooses the password there,
 * and waits for the Codes page it lands on.
 */
export async function acceptSignInLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByText('You are signing in to').waitFor();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password, again').fill(password);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await page.getByRole('heading', { name: 'Codes' }).waitFor();
}
