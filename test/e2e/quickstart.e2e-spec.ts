import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTempDir, type TempDir, waitUntil } from '@qr/testing';
import { docBlocks, REPO, Terminal } from './support-doc-blocks';

const STEPS = ['server', 'key', 'create', 'scan', 'analytics', 'webhook'] as const;
type Step = (typeof STEPS)[number];

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
    const blocks = docBlocks(readme, 'quickstart');
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
