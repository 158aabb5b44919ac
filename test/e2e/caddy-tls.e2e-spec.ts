import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  admin,
  type AppProcess,
  call,
  createTempDir,
  type DnsResponder,
  freePort,
  metricValue,
  startApp,
  startDnsResponder,
  type TempDir,
  waitUntil,
} from '@qr/testing';

const ASK_PATH = '/internal/v1/tls/ask';

/** The Caddyfile of docs/operations.md, with the test's ports, no admin API and its own CA. */
function caddyfile(o: { httpPort: number; httpsPort: number; askUrl: string; upstream: string }): string {
  return `{
\tadmin off
\tskip_install_trust
\thttp_port ${o.httpPort}
\thttps_port ${o.httpsPort}
\ton_demand_tls {
\t\task ${o.askUrl}
\t}
}

https:// {
\ttls internal {
\t\ton_demand
\t}
\treverse_proxy ${o.upstream}
}
`;
}

type Curl = { exit: number; status: string; location: string; stderr: string };

/**
 * Caddy's on-demand TLS in front of the all-in-one (docs/operations.md): Caddy asks the platform's
 * internal `ask` listener before it issues a certificate from its internal CA, then proxies with the
 * original Host. curl resolves the custom domain to Caddy and trusts only Caddy's root.
 */
