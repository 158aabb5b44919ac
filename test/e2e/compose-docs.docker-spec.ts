import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir, freePort, type TempDir } from '@qr/testing';
import { docBlocks, REPO, Terminal } from './support-doc-blocks';
import { docker, DEPLOYABLES, requireDocker, requireImages } from './support-docker';

/**
 * docs/operations.md, "Run with Docker Compose", every command as written but for the two published
 * ports (free ones instead of 3000 and 3002, through GATEWAY_PORT and REDIRECT_PORT), in a Compose
 * project of its own; after the last step (`down`) its volumes are still there, and are then removed.
 */
describe('running with Docker Compose, as docs/operations.md says', () => {
  const project = `qr-compose-docs-${randomBytes(4).toString('hex')}`;
  let dir: TempDir;
  let terminal: Terminal | undefined;
  let env: NodeJS.ProcessEnv;

  afterAll(() => {
    terminal?.kill();
    if (env) execFileSync('docker', ['compose', 'down', '--volumes', '--timeout', '5'], { cwd: REPO, env, stdio: 'ignore' });
    dir?.remove();
  });

  it('starts the stack, makes a key, creates and scans a code, and stops keeping the data', async () => {
    requireDocker();
    requireImages([...DEPLOYABLES, 'admin-cli']);
    const blocks = docBlocks(readFileSync(join(REPO, 'docs/operations.md'), 'utf8'), 'compose');
    expect(blocks.map((b) => b.step)).toEqual(['up', 'key', 'scan', 'down']);
    const [gatewayPort, redirectPort] = [await freePort(), await freePort()];
    const code = (step: string) => blocks.find((b) => b.step === step)!.code.replaceAll('localhost:3000', `localhost:${gatewayPort}`);
    env = { ...process.env, COMPOSE_PROJECT_NAME: project, GATEWAY_PORT: String(gatewayPort), REDIRECT_PORT: String(redirectPort) };
    dir = createTempDir('compose-doc');
    terminal = new Terminal(dir.path, env);

    const started = Date.now();
    await terminal.run('up', code('up'), 10 * 60_000);
    console.log(`docker compose up -d --wait: ${Math.round((Date.now() - started) / 1000)} s`);
    await terminal.run('key', code('key'), 5 * 60_000);
    expect((await terminal.run('scan', code('scan'))).trim().split('\n').pop()).toBe('302 -> https://example.com/');
    await terminal.run('down', code('down'), 5 * 60_000);
    expect(docker(['ps', '-a', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.Names}}']).trim()).toBe('');
    const volumes = docker(['volume', 'ls', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.Name}}'])
      .trim()
      .split('\n')
      .sort();
    expect(volumes).toEqual([`${project}_kafka-data`, `${project}_postgres-data`]);
  });
});
