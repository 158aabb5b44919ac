import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { DockerComposeEnvironment, type StartedDockerComposeEnvironment, Wait } from 'testcontainers';
import { parse } from 'yaml';
import { call, freePort, rawRequest, waitUntil } from '@qr/testing';
import { DEPLOYABLES, docker, PHONE, requireDocker, requireImages, scanLoad } from './support-docker';
import { REPO } from './support-doc-blocks';

/**
 * The whole docker-compose.yml (PostgreSQL, Redis, Kafka, the migrate run, the five deployables),
 * started with testcontainers' DockerComposeEnvironment and docker-compose.stand-ins.yml, which only
 * swaps in the stand-in images for PostgreSQL, Redis and Kafka; testcontainers waits on every
 * container's healthcheck. Then, through the published ports: the README quickstart's flow through the
 * gateway, a webhook verified with the Standard Webhooks library, a redirect-service killed under load,
 * a Kafka restart with a backlog, the migrate run, and `down` and `up` again keeping the volumes.
 */
const OVERRIDE = 'docker-compose.stand-ins.yml';
// No Ryuk reaper (its image would be pulled from Docker Hub): the suite takes its project down itself.
process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';

interface Code {
  id: string;
  short_url: string;
}

describe('docker-compose.yml, started with testcontainers', () => {
  const project = `qr-compose-${randomBytes(4).toString('hex')}`;
  let environment: StartedDockerComposeEnvironment | undefined;
  let env: Record<string, string>;
  let gateway: string;
  let key: string;
  let code: Code;
  let receiver: Server | undefined;
  const deliveries: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  const compose = (args: string[]) =>
    execFileSync('docker', ['compose', '-f', 'docker-compose.yml', '-f', OVERRIDE, ...args], { cwd: REPO, env: { ...process.env, ...env }, encoding: 'utf8' });
  const container = (service: string) => `${project}-${service}-1`;
  const analytics = async (id: string) =>
    (await call<{ total_scans: number; by_os: unknown[]; by_browser: unknown[] }>(`${gateway}/api/public/v1/qrcodes/${id}/analytics`, { key })).body;
  /** The rows of every service's migrations table: which migrations have been applied, once each. */
  const migrations = () =>
    compose([
      'exec',
      '-T',
      'postgres',
      'psql',
      '-U',
      'qr',
      '-d',
      'qr',
      '-At',
      '-c',
      "select string_agg(format('%s.%s', table_schema, table_name), ' ') from information_schema.tables where table_name = 'schema_migrations'",
    ])
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((table) => compose(['exec', '-T', 'postgres', 'psql', '-U', 'qr', '-d', 'qr', '-At', '-c', `select '${table}', id, name from ${table} order by id`]))
      .join('');

  const up = async () => {
    const started = Date.now();
    environment = await new DockerComposeEnvironment(REPO, ['docker-compose.yml', OVERRIDE])
      .withProjectName(project)
      .withEnvironment(env)
      .withAutoCleanup(false)
      .withDefaultWaitStrategy(Wait.forHealthCheck())
      .withStartupTimeout(240_000)
      .up();
    console.log(`compose up (${project}): ${Math.round((Date.now() - started) / 1000)} s to every healthcheck passing`);
  };

  beforeAll(async () => {
    requireDocker();
    requireImages([...DEPLOYABLES, 'admin-cli']);
    // The stand-ins under the override's names (built from the same recipes: mostly cached layers).
    const names = (parse(readFileSync(join(REPO, OVERRIDE), 'utf8')) as { services: Record<string, { image: string }> }).services;
    const made = execFileSync(
      'node',
      ['scripts/docker-base-images.js', `POSTGRES_IMAGE=${names.postgres.image}`, `REDIS_IMAGE=${names.redis.image}`, `KAFKA_IMAGE=${names.kafka.image}`],
      { cwd: REPO, encoding: 'utf8' },
    );
    for (const service of ['postgres', 'redis', 'kafka']) expect(made).toContain(`${names[service].image}: stand-in`);

    // Webhooks come back to this machine at docker0's address, which host.docker.internal names.
    const bridgeName = docker(['network', 'inspect', 'bridge', '--format', '{{index .Options "com.docker.network.bridge.name"}}']).trim();
    // (`ip`, not os.networkInterfaces(): the bridge has no carrier while no container is attached to it.)
    const bridge = /inet (\d+\.\d+\.\d+\.\d+)\//.exec(execFileSync('ip', ['-4', '-o', 'addr', 'show', 'dev', bridgeName], { encoding: 'utf8' }))?.[1];
    if (!bridge) throw new Error(`no IPv4 address on Docker's bridge ${bridgeName}`);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver!.listen(0, bridge, r));
    const [gatewayPort, redirectPort] = [await freePort(), await freePort()];
    env = {
      COMPOSE_PROJECT_NAME: project,
      GATEWAY_PORT: String(gatewayPort),
      REDIRECT_PORT: String(redirectPort),
      WEBHOOK_ALLOWED_CIDRS: `${bridge}/32`,
    };
    gateway = `http://localhost:${gatewayPort}`;
    await up();
  });

  afterAll(async () => {
    await environment?.down({ removeVolumes: true, timeout: 10_000 }).catch(() => undefined);
    await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
  });

  it('runs migrate once, before the deployables, which do not migrate themselves', () => {
    const migrate = JSON.parse(docker(['inspect', '--format', '{{json .State}}', container('migrate')])) as { ExitCode: number; Status: string };
    expect(migrate).toMatchObject({ Status: 'exited', ExitCode: 0 });
    expect(docker(['logs', container('migrate')])).toMatch(/^migrated: gateway, qr, redirect, analytics, webhooks, kafka topics$/m);
    expect(migrations().split('\n').filter(Boolean).length).toBeGreaterThan(5);
    for (const app of DEPLOYABLES) expect(docker(['inspect', '--format', '{{json .Config.Env}}', container(app)])).toContain('MIGRATE_ON_START=false');
  });

  it("goes through the README quickstart's flow on the gateway: key, code, scan, analytics, a verified webhook", async () => {
    const admin = (args: string[]) => JSON.parse(compose(['run', '--rm', '-T', 'admin', ...args, '--json'])) as Record<string, string>;
    const workspace = admin(['workspace', 'create', '--name', 'Compose', '--plan', 'agency']).id;
    key = admin(['key', 'create', '--workspace', workspace, '--name', 'compose']).secret;
    const created = await call<Code & { client_ref: string }>(`${gateway}/api/public/v1/qrcodes`, {
      method: 'POST',
      key,
      json: { type: 'website', name: 'Quickstart', content: { url: 'https://example.com' }, client_ref: 'quickstart-1' },
    });
    expect(created.status).toBe(201);
    code = created.body;
    expect(code.short_url).toMatch(new RegExp(`^http://localhost:${env.REDIRECT_PORT}/`));
    const scan = await rawRequest(code.short_url, { headers: { 'user-agent': PHONE } });
    expect([scan.status, scan.headers.location]).toEqual([302, 'https://example.com/']);
    const first = await waitUntil(
      async () => ((await analytics(code.id)).total_scans === 1 ? analytics(code.id) : null),
      'analytics to count the scan',
      60_000,
      500,
    );
    expect(first).toMatchObject({ by_os: [{ os: 'iOS', scans: 1 }], by_browser: [{ browser: 'Mobile Safari', scans: 1 }] });

    const port = (receiver!.address() as { port: number }).port;
    const endpoint = await call<{ secret: string }>(`${gateway}/api/public/v1/webhook-endpoints`, {
      method: 'POST',
      key,
      json: { url: `http://host.docker.internal:${port}/hooks`, events: ['qr.scanned'] },
    });
    expect(endpoint.status).toBe(201);
    expect((await rawRequest(code.short_url, { headers: { 'user-agent': PHONE } })).status).toBe(302);
    await waitUntil(() => deliveries.length > 0, 'the webhook delivery', 60_000, 250);
    const event = new Webhook(endpoint.body.secret).verify(deliveries[0].body, deliveries[0].headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event).toMatchObject({ type: 'qr.scanned', data: { qr_id: code.id, client_ref: 'quickstart-1', os: 'iOS', is_bot: false } });
    // A body changed on the way fails the same verification.
    expect(() => new Webhook(endpoint.body.secret).verify(`${deliveries[0].body} `, deliveries[0].headers as Record<string, string>)).toThrow();
  });

  it('loses no acknowledged scan when redirect-service is killed mid-load (docker kill) and started again', async () => {
    const before = (await analytics(code.id)).total_scans;
    const load = scanLoad(code.short_url);
    await waitUntil(() => load.acknowledged() >= 200, '200 acknowledged scans', 60_000)
      .then(() => docker(['kill', container('redirect-service')]))
      .finally(() => load.stop());
    const acknowledged = load.acknowledged();
    docker(['start', container('redirect-service')]);
    await waitUntil(
      () => docker(['inspect', '--format', '{{.State.Health.Status}}', container('redirect-service')]).trim() === 'healthy',
      'redirect-service healthy again',
      120_000,
      500,
    );
    const total = await waitUntil(
      async () => {
        const n = (await analytics(code.id)).total_scans;
        return n >= before + acknowledged ? n : null;
      },
      `analytics to count the ${acknowledged} scans acknowledged before the kill`,
      120_000,
      500,
    );
    expect(total).toBeGreaterThanOrEqual(before + acknowledged);
  });

  it('drains the backlog once Kafka is restarted', async () => {
    const before = (await analytics(code.id)).total_scans;
    docker(['stop', container('kafka')]);
    // Scans go on while the broker is away: answered and recorded, their events wait in the outbox.
    let acknowledged = 0;
    for (let i = 0; i < 100; i++) if ((await rawRequest(code.short_url, { headers: { 'user-agent': PHONE } })).status === 302) acknowledged += 1;
    expect(acknowledged).toBe(100);
    docker(['start', container('kafka')]);
    const total = await waitUntil(
      async () => {
        const n = (await analytics(code.id)).total_scans;
        return n >= before + acknowledged ? n : null;
      },
      'analytics to catch up after the broker came back',
      180_000,
      1000,
    );
    expect(total).toBeGreaterThanOrEqual(before + acknowledged);
  });

  it('keeps the data in its volumes across down and up; the second start applies no migration again', async () => {
    const applied = migrations();
    const total = (await analytics(code.id)).total_scans;
    await environment!.down({ removeVolumes: false, timeout: 30_000 });
    environment = undefined;
    expect(
      docker(['volume', 'ls', '--format', '{{.Name}}', '--filter', `label=com.docker.compose.project=${project}`])
        .trim()
        .split('\n')
        .sort(),
    ).toEqual([`${project}_kafka-data`, `${project}_postgres-data`]);
    await up();
    expect(migrations()).toBe(applied);
    const again = await call<Code>(`${gateway}/api/public/v1/qrcodes/${code.id}`, { key });
    expect(again.status).toBe(200);
    expect(again.body.short_url).toBe(code.short_url);
    expect((await analytics(code.id)).total_scans).toBe(total);
    expect((await rawRequest(code.short_url, { headers: { 'user-agent': PHONE } })).status).toBe(302);
  });
});
