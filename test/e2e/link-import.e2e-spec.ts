import { join } from 'node:path';
import { admin, type AppProcess, call, createTempDir, type DnsResponder, rawRequest, startApp, startDnsResponder, type TempDir, waitUntil } from '@qr/testing';

const FIXTURES = join(__dirname, '../../libs/link-import/test-fixtures');

type Report = {
  written: boolean;
  created: number;
  existing: number;
  counts: { create: number; exists: number; refused: number };
  file_problems: Array<{ code: string }>;
  records: Array<{
    outcome: string;
    domain: string | null;
    path: string | null;
    destination: string | null;
    expires_at: string | null;
    reasons: Array<{ code: string }>;
  }>;
};

/**
 * `npm run admin -- import links` against a running all-in-one, for one documented export of each
 * product: every imported link answers its old path on its old domain (by Host) with a 302 to its old
 * destination, the dry run's report is what was then written, and importing again creates nothing.
 */
describe('importing other shorteners’ links (admin CLI, all-in-one)', () => {
  let dir: TempDir;
  let dns: DnsResponder;
  let server: AppProcess;
  let workspaceId: string;
  let key: string;
  const env = () => ({ DATA_DIR: dir.path });
  const importLinks = (format: string, file: string, extra: string[] = []) =>
    admin(['import', 'links', '--workspace', workspaceId, '--format', format, '--file', join(FIXTURES, file), ...extra], env());

  beforeAll(async () => {
    dir = createTempDir('link-import');
    dns = await startDnsResponder();
    server = await startApp('all-in-one', { ...env(), DNS_RESOLVER: dns.address });
    const ws = admin(['workspace', 'create', '--name', 'movers', '--plan', 'agency'], env()).json;
    workspaceId = String(ws.id);
    key = String(admin(['key', 'create', '--workspace', workspaceId, '--name', 'k'], env()).json.secret);
    // The exports' own domains, verified as any custom domain is (DNS TXT).
    for (const hostname of ['go.acme.example', 's.acme.example', 'k.acme.example']) {
      const domain = await call<{ id: string; verification: { value: string } }>(`${server.url}/api/public/v1/domains`, {
        method: 'POST',
        key,
        json: { hostname },
      });
      dns.set(`_qr-verify.${hostname}`, { TXT: [[domain.body.verification.value]] });
      const verified = await call<{ status: string }>(`${server.url}/api/public/v1/domains/${domain.body.id}/verify`, { method: 'POST', key });
      expect(verified.body.status).toBe('verified');
    }
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await dns?.close();
    dir?.remove();
  });

  it.each([
    ['bitly', 'bitly-links.csv', []],
    ['dub', 'dub-links.csv', []],
    ['shlink', 'shlink-short-urls.csv', []],
    ['kutt', 'kutt-links.json', []],
    ['yourls', 'yourls-export.csv', ['--domain', 'go.acme.example']],
  ])('imports %s’s export: the dry run is what is written, each link answers its old path, and again creates nothing', async (format, file, extra) => {
    const dry = importLinks(format, file, [...extra, '--dry-run']);
    expect(dry.status).toBe(0);
    const planned = dry.json as unknown as Report;
    expect(planned.file_problems).toEqual([]);
    expect(planned.written).toBe(false);
    expect(planned.counts.create).toBeGreaterThan(0);

    const done = importLinks(format, file, extra);
    expect(done.status).toBe(0);
    const written = done.json as unknown as Report;
    expect(written.records).toEqual(planned.records);
    expect([written.written, written.created, written.existing]).toEqual([true, planned.counts.create, 0]);

    for (const r of planned.records.filter((x) => x.outcome === 'create')) {
      // The expiry is kept: a link the old product let expire is closed here too.
      const expected = r.expires_at !== null && Date.parse(r.expires_at) <= Date.now() ? 410 : 302;
      // Created by the CLI in the store; redirect-service learns each link from its event, within the relay's poll.
      const hit = await waitUntil(async () => {
        const res = await rawRequest(`${server.url}/${r.path}`, { headers: { host: r.domain! } });
        return res.status === expected ? res : null;
      }, `${r.domain}/${r.path} to answer ${expected}`);
      if (expected === 302) expect(hit!.headers.location).toBe(r.destination);
    }
    expect(planned.records.some((r) => r.outcome === 'create' && (r.expires_at === null || Date.parse(r.expires_at) > Date.now()))).toBe(true);

    const again = importLinks(format, file, extra).json as unknown as Report;
    expect([again.created, again.counts.create, again.counts.exists]).toEqual([0, 0, planned.counts.create + planned.counts.exists]);
  });

  it('refuses a file of another product, and a domain the workspace has not verified, writing nothing', () => {
    const wrong = importLinks('bitly', 'dub-links.csv').json as unknown as Report;
    expect(wrong.file_problems.map((p) => p.code)).toEqual(['format_mismatch']);
    expect(wrong.written).toBe(false);
    const elsewhere = importLinks('yourls', 'yourls-urls-table.csv', ['--domain', 'not-mine.example']).json as unknown as Report;
    expect(elsewhere.records.every((r) => r.outcome === 'refused' && r.reasons.some((x) => x.code === 'domain_not_verified'))).toBe(true);
    expect(elsewhere.created).toBe(0);
  });
});
