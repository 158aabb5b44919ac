import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { admin, type AppProcess, call, createTempDir, decodeImage, rawRequest, startApp, type TempDir, waitUntil } from '@qr/testing';

/*
 * The round trip of issue 40: a product, a lot and a serial code of one GTIN with links in two
 * languages, created through the API; zbar reads each printed URI; the resolver answers each level,
 * the fallbacks, linkType, the linkset (checked against RFC 9264's JSON shape, as GS1 publishes it)
 * and the 400s; the scans reach analytics and the qr.scanned webhooks with their link types.
 */

const GTIN = '09506000134352';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const schema = (name: string) => JSON.parse(readFileSync(join(__dirname, '../../libs/gs1/src/testing/gs1-linkset', name), 'utf8')) as object;
const ajv = new Ajv({ strict: false }).addFormat('uri', (value: string) => URL.canParse(value));
type Code = { id: string; short_url: string; short_code: string };

describe('GS1 round trip (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let hooks: Server;
  let key: string;
  const received: string[] = [];
  const codes: Record<string, Code> = {};
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const resolve = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(`${server.url}${path}`, { headers: { 'user-agent': IPHONE, 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5', ...headers } });
  const pip = (lang: string, isDefault = false) => ({
    link_type: 'gs1:pip',
    href: `https://brand.example/${lang}/rice`,
    title: lang === 'fr' ? 'Riz à risotto' : 'Risotto rice',
    hreflang: [lang],
    type: 'text/html',
    ...(isDefault ? { default: true } : {}),
  });

  beforeAll(async () => {
    dir = createTempDir('gs1-round-trip');
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.stringify({ headers: req.headers, body }));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
    server = await startApp('all-in-one', { DATA_DIR: dir.path, SHORT_BASE_URL: 'http://127.0.0.1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' });
    const ws = admin(['workspace', 'create', '--name', 'brand', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => hooks?.close(r));
    dir?.remove();
  });

  it('prints each level’s URI, resolves levels, fallbacks, linkType, the linkset and the 400s, and reports link types in analytics and webhooks', async () => {
    const hook = await call<{ secret: string }>(api('/webhook-endpoints'), {
      method: 'POST',
      key,
      json: { url: `http://127.0.0.1:${(hooks.address() as { port: number }).port}/hooks`, events: ['qr.scanned'] },
    });
    expect(hook.status).toBe(201);
    const contents = {
      product: { gtin: '9506000134352', item_description: 'Risotto rice', links: [pip('en', true), pip('fr')] },
      lot: {
        gtin: GTIN,
        lot: 'ABC123',
        data: { '17': '270101' },
        links: [
          { link_type: 'gs1:recallStatus', href: 'https://brand.example/en/lots/ABC123', title: 'Recall status', hreflang: ['en'], default: true },
          { link_type: 'gs1:recallStatus', href: 'https://brand.example/fr/lots/ABC123', title: 'Rappel', hreflang: ['fr'] },
        ],
      },
      serial: {
        gtin: GTIN,
        lot: 'ABC123',
        serial: 'S1',
        links: [{ link_type: 'gs1:dpp', href: 'https://brand.example/dpp/S1', title: 'Passport', default: true }],
      },
    };
    for (const [level, content] of Object.entries(contents)) {
      const res = await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'gs1', name: level, content } });
      expect(res.status).toBe(201);
      codes[level] = res.body;
    }
    const origin = 'http://127.0.0.1';
    expect(codes.product.short_url).toBe(`${origin}/01/${GTIN}`);
    expect(codes.lot.short_url).toBe(`${origin}/01/${GTIN}/10/ABC123?17=270101`);
    expect(codes.serial.short_url).toBe(`${origin}/01/${GTIN}/10/ABC123/21/S1`);
    for (const code of Object.values(codes)) {
      const svg = await fetch(api(`/qrcodes/${code.id}/image?format=svg`), { headers: { authorization: `Bearer ${key}` } });
      expect(decodeImage(Buffer.from(await svg.arrayBuffer()), 'svg')).toBe(code.short_url);
    }

    // Each level, in the phone's language (French), the query passed on.
    expect((await resolve(`/01/${GTIN}`)).headers.location).toBe('https://brand.example/fr/rice');
    expect((await resolve(`/01/${GTIN}/10/ABC123?17=270101`)).headers.location).toBe('https://brand.example/fr/lots/ABC123?17=270101');
    expect((await resolve(`/01/${GTIN}/10/ABC123/21/S1`, { 'accept-language': 'en' })).headers.location).toBe('https://brand.example/dpp/S1');
    // Fallbacks: an unknown serial is its lot; a link type only the product has, from the serial.
    const unknownSerial = await resolve(`/01/${GTIN}/10/ABC123/21/S2`, { 'accept-language': 'en' });
    expect([unknownSerial.status, unknownSerial.headers.location]).toEqual([307, 'https://brand.example/en/lots/ABC123']);
    expect(unknownSerial.headers.link).toContain('?linkType=linkset>; rel="linkset"');
    expect((await resolve(`/01/${GTIN}/10/ABC123/21/S1?linkType=gs1:pip`)).headers.location).toBe('https://brand.example/fr/rice?linkType=gs1:pip');
    expect((await resolve(`/01/${GTIN}/10/ABC123?linkType=gs1:certificationInfo`)).status).toBe(404);

    // The linkset: every level up to the GTIN, RFC 9264's JSON shape.
    const linkset = await resolve(`/01/${GTIN}/10/ABC123/21/S1?linkType=linkset`);
    expect(linkset.status).toBe(200);
    expect(linkset.headers['content-type']).toBe('application/linkset+json');
    const body = JSON.parse(linkset.body) as { linkset: Array<{ anchor: string } & Record<string, unknown>> };
    // RFC 9264's JSON shape once GS1's additions (itemDescription, context) are set aside; GS1's schema with them.
    const rfc9264 = ajv.compile(schema('linkset-schema.json'));
    const plain = JSON.parse(linkset.body, (key, value: unknown) => (key === 'itemDescription' || key === 'context' ? undefined : value)) as object;
    expect(rfc9264(plain) ? [] : rfc9264.errors).toEqual([]);
    const gs1 = ajv.compile(schema('gs1-linkset-schema.json'));
    expect(gs1(body) ? [] : gs1.errors).toEqual([]);
    expect(body.linkset.map((context) => context.anchor)).toEqual([
      `${server.url}/01/${GTIN}/10/ABC123/21/S1`,
      `${server.url}/01/${GTIN}/10/ABC123`,
      `${server.url}/01/${GTIN}`,
    ]);
    expect(body.linkset[2]['https://gs1.org/voc/pip']).toEqual([
      { href: 'https://brand.example/en/rice', title: 'Risotto rice', type: 'text/html', hreflang: ['en'] },
      { href: 'https://brand.example/fr/rice', title: 'Riz à risotto', type: 'text/html', hreflang: ['fr'] },
    ]);

    // Invalid URIs: 400 problem+json with pointers and CORS, never a 200.
    for (const [path, pointer] of [
      ['/01/09506000134353', '/path/01'],
      [`/01/${GTIN}/21/S1/10/ABC123`, '/path/10'],
      [`/01/${GTIN}/17/270101`, '/path/17'],
    ]) {
      const bad = await resolve(path);
      expect([path, bad.status, bad.headers['access-control-allow-origin']]).toEqual([path, 400, '*']);
      expect((JSON.parse(bad.body) as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe(pointer);
    }

    // The code's short link (not printed) sends a scan to the default link: recorded with that link's type.
    expect((await resolve(`/${codes.product.short_code}`)).headers.location).toBe('https://brand.example/en/rice');

    // Scans: 6 resolutions (the 404 and the 400s are none) and the short link's, each with its link type.
    const types = (qrId: string) =>
      received
        .map((r) => JSON.parse(r) as { headers: Record<string, string>; body: string })
        .map((r) => new Webhook(hook.body.secret).verify(r.body, r.headers) as { data: { qr_id: string; link_type: string } })
        .filter((p) => p.data.qr_id === qrId)
        .map((p) => p.data.link_type)
        .sort();
    await waitUntil(() => received.length >= 7, 'seven qr.scanned webhooks', 15_000);
    expect(types(codes.product.id)).toEqual(['gs1:pip', 'gs1:pip']);
    expect(types(codes.lot.id)).toEqual(['gs1:recallStatus', 'gs1:recallStatus']);
    expect(types(codes.serial.id)).toEqual(['gs1:dpp', 'gs1:pip', 'linkset']);
    type Analytics = {
      total_scans: number;
      by_destination: Array<{ destination: string; scans: number }>;
      by_link_type: Array<{ link_type: string; scans: number }>;
    };
    const analytics = async (id: string) => (await call<Analytics>(api(`/qrcodes/${id}/analytics`), { key })).body;
    await waitUntil(async () => (await analytics(codes.serial.id)).total_scans === 3, 'the projection to catch up', 15_000);
    expect((await analytics(codes.lot.id)).total_scans).toBe(2);
    expect((await analytics(codes.serial.id)).by_destination.map((d) => d.destination).sort()).toEqual(
      // The linkset sends the phone nowhere: its scan's destination is `unknown`.
      ['https://brand.example/dpp/S1', 'https://brand.example/fr/rice?linkType=gs1:pip', 'unknown'].sort(),
    );
    // The link type served is a dimension of each code's analytics, as in its webhooks.
    expect((await analytics(codes.serial.id)).by_link_type).toEqual([
      { link_type: 'gs1:dpp', scans: 1 },
      { link_type: 'gs1:pip', scans: 1 },
      { link_type: 'linkset', scans: 1 },
    ]);
    expect((await analytics(codes.lot.id)).by_link_type).toEqual([{ link_type: 'gs1:recallStatus', scans: 2 }]);
    expect((await analytics(codes.product.id)).by_link_type).toEqual([{ link_type: 'gs1:pip', scans: 2 }]);
    const csv = await fetch(api(`/qrcodes/${codes.lot.id}/analytics?format=csv`), { headers: { authorization: `Bearer ${key}` } });
    expect(await csv.text()).toContain('link_type,scans\r\ngs1:recallStatus,2\r\n');
  });
});