describe('custom domains over HTTPS through Caddy (on-demand TLS)', () => {
  let dir: TempDir;
  let dns: DnsResponder;
  let server: AppProcess;
  let caddy: ChildProcess;
  let caddyLog = '';
  let key: string;
  let askPort: number;
  let httpsPort: number;
  const caddyHome = () => join(dir.path, 'caddy-home');
  const rootCert = () => join(caddyHome(), 'data/caddy/pki/authorities/local/root.crt');
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const asks = (answer: string) => metricValue(server.url, 'qr_tls_asks_total', { answer });
  const curl = (host: string, path: string): Curl => {
    const r = spawnSync(
      'curl',
      [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{redirect_url}',
        '--max-time',
        '15',
        '--cacert',
        rootCert(),
        '--resolve',
        `${host}:${httpsPort}:127.0.0.1`,
        `https://${host}:${httpsPort}${path}`,
      ],
      { encoding: 'utf8' },
    );
    const [status, location = ''] = r.stdout.split(' ');
    return { exit: r.status ?? -1, status, location, stderr: r.stderr };
  };
  const addDomain = async (hostname: string, verify: boolean) => {
    const created = await call<{ id: string; verification: { name: string; value: string } }>(api('/domains'), { method: 'POST', key, json: { hostname } });
    expect(created.status).toBe(201);
    if (verify) {
      dns.set(created.body.verification.name, { TXT: [[created.body.verification.value]] });
      expect((await call<{ status: string }>(api(`/domains/${created.body.id}/verify`), { method: 'POST', key })).body.status).toBe('verified');
    }
    return created.body.id;
  };

  beforeAll(async () => {
    expect(spawnSync('caddy', ['version']).status).toBe(0); // the Debian package `caddy` (README's test prerequisites)
    dir = createTempDir('caddy-tls-e2e');
    dns = await startDnsResponder();
    server = await startApp('all-in-one', { DATA_DIR: dir.path, DNS_RESOLVER: dns.address, TLS_ASK_PORT: '0' });
    askPort = Number(/"tls ask listening".*?"port":(\d+)/.exec(server.output())?.[1]);
    expect(askPort).toBeGreaterThan(0);
    const ws = admin(['workspace', 'create', '--name', 'tls', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);

    httpsPort = await freePort();
    const file = join(dir.path, 'Caddyfile');
    writeFileSync(
      file,
      caddyfile({ httpPort: await freePort(), httpsPort, askUrl: `http://127.0.0.1:${askPort}${ASK_PATH}`, upstream: `127.0.0.1:${server.port}` }),
    );
    execFileSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], { env: caddyEnv(), stdio: 'pipe' });
    mkdirSync(caddyHome(), { recursive: true });
    caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', file], { env: caddyEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    caddy.stdout!.on('data', (d: Buffer) => (caddyLog += d.toString()));
    caddy.stderr!.on('data', (d: Buffer) => (caddyLog += d.toString()));
    await waitUntil(() => caddyLog.includes('serving initial configuration') || caddy.exitCode !== null, 'Caddy to start', 20_000, 50);
    expect(caddy.exitCode).toBeNull();
    await waitUntil(() => existsSync(rootCert()), 'Caddy’s internal CA root', 10_000, 50);
  }, 90_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      caddy.kill('SIGTERM');
      await new Promise((resolve) => caddy.once('exit', resolve));
    }
    await server?.stop();
    await dns?.close();
    dir?.remove();
  });

  /** Caddy's home, config and data (its CA) in the test's directory: nothing of the machine's is read or written. */
  function caddyEnv(): NodeJS.ProcessEnv {
    const home = join(dir.path, 'caddy-home');
    return { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') };
  }

  it('answers the ask only on its internal listener: 200 for a verified domain, 404 otherwise, with no body and nothing of the workspace', async () => {
    await addDomain('ask.verified.example', true);
    await addDomain('ask.pending.example', false);
    const ask = async (domain: string) => {
      const res = await fetch(`http://127.0.0.1:${askPort}${ASK_PATH}?domain=${encodeURIComponent(domain)}`);
      return `${res.status} ${await res.text()}`;
    };
    expect(await ask('ask.verified.example')).toBe('200 ');
    expect(await ask('ASK.Verified.Example.')).toBe('200 ');
    expect(await ask('ask.pending.example')).toBe('404 ');
    expect(await ask('nobody.example')).toBe('404 ');
    expect(await ask('127.0.0.1')).toBe('400 ');
    expect((await fetch(`http://127.0.0.1:${askPort}/internal/v1/tls/other`)).status).toBe(404);
    // The public port has no such route: a caller outside cannot probe which hosts are customers.
    const publicAsk = await fetch(`${server.url}${ASK_PATH}?domain=ask.verified.example`);
    expect(publicAsk.status).not.toBe(200);
  });

  it('serves a verified domain’s short link over HTTPS with a certificate from Caddy’s CA, and the scan counts', async () => {
    const domainId = await addDomain('go.tls-shop.example', true);
    const created = await call<{ id: string; short_code: string; short_url: string }>(api('/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', content: { url: 'https://example.com/printed' }, custom_domain_id: domainId },
    });
    expect(created.body.short_url).toBe(`https://go.tls-shop.example/${created.body.short_code}`);
    const allowedBefore = await asks('allowed');

    const answer = curl('go.tls-shop.example', `/${created.body.short_code}`);
    expect({ exit: answer.exit, status: answer.status, location: answer.location, stderr: answer.stderr }).toEqual({
      exit: 0,
      status: '302',
      location: 'https://example.com/printed',
      stderr: '',
    });
    expect(await asks('allowed')).toBe(allowedBefore + 1);
    const read = await call<{ scan_count: number }>(api(`/qrcodes/${created.body.id}`), { key });
    expect(read.body.scan_count).toBe(1);
    // The next request reuses the certificate: no second ask.
    expect(curl('go.tls-shop.example', `/${created.body.short_code}`).status).toBe('302');
    expect(await asks('allowed')).toBe(allowedBefore + 1);
  });

  it('gives an unverified domain no certificate (the handshake fails) at the cost of exactly one ask', async () => {
    await addDomain('go.not-yet.example', false);
    const refusedBefore = await asks('refused');
    const answer = curl('go.not-yet.example', '/anything');
    expect(answer.exit).not.toBe(0);
    expect(answer.status).toBe('000');
    expect(answer.stderr).toMatch(/SSL|TLS|alert/i);
    expect(await asks('refused')).toBe(refusedBefore + 1);
  });
});
