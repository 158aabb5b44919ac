import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { call, createTempDir, createTestPostgres, freePort, TEST_REDIS_URL, type TempDir, type TestPostgres, testKafkaBrokers, waitUntil } from '@qr/testing';
import { DEPLOYABLES, docker, type ImageApp, IMAGES, imageOf, requireDocker, requireImages, scanLoad, stateOf } from './support-docker';

/**
 * Each image the Dockerfile builds, run as deploy/ runs it: uid 1000 (the image's user), a read-only root
 * file system with /tmp writable, no capabilities, no privilege escalation. The five deployables share
 * the machine's PostgreSQL and Redis and the run's Kafka broker (host network, loopback only), migrated
 * first by the admin-cli image as the migrations Job does. Each answers /healthz and /readyz, and a
 * SIGTERM drains it and ends it with exit code 0 within 10 s; redirect-service and all-in-one get theirs
 * in the middle of a load of scans, and every scan answered 302 is counted afterwards.
 */
const RUN = `qr-images-${randomBytes(4).toString('hex')}`;
const DRAIN_LIMIT_MS = 10_000;

/** How deploy/base runs a container (securityContext, the /tmp emptyDir), on the host's network. */
const SECURITY = ['--read-only', '--tmpfs', '/tmp', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges', '--user', '1000:1000'];

function envArgs(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
}

async function waitReady(container: string, url: string): Promise<void> {
  await waitUntil(
    async () => {
      if (!stateOf(container).running) throw new Error(`${container} exited:\n${docker(['logs', '--tail', '40', container], { allowFailure: true })}`);
      return (await fetch(`${url}/readyz`).catch(() => null))?.status === 200;
    },
    `${container} to be ready`,
    120_000,
    250,
  );
}

/** SIGTERM, then how long until the container's process has exited, and its exit code. */
async function sigterm(container: string): Promise<{ ms: number; exitCode: number }> {
  const started = Date.now();
  docker(['kill', '--signal', 'TERM', container]);
  await waitUntil(() => !stateOf(container).running, `${container} to exit after SIGTERM`, 30_000, 50);
  return { ms: Date.now() - started, exitCode: stateOf(container).exitCode };
}

/**
 * Creates a code through `api`, scans it until 200 scans are acknowledged, stops `container` with SIGTERM
 * mid-load, and expects it to exit 0 within DRAIN_LIMIT_MS; after a restart, analytics must count every
 * acknowledged scan.
 */
async function expectDrainWithoutLoss(container: string, api: string, key: string, readyUrl: string): Promise<void> {
  const created = await call<{ id: string; short_url: string }>(`${api}/api/public/v1/qrcodes`, {
    method: 'POST',
    key,
    json: { type: 'website', content: { url: 'https://example.com' } },
  });
  expect(created.status).toBe(201);
  const load = scanLoad(created.body.short_url);
  const { ms, exitCode } = await waitUntil(() => load.acknowledged() >= 200, '200 acknowledged scans', 60_000)
    .then(() => sigterm(container))
    .finally(() => load.stop());
  expect(exitCode).toBe(0);
  expect(ms).toBeLessThan(DRAIN_LIMIT_MS);
  const acknowledged = load.acknowledged();
  docker(['start', container]);
  await waitReady(container, readyUrl);
  const total = await waitUntil(
    async () => {
      const a = await call<{ total_scans: number }>(`${api}/api/public/v1/qrcodes/${created.body.id}/analytics`, { key });
      return a.body.total_scans >= acknowledged ? a.body.total_scans : null;
    },
    `analytics to count the ${acknowledged} acknowledged scans`,
    90_000,
    500,
  );
  expect(total).toBeGreaterThanOrEqual(acknowledged);
}

/** The PEM certificates of a bundle, one string each. */
function certificates(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

describe('the images', () => {
  let pg: TestPostgres;
  let dir: TempDir;
  const containers: string[] = [];
  const volumes: string[] = [];
  const ports = {} as Record<ImageApp, number>;
  let env: Record<string, string>;
  let key: string;

  const start = (app: ImageApp, extra: string[] = [], more: Record<string, string> = {}) => {
    const name = `${RUN}-${app}`;
    docker(['run', '-d', '--name', name, '--network', 'host', ...SECURITY, ...envArgs({ ...env, ...more, PORT: String(ports[app]) }), ...extra, imageOf(app)]);
    containers.push(name);
    return name;
  };
  const url = (app: ImageApp) => `http://127.0.0.1:${ports[app]}`;
  const adminCli = (args: string[]) =>
    docker(['run', '--rm', '--network', 'host', ...SECURITY, ...envArgs(env), imageOf('admin-cli'), 'node', 'dist/apps/admin-cli/src/main.js', ...args]);

  beforeAll(async () => {
    requireDocker();
    requireImages();
    dir = createTempDir('images');
    pg = await createTestPostgres('images');
    for (const app of IMAGES) ports[app] = await freePort();
    // What deploy/base's ConfigMap and Secret give every deployable.
    env = {
      DATABASE_URL: pg.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `${RUN}:`,
      KAFKA_BROKERS: testKafkaBrokers(),
      KAFKA_PREFIX: `${RUN}.`,
      INTERNAL_TOKEN: randomBytes(16).toString('hex'),
      SECRETS_KEYS: randomBytes(32).toString('base64'),
      MIGRATE_ON_START: 'false',
      DATA_DIR: '/tmp/data',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_BASE_URL: url('api-gateway'),
      SHORT_BASE_URL: url('redirect-service'),
      QR_SERVICE_URL: url('qr-service'),
      REDIRECT_SERVICE_URL: url('redirect-service'),
      ANALYTICS_SERVICE_URL: url('analytics-service'),
      WEBHOOK_DISPATCHER_URL: url('webhook-dispatcher'),
    };
  });

  afterAll(async () => {
    if (containers.length) docker(['rm', '-f', '-v', ...containers], { allowFailure: true });
    if (volumes.length) docker(['volume', 'rm', ...volumes], { allowFailure: true });
    await pg?.drop();
    dir?.remove();
  });

  it("keeps npm's CA bundle out of every layer of every image", () => {
    // The certificates of npm's bundle that Node does not ship itself: what this machine's npm needs the
    // bundle for, and what must never be found in an image.
    const cafile = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).trim();
    const known = new Set(rootCertificates.map((c) => c.replace(/\s+/g, '')));
    const own = certificates(readFileSync(cafile, 'utf8')).filter((c) => !known.has(c.replace(/\s+/g, '')));
    expect(own.length).toBeGreaterThan(0);
    // Each certificate's second line of base64: 64 characters found nowhere else.
    const patterns = own.map((c) => c.split('\n')[2]);
    writeFileSync(join(dir.path, 'patterns'), `${patterns.join('\n')}\n`);

    const saved = join(dir.path, 'saved');
    execFileSync('mkdir', ['-p', join(saved, 'layers')]);
    docker(['save', '-o', join(dir.path, 'images.tar'), ...IMAGES.map(imageOf)]);
    execFileSync('tar', ['-xf', join(dir.path, 'images.tar'), '-C', saved]);
    const layers = readdirSync(saved, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('layer.tar'));
    expect(layers.length).toBeGreaterThan(3);
    for (const [i, layer] of layers.entries()) {
      execFileSync('mkdir', ['-p', join(saved, 'layers', String(i))]);
      execFileSync('tar', ['-xf', join(saved, layer), '-C', join(saved, 'layers', String(i)), '--no-same-owner', '--exclude=dev/*']);
    }
    // The search is live: a copy of one certificate among the files is found.
    writeFileSync(join(saved, 'layers', 'canary.pem'), own[0]);
    const found = execFileSync('grep', ['-rlF', '--binary-files=text', '-f', join(dir.path, 'patterns'), saved], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(found).toEqual([join(saved, 'layers', 'canary.pem')]);
  });

  it('migrates with the admin-cli image as the migrations Job does, as uid 1000 on a read-only root', () => {
    expect(adminCli(['migrate'])).toMatch(/^migrated: gateway, qr, redirect, analytics, webhooks, kafka topics$/m);
    const ws = JSON.parse(adminCli(['workspace', 'create', '--name', 'images', '--plan', 'agency', '--json'])) as { id: string };
    key = (JSON.parse(adminCli(['key', 'create', '--workspace', ws.id, '--name', 'k', '--json'])) as { secret: string }).secret;
    expect(key).toMatch(/^qrk_/);
  });

  it('starts each deployable as uid 1000 on a read-only root; /healthz and /readyz answer', async () => {
    for (const app of ['redirect-service', 'analytics-service', 'webhook-dispatcher', 'qr-service', 'api-gateway'] as const) {
      const name = start(app);
      await waitReady(name, url(app));
      expect((await fetch(`${url(app)}/healthz`)).status).toBe(200);
      expect(docker(['exec', name, 'id', '-u']).trim()).toBe('1000');
      expect(docker(['exec', name, 'sh', '-c', 'touch /app/probe 2>&1 || true'])).toContain('Read-only file system');
    }
  });

  it.each(DEPLOYABLES.filter((a) => a !== 'redirect-service'))('drains %s on SIGTERM within 10 s, exit code 0, and it starts again', async (app) => {
    const name = `${RUN}-${app}`;
    // Requests in flight while the signal arrives.
    let answered = 0;
    let stop = false;
    const loops = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const r = await fetch(`${url(app)}/healthz`).catch(() => null);
        if (r?.status === 200) answered += 1;
        else await new Promise((res) => setTimeout(res, 20));
      }
    });
    await waitUntil(() => answered > 20, `${app} to answer requests`, 20_000);
    const { ms, exitCode } = await sigterm(name);
    stop = true;
    await Promise.all(loops);
    expect(exitCode).toBe(0);
    expect(ms).toBeLessThan(DRAIN_LIMIT_MS);
    docker(['start', name]);
    await waitReady(name, url(app));
  });

  it('drains redirect-service on SIGTERM mid-load within 10 s, and every acknowledged scan is counted', async () => {
    const name = `${RUN}-redirect-service`;
    // Scans reach analytics through the outbox and Kafka; every one that was answered must arrive.
    await expectDrainWithoutLoss(name, url('api-gateway'), key, url('redirect-service'));
  });

  it('runs all-in-one with its data on a volume: SIGTERM mid-load drains within 10 s, no acknowledged scan lost', async () => {
    const volume = `${RUN}-data`;
    const name = start('all-in-one', ['-v', `${volume}:/app/data`], {
      DATA_DIR: '/app/data',
      DATABASE_URL: '',
      REDIS_URL: '',
      KAFKA_BROKERS: '',
      MIGRATE_ON_START: 'true',
      PUBLIC_BASE_URL: url('all-in-one'),
      SHORT_BASE_URL: url('all-in-one'),
    });
    volumes.push(volume);
    await waitReady(name, url('all-in-one'));
    expect(docker(['exec', name, 'id', '-u']).trim()).toBe('1000');
    const ownerKey = /api key:\s+(qrk_\w+)/.exec(docker(['logs', name]))?.[1];
    expect(ownerKey).toBeDefined();
    await expectDrainWithoutLoss(name, url('all-in-one'), ownerKey!, url('all-in-one'));
  });
});
