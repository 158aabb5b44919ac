import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';

export interface SuitePageServer {
  /** `http://127.0.0.1:{port}`: the page, the suite's files and tester.php, all on one origin. */
  origin: string;
  close(): Promise<void>;
}

const SUITE_SCRIPT = 'GS1DigitalLinkResolverTestSuite.js';
// The only edits allowed to the suite: the constants at its top that name remote URLs, replaced
// while serving. The copy on disk stays as GS1 published it.
const TESTER_URL = "const testUri = 'https://philarcher.org/gs1/tester.php';";
const LINKSET_SCHEMA_URL = "const gs1LinksetSchema = 'https://gs1.github.io/linkset/gs1-linkset-schema.json';";

// The page the suite needs around it: ajv as window.ajv7, the toolkit, then the suite as classic
// scripts (it assigns undeclared globals, which a module would refuse), an element for its results
// and the spinner it hides when done.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GS1 resolver conformance</title>
<link rel="stylesheet" href="GS1DigitalLinkResolverTestSuiteStyles.css">
<script src="ajv7.bundle.js"></script>
<script src="GS1DigitalLinkToolkit.js"></script>
<script src="${SUITE_SCRIPT}"></script>
</head><body><div id="rotatingcircle"></div><div id="gs1ResolverTests"></div></body></html>`;

const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', json: 'application/json', html: 'text/html' };

/**
 * Serves GS1's suite from `suiteDir` with the page around it, and passes `/tester.php` on to PHP on
 * `phpPort`: tester.php sends no CORS headers, so it must share the page's origin. In the suite's
 * script the tester URL becomes this origin's `/tester.php` and the GS1 linkset schema this
 * origin's copy under `/linkset/`; each replacement must match exactly once, or the server refuses
 * to start (a changed suite must be looked at, not half-edited).
 */
export async function startSuitePageServer(suiteDir: string, phpPort: number): Promise<SuitePageServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const script = substitute(readFileSync(join(suiteDir, SUITE_SCRIPT), 'utf8'), [
    [TESTER_URL, `const testUri = '${origin}/tester.php';`],
    [LINKSET_SCHEMA_URL, `const gs1LinksetSchema = '${origin}/linkset/gs1-linkset-schema.json';`],
  ]);
  const files = new Map<string, string | Buffer>([
    ['/', PAGE],
    [`/${SUITE_SCRIPT}`, script],
    ['/ajv7.bundle.js', readFileSync(require.resolve('ajv-dist/dist/ajv7.bundle.js'))],
    ['/GS1DigitalLinkToolkit.js', readFileSync(join(suiteDir, 'GS1DigitalLinkToolkit.js'))],
    ['/GS1DigitalLinkResolverTestSuiteStyles.css', readFileSync(join(suiteDir, 'GS1DigitalLinkResolverTestSuiteStyles.css'))],
    ['/linkset/gs1-linkset-schema.json', readFileSync(join(suiteDir, 'linkset/gs1-linkset-schema.json'))],
    ['/linkset/linkset-schema.json', readFileSync(join(suiteDir, 'linkset/linkset-schema.json'))],
  ]);
  server.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/tester.php') {
      const upstream = httpRequest({ host: '127.0.0.1', port: phpPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const body = files.get(path);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[path === '/' ? 'html' : path.split('.').pop()!] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    res.end(body);
  });
  return {
    origin,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function substitute(text: string, replacements: Array<[from: string, to: string]>): string {
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`the GS1 suite script has ${count} copies of ${JSON.stringify(from)}, expected 1: has the suite changed?`);
    text = text.replace(from, () => to);
  }
  return text;
}
