import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTempDir, type TempDir, waitUntil } from '@qr/testing';

const REPO = join(__dirname, '../..');
const STEPS = ['server', 'key', 'create', 'scan', 'analytics', 'webhook'] as const;
type Step = (typeof STEPS)[number];

/** The README's quickstart blocks: fenced ```sh quickstart:<step>, in the order they appear. */
function quickstartBlocks(markdown: string): Array<{ step: string; code: string }> {
  return [...markdown.matchAll(/^```sh quickstart:([a-z]+)\n([\s\S]*?)^```$/gm)].map((m) => ({ step: m[1], code: m[2] }));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A second terminal: one bash process that keeps its variables and jobs from step to step. Each
 * step is sourced from a file (stdin stays free: a command that reads it gets end-of-file, not the
 * next step), then a marker is echoed; `set -euo pipefail` makes any failing command end the shell.
 */
class Terminal {
  private readonly shell: ChildProcess;
  private output = '';
  private exit: string | null = null;
  private count = 0;

  constructor(
    private readonly dir: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.shell = spawn('bash', ['--noprofile', '--norc'], { cwd: REPO, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.shell.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.shell.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.shell.on('exit', (code, signal) => (this.exit = String(code ?? signal)));
    this.shell.stdin!.write('set -euo pipefail\n');
  }

  async run(step: string, code: string): Promise<string> {
    const n = ++this.count;
    const file = join(this.dir, `step-${n}-${step}.sh`);
    writeFileSync(file, code);
    const marker = `@@ quickstart step ${n} done @@`;
    const start = this.output.length;
    this.shell.stdin!.write(`source '${file}' < /dev/null\necho '${marker}'\n`);
    await waitUntil(() => this.output.includes(marker, start) || this.exit !== null, `the README step "${step}" to finish`, 90_000);
    if (!this.output.includes(marker, start)) throw new Error(`the README step "${step}" failed (bash exited ${this.exit}):\n${this.output.slice(start)}`);
    return this.output.slice(start, this.output.indexOf(marker, start));
  }

  kill(): void {
    if (this.exit === null) process.kill(-this.shell.pid!, 'SIGKILL');
  }
}

/**
 * Runs the README's quickstart exactly as written — start, key, create, scan, analytics, a verified
 * webhook — on a fresh data directory. The only changes are the ports: the server's `localhost:3000`
 * and the receiver's `127.0.0.1:4000` become free ports, so the test runs beside anything else.
 */
describe('the README quickstart', () => {
  let dir: TempDir;
  let server: ChildProcess | undefined;
  let terminal: Terminal | undefined;
  let serverOutput = '';

  afterAll(async () => {
    terminal?.kill();
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
    dir?.remove();
  });

  it('goes from start to a verified webhook, every command as written in README.md', async () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const blocks = quickstartBlocks(readme);
    expect(blocks.map((b) => b.step)).toEqual([...STEPS]);
    expect(readme).toContain('localhost:3000');
    expect(readme).toContain('127.0.0.1:4000');
    const [port, receiverPort] = [await freePort(), await freePort()];
    const local = (code: string) => code.replaceAll('localhost:3000', `localhost:${port}`).replaceAll('127.0.0.1:4000', `127.0.0.1:${receiverPort}`);
    const code = (step: Step) => local(blocks.find((b) => b.step === step)!.code);

    dir = createTempDir('quickstart');
    // The all-in-one as a user starts it: the test run's broker is not in its environment.
    const env = { ...process.env, KAFKA_BROKERS: undefined, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir.path, LOG_LEVEL: 'info' };
    server = spawn('bash', ['-c', code('server')], { cwd: REPO, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d: Buffer) => (serverOutput += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (serverOutput += d.toString()));
    await waitUntil(() => /"msg":"listening"/.test(serverOutput) || server!.exitCode !== null, 'npm start to listen', 90_000);
    expect(serverOutput).toMatch(/api key:\s+qrk_\w+/);

    terminal = new Terminal(dir.path, env);
    await terminal.run('key', code('key'));

    const created = JSON.parse((await terminal.run('create', code('create'))).trim().split('\n')[0]) as {
      id: string;
      object: string;
      client_ref: string;
      short_url: string;
    };
    expect(created).toMatchObject({ object: 'qr_code', client_ref: 'quickstart-1', short_url: expect.stringContaining(`http://localhost:${port}/`) });

    expect((await terminal.run('scan', code('scan'))).trim()).toBe('302 -> https://example.com/');

    // "Figures follow a scan within about a second": the step is run again until they have.
    const analytics = await waitUntil(
      async () => {
        const answer = JSON.parse(await terminal!.run('analytics', code('analytics'))) as { qr_id: string; total_scans: number; by_device: unknown[] };
        return answer.total_scans > 0 ? answer : null;
      },
      'the analytics to show the scan',
      30_000,
      250,
    );
    // What the README says of it: a mobile scan, on iOS, in Mobile Safari, in an unknown country.
    expect(analytics).toMatchObject({
      qr_id: created.id,
      total_scans: 1,
      by_os: [{ os: 'iOS', scans: 1 }],
      by_browser: [{ browser: 'Mobile Safari', scans: 1 }],
      by_country: [{ country: 'unknown', scans: 1 }],
    });
    expect(analytics!.by_device).toContainEqual({ device: 'mobile', scans: 1 });

    const webhook = await terminal.run('webhook', code('webhook'));
    expect(webhook).toMatch(/"object":"webhook_endpoint".*"secret":"whsec_/);
    const verified = /^verified qr\.scanned (evt_\w+) (\{.*\})$/m.exec(webhook);
    expect(verified).not.toBeNull();
    expect(JSON.parse(verified![2])).toMatchObject({ qr_id: created.id, client_ref: 'quickstart-1', device: 'mobile', os: 'iOS', is_bot: false });
    expect(webhook).not.toContain('rejected');
  });
});
