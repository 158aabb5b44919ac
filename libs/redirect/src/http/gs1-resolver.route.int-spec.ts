import { createServer, type Server } from 'node:http';
import { silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox } from '@qr/event-log';
import { type Database, openDatabase } from '@qr/persistence';
import { payloadEvents, provisionStorage, rawRequest, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { UserAgentClassifier } from '@qr/visitor';
import { ApplyCodeChanges } from '../links/apply-code-changes';
import { CachedGs1Codes } from '../links/gs1-code-source';
import { LinkCache } from '../links/link-cache';
import { LinksRepository } from '../links/links.repository';
import { DailySalts } from '../scans/daily-salts';
import { ScanRecorder } from '../scans/scan-recorder';
import { REDIRECT_MIGRATIONS } from '../store/redirect-migrations';
import { codeSnapshot } from '../testing/code-snapshot';
import { Gs1ResolverRoute } from './gs1-resolver.route';

const GTIN = '09506000134352';
const link = (type: string, lang: string | null, href: string, extra: Record<string, unknown> = {}) => ({
  link_type: type,
  href,
  title: `${type} ${lang ?? ''}`.trim(),
  ...(lang ? { hreflang: [lang] } : {}),
  ...extra,
});
const gs1 = (id: string, content: Record<string, unknown>, patch: Record<string, unknown> = {}) => ({
  kind: 'upsert' as const,
  snapshot: codeSnapshot(id, { type: 'gs1', content: { gtin: GTIN, ...content }, destinations: [], ...patch }),
});

describe.each(STORAGE_KINDS)('the GS1 resolver route through node:http on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let log: EventLog;
  let server: Server;
  let base: string;
  let apply: ApplyCodeChanges;
  let reads = 0;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${base}${path}`, { method, headers });
  const scanned = async (qrId: string) =>
    (await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE partition_key = $1 ORDER BY id', [qrId]))
      .flatMap((r) => payloadEvents(r.payload) as Array<{ type: string; data: Record<string, unknown> }>)
      .filter((e) => e.type === 'qr.scanned')
      .map((e) => e.data);

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: true });
    log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 't', log: silentLog });
    const links = new LinksRepository(db);
    // The all-in-one's wiring: changes pass through the link cache the resolver reads.
    const cache = new LinkCache();
    apply = new ApplyCodeChanges(db, links, cache);
    await apply.execute([
      gs1('qr_gs1product', {
        links: [
          link('gs1:pip', 'en', 'https://brand.example/en/pip', { default: true }),
          link('gs1:pip', 'fr', 'https://brand.example/fr/pip'),
          link('gs1:recallStatus', null, 'https://brand.example/recalls'),
        ],
      }),
      gs1('qr_gs1lot0001', { lot: 'ABC123', links: [link('gs1:recallStatus', null, 'https://brand.example/lots/ABC123', { default: true })] }),
      gs1('qr_gs1limited', { lot: 'LIMIT', links: [link('gs1:pip', null, 'https://brand.example/limited', { default: true })] }, { scan_limit: 1 }),
      gs1('qr_gs1custom1', { links: [link('gs1:pip', null, 'https://custom.example/pip', { default: true })] }, { domain_host: 'id.brand.example' }),
    ]);
    const outbox = new Outbox(db, log, { log: silentLog });
    const route = new Gs1ResolverRoute({
      codes: new CachedGs1Codes(cache, (host, paths) => (reads++, links.findGs1(host, paths))),
      recorder: new ScanRecorder(db, outbox, silentLog),
      salts: new DailySalts(db),
      classifier: new UserAgentClassifier(),
      sharedHosts: new Set(['127.0.0.1']),
      trustProxy: true,
      geoHeader: undefined,
      onScan: () => undefined,
    });
    server = createServer((req, res) => {
      const pathname = (req.url ?? '/').split('?')[0];
      if (route.matches(req, pathname)) void route.handle(req, res, pathname);
      else res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await log?.close();
    await db?.close();
    await provisioned?.cleanup();
  });

  it('redirects each level with 307, falls back serial → lot → product, chooses by language, passes the query on, and counts each as a scan with its link type', async () => {
    const lot = await get(`/01/${GTIN}/10/ABC123?17=270101&utm=x`);
    expect(lot.status).toBe(307);
    expect(lot.headers.location).toBe('https://brand.example/lots/ABC123?17=270101&utm=x');
    expect(lot.headers.link).toBe(
      `<http://127.0.0.1:${new URL(base).port}/01/${GTIN}/10/ABC123?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    );
    expect(lot.headers['access-control-allow-origin']).toBe('*');
    // A serial with no code of its own is the lot's; the lot has no pip, so the product's, in French.
    const serial = await get(`/01/${GTIN}/10/ABC123/21/S9?linkType=gs1:pip`, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(serial.headers.location).toBe('https://brand.example/fr/pip?linkType=gs1:pip');
    const product = await get(`/01/9506000134352`);
    expect(product.headers.location).toBe('https://brand.example/en/pip');
    expect((await get(`/01/${GTIN}?linkType=gs1:certificationInfo`)).status).toBe(404);
    expect((await scanned('qr_gs1lot0001')).map((e) => [e.link_type, e.destination])).toEqual([
      ['gs1:recallStatus', 'https://brand.example/lots/ABC123?17=270101&utm=x'],
      ['gs1:pip', 'https://brand.example/fr/pip?linkType=gs1:pip'],
    ]);
    expect((await scanned('qr_gs1product')).map((e) => e.link_type)).toEqual(['gs1:pip']);
  });

  it('answers the linkset of every level up to the GTIN, counted as a linkset scan; HEAD and OPTIONS count nothing', async () => {
    const before = (await scanned('qr_gs1lot0001')).length;
    for (const request of [get(`/01/${GTIN}/10/ABC123?linkType=linkset`), get(`/01/${GTIN}/10/ABC123`, { accept: 'application/linkset+json' })]) {
      const res = await request;
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/linkset+json');
      const body = JSON.parse(res.body) as { linkset: Array<Record<string, unknown>> };
      expect(body.linkset.map((c) => c.anchor)).toEqual([
        `http://127.0.0.1:${new URL(base).port}/01/${GTIN}/10/ABC123`,
        `http://127.0.0.1:${new URL(base).port}/01/${GTIN}`,
      ]);
      expect(body.linkset[1]['https://gs1.org/voc/pip']).toHaveLength(2);
    }
    expect((await get(`/01/${GTIN}/10/ABC123`, {}, 'HEAD')).status).toBe(307);
    const options = await get(`/01/${GTIN}/10/ABC123`, {}, 'OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers['access-control-allow-methods']).toMatch(/OPTIONS/);
    expect((await scanned('qr_gs1lot0001')).slice(before).map((e) => e.link_type)).toEqual(['linkset', 'linkset']);
  });

  it('answers 400 problem+json with CORS for invalid URIs, and 404 where no code exists', async () => {
    for (const [path, pointer] of [
      ['/01/09506000134353', '/path/01'],
      [`/01/${GTIN}/21/S1/10/L1`, '/path/10'],
      ['/414/9506000134352', '/path'],
      [`/01/${GTIN}?10=ABC`, '/query/10'],
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect((JSON.parse(res.body) as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe(pointer);
    }
    expect((await get('/01/09506000134369')).status).toBe(404);
  });

  it('applies scan limits and keeps hosts apart: a custom domain resolves its own codes only', async () => {
    expect((await get(`/01/${GTIN}/10/LIMIT`)).status).toBe(307);
    expect((await get(`/01/${GTIN}/10/LIMIT`)).status).toBe(410);
    const custom = await get(`/01/${GTIN}`, { host: 'id.brand.example', 'x-forwarded-proto': 'https' });
    expect(custom.headers.location).toBe('https://custom.example/pip');
    expect(custom.headers.link).toMatch(/^<https:\/\/id\.brand\.example\/01\//);
    expect((await get(`/01/${GTIN}/10/ABC123`, { host: 'id.brand.example' })).headers.location).toBe('https://custom.example/pip');
    expect((await get(`/01/${GTIN}`, { host: 'other.example' })).status).toBe(404);
    const description = await get('/.well-known/gs1resolver', { host: 'id.brand.example', 'x-forwarded-proto': 'https' });
    expect(JSON.parse(description.body)).toMatchObject({ resolverRoot: 'https://id.brand.example', supportedPrimaryKeys: ['01'] });
  });

  it('answers from the link cache once it knows every level, and shows a new, edited, paused or deleted code at once', async () => {
    const path = `/01/${GTIN}/10/CACHED/21/S1`;
    const lot = (revision: number, patch: Record<string, unknown> = {}, href = 'https://brand.example/cached') =>
      gs1('qr_gs1cached', { lot: 'CACHED', links: [link('gs1:pip', null, href, { default: true })] }, { revision, ...patch });
    await apply.execute([lot(1)]);
    expect((await get(path)).headers.location).toBe('https://brand.example/cached');
    const afterFirst = reads;
    expect((await get(path)).headers.location).toBe('https://brand.example/cached');
    expect(reads).toBe(afterFirst);
    await apply.execute([lot(2, {}, 'https://brand.example/cached-v2')]);
    expect((await get(path)).headers.location).toBe('https://brand.example/cached-v2');
    // The serial had no code: the cache knew that, and learns of the new one with the change.
    await apply.execute([gs1('qr_gs1serial1', { lot: 'CACHED', serial: 'S1', links: [link('gs1:pip', null, 'https://brand.example/s1', { default: true })] })]);
    expect((await get(path)).headers.location).toBe('https://brand.example/s1');
    await apply.execute([{ kind: 'delete', qr_id: 'qr_gs1serial1', revision: 2 }]);
    expect((await get(path)).headers.location).toBe('https://brand.example/cached-v2');
    await apply.execute([lot(3, { status: 'paused' })]);
    expect((await get(path)).status).toBe(403);
    await apply.execute([{ kind: 'delete', qr_id: 'qr_gs1cached', revision: 4 }]);
    // Neither the serial nor the lot has a live code now: the product answers.
    expect((await get(path)).headers.location).toBe('https://brand.example/en/pip');
    expect(reads).toBeGreaterThan(afterFirst);
  });
});
