import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir, type TempDir } from '@qr/testing';
import { docBlocks, REPO, Terminal } from './support-doc-blocks';
import { docker, IMAGES, imageOf, requireDocker } from './support-docker';

/**
 * docs/operations.md, "Build the images without access to Docker Hub", every command as written: the
 * base images (stand-ins where a pull fails, as on these machines), then one image per deployable. The
 * docker tier's other files use the images this one builds.
 */
describe('building the images without access to Docker Hub, as docs/operations.md says', () => {
  let dir: TempDir;
  let terminal: Terminal | undefined;

  afterAll(() => {
    terminal?.kill();
    dir?.remove();
  });

  it('makes the base images, then builds every image from the one Dockerfile', async () => {
    requireDocker();
    const blocks = docBlocks(readFileSync(join(REPO, 'docs/operations.md'), 'utf8'), 'images');
    expect(blocks.map((b) => b.step)).toEqual(['base', 'build']);
    dir = createTempDir('images-doc');
    terminal = new Terminal(dir.path, process.env);

    const base = await terminal.run('base', blocks[0].code, 15 * 60_000);
    for (const name of ['node:20-bookworm-slim', 'postgres:16', 'redis:7', 'apache/kafka:4.4.0'])
      expect(base).toMatch(new RegExp(`^${name.replace(/[.:/]/g, '\\$&')}: (present|pulled|stand-in (built|present))`, 'm'));

    const started = Date.now();
    await terminal.run('build', blocks[1].code, 30 * 60_000);
    console.log(`docs/operations.md's image builds took ${Math.round((Date.now() - started) / 1000)} s`);
    for (const app of IMAGES) {
      const [env, user] = docker(['image', 'inspect', '--format', '{{json .Config.Env}} {{.Config.User}}', imageOf(app)])
        .trim()
        .split(' ');
      expect(JSON.parse(env)).toContain(`APP=${app}`);
      expect(user).toBe('node');
    }
  });
});
