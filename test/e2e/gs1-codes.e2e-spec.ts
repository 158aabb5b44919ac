import { admin, type AppProcess, call, createTempDir, decodeImage, startApp, type TempDir } from '@qr/testing';

type Code = Record<string, unknown> & { id: string; short_url: string | null; content: Record<string, unknown> };
type Problem = { errors: Array<{ pointer: string; code: string; detail: string }> };

const GTIN = '09506000134352';
const pip = (lang: string, extra: Record<string, unknown> = {}) => ({
  link_type: 'gs1:pip',
  href: `https://brand.example/${lang}/pip`,
  title: `Product (${lang})`,
  hreflang: [lang],
  ...extra,
});

describe('gs1 codes through the public API (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  let otherKey: string;
  const env = () => ({ DATA_DIR: dir.path });
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const post = <T = Code>(json: unknown, k = key) => call<T>(api('/qrcodes'), { method: 'POST', key: k, json });
  const newWorkspace = () => {
    const ws = admin(['workspace', 'create', '--name', 'gs1', '--plan', 'agency'], env()).json;
    return String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], env()).json.secret);
  };
  const problems = (body: unknown) => (body as Problem).errors.map((e) => `${e.pointer} ${e.code}`);

  beforeAll(async () => {
    dir = createTempDir('gs1-e2e');
    server = await startApp('all-in-one', { ...env(), SHORT_BASE_URL: 'https://qr.example' });
    key = newWorkspace();
    otherKey = newWorkspace();
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('prints the GS1 Digital Link URI on the default host, GTIN as GTIN-14, data in the query; zbar reads it', async () => {
    const res = await post({
      type: 'gs1',
      name: 'Rice lot',
      content: { gtin: '9506000134352', lot: 'ABC123', data: { '17': '270101' }, links: [pip('en', { default: true }), pip('fr')] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'gs1', category: 'dynamic' });
    expect(res.body.content.gtin).toBe(GTIN);
    expect(res.body.short_url).toBe(`https://qr.example/01/${GTIN}/10/ABC123?17=270101`);
    const image = await fetch(api(`/qrcodes/${res.body.id}/image?format=png`), { headers: { authorization: `Bearer ${key}` } });
    expect(decodeImage(Buffer.from(await image.arrayBuffer()), 'png')).toBe(res.body.short_url);
  });

  it('keeps product, lot and serial levels apart, and one code per host and level', async () => {
    const product = await post({ type: 'gs1', content: { gtin: GTIN, links: [pip('en', { default: true })] } });
    expect(product.status).toBe(201);
    expect(product.body.short_url).toBe(`https://qr.example/01/${GTIN}`);
    const serial = await post({ type: 'gs1', content: { gtin: GTIN, lot: 'ABC123', serial: 'S1', links: [pip('en', { default: true })] } });
    expect(serial.body.short_url).toBe(`https://qr.example/01/${GTIN}/10/ABC123/21/S1`);

    // The default host is shared: the same level in another workspace is taken too. The GTIN-8/12/13 spelling is the same key.
    for (const k of [key, otherKey]) {
      const again = await post({ type: 'gs1', content: { gtin: '9506000134352', links: [pip('en', { default: true })] } }, k);
      expect(again.status).toBe(422);
      expect(problems(again.body)).toEqual(['/content taken']);
    }
    const bulk = await call<Problem>(api('/qrcodes/bulk'), {
      method: 'POST',
      key,
      json: { items: [0, 1].map(() => ({ type: 'gs1', content: { gtin: GTIN, lot: 'L2', links: [pip('en', { default: true })] } })) },
    });
    expect(bulk.status).toBe(422);
    expect(problems(bulk.body)).toEqual(['/items/1/content duplicate']);

    // Deleting a code gives its URI back.
    const deleted = await call(api(`/qrcodes/${serial.body.id}`), { method: 'DELETE', key });
    expect(deleted.status).toBe(200);
    expect((await post({ type: 'gs1', content: { gtin: GTIN, lot: 'ABC123', serial: 'S1', links: [pip('en', { default: true })] } })).status).toBe(201);
  });

  it('answers each input problem at its pointer, and changes nothing', async () => {
    const bad = await post<Problem>({
      type: 'gs1',
      content: { gtin: '09506000134353', lot: 'A B', data: { '17': '271301' }, links: [pip('en'), { ...pip('fr'), link_type: 'gs1:nosuch' }] },
    });
    expect(bad.status).toBe(422);
    expect(problems(bad.body)).toEqual([
      '/content/gtin invalid_check_digit',
      '/content/lot invalid_characters',
      '/content/data/17 invalid_date',
      '/content/links/1/link_type invalid',
    ]);
    expect(bad.body.errors[0].detail).toMatch(/should be 2/);
    const noDefault = await post({ type: 'gs1', content: { gtin: '09506000134369', links: [pip('en')] } });
    expect(problems(noDefault.body)).toEqual(['/content/links invalid']);
    const static_ = await post({ type: 'gs1', category: 'static', content: { gtin: '09506000134369', links: [pip('en', { default: true })] } });
    expect(problems(static_.body)).toEqual(['/category not_allowed_for_type']);
    const logo = await post({
      type: 'gs1',
      content: { gtin: '09506000134369', links: [pip('en', { default: true })] },
      design: { logo: { id: 'logo_000000000000000000000000' } },
    });
    expect(logo.status).toBe(422);
    expect(problems(logo.body)).toEqual(['/design/logo not_allowed_for_type']);
    const password = await post({ type: 'gs1', content: { gtin: '09506000134369', links: [pip('en', { default: true })] }, password: 'at the door' });
    expect(problems(password.body)).toEqual(['/password not_allowed_for_type']);
    const list = await call<{ data: Code[] }>(api('/qrcodes?type=gs1&limit=100'), { key });
    expect(list.body.data.map((c) => c.content.gtin)).not.toContain('09506000134369');
  });

  it('answers a create sent again with the same client_ref with the code it made, not a taken URI', async () => {
    const body = { type: 'gs1', client_ref: 'gs1-again', content: { gtin: '09506000134383', lot: 'AGAIN1', links: [pip('en', { default: true })] } };
    const first = await post(body);
    expect(first.status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('lets a PATCH change the links but not the GTIN or qualifiers of the printed URI', async () => {
    const code = await post({ type: 'gs1', content: { gtin: '09506000134376', links: [pip('en', { default: true })] } });
    const patch = (content: unknown) => call<Code>(api(`/qrcodes/${code.body.id}`), { method: 'PATCH', key, json: { content } });
    const moved = await patch({ gtin: '09506000134383', lot: 'X', links: [pip('en', { default: true })] });
    expect(moved.status).toBe(422);
    expect(problems(moved.body)).toEqual(['/content/gtin immutable', '/content/lot immutable']);
    const relinked = await patch({ gtin: '9506000134376', links: [pip('en', { default: true }), pip('de')] });
    expect(relinked.status).toBe(200);
    expect((relinked.body.content.links as unknown[]).length).toBe(2);
    expect(relinked.body.short_url).toBe('https://qr.example/01/09506000134376');
  });
});
