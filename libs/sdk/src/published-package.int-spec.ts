import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/*
 * The SDK as an integrator gets it: the built package (npm run build) installed under its name in a
 * project of its own, loaded from ESM and from CommonJS, type-checked as NodeNext code of both
 * kinds, and packed with only what it should ship. The README's TypeScript examples compile too.
 */
const SDK = resolve(__dirname, '..');
const REPO = resolve(SDK, '../..');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');

describe('the published package @qr-platform/sdk', () => {
  let project: string;

  const run = (args: string[], input?: string) => spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', input });
  const typecheck = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text);
    return spawnSync(
      process.execPath,
      [
        TSC,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--types',
        'node',
        '--typeRoots',
        join(REPO, 'node_modules/@types'),
        ...Object.keys(files),
      ],
      { cwd: project, encoding: 'utf8' },
    );
  };

  beforeAll(() => {
    for (const format of ['esm', 'cjs']) {
      if (!existsSync(join(SDK, 'dist', format, 'index.js'))) throw new Error(`libs/sdk/dist/${format} is missing: run \`npm run build\` first`);
    }
    project = mkdtempSync(join(tmpdir(), 'sdk-consumer-'));
    mkdirSync(join(project, 'node_modules/@qr-platform'), { recursive: true });
    symlinkSync(SDK, join(project, 'node_modules/@qr-platform/sdk'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('loads from CommonJS with require', () => {
    const out = run([
      '-e',
      "const s = require('@qr-platform/sdk'); console.log(JSON.stringify(['QrClient', 'QrApiError', 'QrConnectionError', 'isQrApiError', 'verifyWebhook', 'WebhookVerificationError', 'PageIterator'].map((n) => typeof s[n])), s.SDK_VERSION)",
    ]);
    expect(out.stderr).toBe('');
    expect(out.stdout.trim()).toBe(`${JSON.stringify(Array(7).fill('function'))} ${JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')).version}`);
  });

  it('loads from ESM with import, and verifies a webhook there (standardwebhooks loads from ESM too)', () => {
    const script = `
      import { createHmac } from 'node:crypto';
      import { QrClient, verifyWebhook } from '@qr-platform/sdk';
      const key = Buffer.from('0123456789abcdef0123456789abcdef');
      const body = JSON.stringify({ id: 'evt_1', type: 'qr.scanned', data: {} });
      const ts = Math.floor(Date.now() / 1000);
      const signature = 'v1,' + createHmac('sha256', key).update('evt_1.' + ts + '.' + body).digest('base64');
      const event = verifyWebhook(body, { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': signature }, 'whsec_' + key.toString('base64'));
      console.log(typeof QrClient, event.type);`;
    const out = run(['--input-type=module', '-'], script);
    expect(out.stderr).toBe('');
    expect(out.stdout.trim()).toBe('function qr.scanned');
  });

  it('type-checks as NodeNext ESM and CommonJS code, with the API’s types (and rejects wrong ones)', () => {
    const use = (imports: string) => `${imports}
      const qr = new QrClient({ apiKey: 'qrk_x', baseUrl: 'http://localhost:3000' });
      export async function demo(headers: Record<string, string>, body: string) {
        const code: QrCode = await qr.codes.create({ type: 'website', content: { url: 'https://example.com' }, client_ref: 'a' });
        const state: 'active' | 'paused' | 'scheduled' | 'expired' | 'outside_hours' | 'limit_reached' = code.state;
        for await (const c of qr.codes.list({ status: 'active', limit: 100 })) c.short_url?.toUpperCase();
        const report = await qr.codes.bulkCreate([{ type: 'text', category: 'static', content: { text: 'x' }, client_ref: 'b' }]);
        for (const item of report.items) if (item.status === 'failed') item.error.message; else item.qr_code.id;
        const event = verifyWebhook(body, headers, 'whsec_x');
        if (event.type === 'qr.scanned') event.data.country?.toUpperCase();
        if (event.type === 'lead.created') Object.values(event.data.fields).join();
        try { await qr.apiKeys.list(); } catch (e) { if (e instanceof QrApiError) e.errors.map((f) => f.pointer); }
        return state;
      }`;
    const good = typecheck({
      'good.mts': use("import { QrClient, QrApiError, verifyWebhook, type QrCode } from '@qr-platform/sdk';"),
      'good.cts': use("import { QrClient, QrApiError, verifyWebhook, type QrCode } from '@qr-platform/sdk';"),
    });
    expect(good.stdout + good.stderr).toBe('');
    expect(good.status).toBe(0);

    const bad = typecheck({
      'bad.mts': `import { QrClient } from '@qr-platform/sdk';
        const qr = new QrClient({ apiKey: 'k' });
        await qr.codes.create({ type: 'hologram', content: { url: 'x' } });
        const n: number = (await qr.codes.get('qr_1')).short_url;`,
    });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/bad\.mts\(3,.*"hologram"/);
    expect(bad.stdout).toMatch(/bad\.mts\(4,.*not assignable to type 'number'/);
  });

  it('compiles every TypeScript example of its README, as written', () => {
    const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
    const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    // Each example is a module of its own (they import what they use), with top-level await.
    const checked = typecheck(Object.fromEntries(examples.map((code, i) => [`readme-${i + 1}.mts`, code])));
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('packs the ESM and CJS builds with their types and the README, and no sources or tests', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: SDK, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    ) as Array<{ name: string; files: Array<{ path: string }> }>;
    const files = packed.files.map((f) => f.path);
    expect(packed.name).toBe('@qr-platform/sdk');
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/esm/index.js',
        'dist/esm/index.d.ts',
        'dist/esm/package.json',
        'dist/cjs/index.js',
        'dist/cjs/index.d.ts',
        'dist/cjs/package.json',
        'dist/esm/generated/api-types.d.ts',
      ]),
    );
    expect(files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f))).toEqual([]);
    expect(files.filter((f) => /spec/.test(f))).toEqual([]);
  });
});
