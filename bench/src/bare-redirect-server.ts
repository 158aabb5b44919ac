import { spawn } from 'node:child_process';

/**
 * The baselines' servers: node:http answering every request with a 302 and doing nothing else, written
 * the way ours is (one `writeHead` with the header list). `ours`: the same headers our redirect sends;
 * `plain`: only Location, Content-Length and Cache-Control (the distributed target's baseline).
 */
const HEADERS = {
  ours: ['Cache-Control', 'no-store', 'X-Robots-Tag', 'noindex', 'Location', 'https://example.com/landing', 'Content-Length', '0'],
  plain: ['Location', 'https://example.com/landing', 'Content-Length', '0', 'Cache-Control', 'no-store'],
};

const server = (headers: string[]) => `
const server = require('node:http').createServer((_req, res) => {
  res.writeHead(302, ${JSON.stringify(headers)});
  res.end();
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
// Ends with the bench: its stdin closes when the bench's process ends, however it ends.
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * The baseline in a process of its own. In the bench's process its figure depended on what the bench
 * had done before: the same server did 56k req/s in the distributed part against 75k in the
 * all-in-one part of one run, and 44k against 62k in another (the bench process by then holds the
 * cluster's output, its clients and their timers).
 */
export async function startBareRedirectServer(headers: keyof typeof HEADERS = 'ours'): Promise<{ url: string; close(): Promise<void> }> {
  const bare = await startBareServer(server(HEADERS[headers]));
  return { url: `${bare.url}/AbC12xY`, close: bare.close };
}

/**
 * Runs `script` (a node:http server that prints its port on one line and exits when stdin ends) in
 * a process of its own: every bench baseline server goes through here.
 */
export async function startBareServer(script: string): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the bare server exited (${code ?? signal}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
