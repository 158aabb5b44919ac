import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser';
import { createTempDir } from '../temp-dir';
import { gs1SuiteDir } from './gs1-suite-dir';
import { startPhpTester } from './php-tester';
import { startSuitePageServer } from './suite-page-server';
import { startTlsFront } from './tls-front';

/** One test of GS1's suite as it ended: `id` is the suite's (`corsCheck`, `loForgs1pip0`…). */
export interface Gs1TestResult {
  id: string;
  status: 'pass' | 'fail' | 'warn';
  /** The conformance statement the test checks. */
  test: string;
  /** The suite's message about the result. */
  msg: string;
}

export interface Gs1ConformanceRun {
  /** The Digital Link URI the suite was given. */
  uri: string;
  results: Gs1TestResult[];
  ms: number;
  /** The page's console, for when a result needs explaining. */
  console: string[];
}

export interface Gs1Conformance {
  /** `https://127.0.0.1:{port}`, the resolver's origin as the suite sees it. */
  origin: string;
  /** Runs the whole suite on `origin + path` (`/01/09506000134352/10/ABC123`) in a fresh page. */
  run(path: string): Promise<Gs1ConformanceRun>;
  close(): Promise<void>;
}

/**
 * GS1's resolver conformance suite, ready to run against the resolver listening on plain HTTP at
 * 127.0.0.1:`resolverPort`: a TLS front for it, tester.php on PHP's built-in server, the suite's
 * page (GS1's files, the two allowed URL constants replaced while serving) and Chromium, which
 * reaches nothing but this machine (requests elsewhere are aborted, so the two tests that fetch
 * from ref.gs1.org fail or warn at once, as they would on any machine without it).
 *
 * Results are read from the suite's `resultsArray` global, not from the page: the multi-link tests
 * update their status without redrawing, so a passing test can still look red.
 */
export async function startGs1Conformance(resolverPort: number, suiteDir = gs1SuiteDir()): Promise<Gs1Conformance> {
  if (!suiteDir) throw new Error('GS1 resolver test suite not found: set GS1_SUITE_DIR, or lay it in shared/gs1-resolver-testsuite beside the repository');
  const logs = createTempDir('gs1-conformance');
  const stops: Array<() => Promise<void>> = [async () => logs.remove()];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const tls = await startTlsFront(resolverPort);
    stops.push(tls.close);
    const php = await startPhpTester(suiteDir, tls.caFile, logs.path);
    stops.push(php.stop);
    const page = await startSuitePageServer(suiteDir, php.port);
    stops.push(page.close);
    const browser: Browser = await launchChromium();
    stops.push(() => browser.close());
    return { origin: tls.origin, run: (path) => runSuite(browser, page.origin, tls.origin + path), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function runSuite(browser: Browser, pageOrigin: string, uri: string): Promise<Gs1ConformanceRun> {
  const started = Date.now();
  // The suite fetches the resolver over TLS from the page (tlsOK, rdFile); the page trusts the front.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('addressunreachable'),
    );
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    let inFlight = 0;
    let lastChange = Date.now();
    const track = (delta: number) => () => {
      inFlight += delta;
      lastChange = Date.now();
    };
    page.on('request', track(1));
    page.on('requestfinished', track(-1));
    page.on('requestfailed', track(-1));
    await page.goto(`${pageOrigin}/`);
    await page.evaluate(`testDL(${JSON.stringify(uri)})`);
    // TLSCheck and rdFileCheck are not awaited by testDL: wait until the page has been quiet a while.
    const deadline = Date.now() + 30_000;
    while (inFlight > 0 || Date.now() - lastChange < 300) {
      if (Date.now() > deadline) throw new Error(`the suite still had ${inFlight} requests open after 30 s on ${uri}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = (await page.evaluate('resultsArray.map((r) => ({ id: r.id, status: r.status, test: r.test, msg: r.msg }))')) as Gs1TestResult[];
    return { uri, results, ms: Date.now() - started, console: consoleLines };
  } finally {
    await context.close();
  }
}
