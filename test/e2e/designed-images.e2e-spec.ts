import { admin, type AppProcess, call, createTempDir, decodeImage, startApp, type TempDir } from '@qr/testing';

type Code = { id: string; short_url: string | null; preview_url: string };
type Problem = { status: number; errors: Array<{ pointer: string; code: string; detail: string }> };

/** Images and their ETags, and designs at the edge of what reads, through the public API of an all-in-one server. */
describe('designed images (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  let otherKey: string;
  let logoId: string;
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const post = <T = Code>(path: string, json: unknown, as = key) => call<T>(api(path), { method: 'POST', key: as, json });
  /** An image route with the key, or a preview without one; `etag` is sent as If-None-Match. */
  const get = async (path: string, etag?: string, as: string | null = key) => {
    const headers: Record<string, string> = {};
    if (as) headers.authorization = `Bearer ${as}`;
    if (etag) headers['if-none-match'] = etag;
    const res = await fetch(path.startsWith('http') ? path : api(path), { headers });
    return { status: res.status, etag: res.headers.get('etag'), body: Buffer.from(await res.arrayBuffer()) };
  };
  const previewOf = (code: Code) => code.preview_url.replace(/^https?:\/\/[^/]+/, server.url);

  beforeAll(async () => {
    dir = createTempDir('designed-images');
    // A short link of this length at level H is where the largest logo fails to read on about 1 pattern in 100.
    server = await startApp('all-in-one', { DATA_DIR: dir.path, SHORT_BASE_URL: 'http://127.0.0.1:41235' });
    const keyOf = (name: string) => {
      const ws = admin(['workspace', 'create', '--name', name, '--plan', 'agency'], { DATA_DIR: dir.path }).json;
      return String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
    };
    key = keyOf('Images');
    otherKey = keyOf('Other');
    const star =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="48" fill="#c2185b"/>' +
      '<polygon points="50,12 61,40 91,40 67,58 76,88 50,70 24,88 33,58 9,40 39,40" fill="#fff"/></svg>';
    logoId = (await post<{ id: string }>('/logos', { name: 'Star', data: Buffer.from(star).toString('base64') })).body.id;
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('answers an unchanged image 304 on its ETag (PNG, SVG, PDF and the preview), and a PATCHed code 200 with a new ETag at once', async () => {
    const code = (await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/etag' }, design: { modules: 'dots' } })).body;
    const paths = ['format=png', 'format=svg', 'format=pdf', 'format=png&size=300'].map((q) => `/qrcodes/${code.id}/image?${q}`);
    const first = await Promise.all([...paths, previewOf(code)].map((p) => get(p)));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // The preview is the SVG download at its defaults: the same image, the same ETag.
    expect(new Set(first.map((r) => r.etag)).size).toBe(4);
    expect(first[4].etag).toBe(first[1].etag);
    expect(decodeImage(first[0].body, 'png')).toBe(code.short_url);
    for (const [i, p] of [...paths, previewOf(code)].entries()) {
      expect(await get(p, first[i].etag!)).toMatchObject({ status: 304, etag: first[i].etag, body: Buffer.alloc(0) });
      const again = await get(p);
      expect(again).toMatchObject({ status: 200, etag: first[i].etag });
      expect(again.body.equals(first[i].body)).toBe(true);
    }
    // Another workspace's key finds no such code, with or without the ETag.
    expect((await get(paths[0], first[0].etag!, otherKey)).status).toBe(404);

    expect((await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { design: { modules: 'rounded' } } })).status).toBe(200);
    for (const [i, p] of [...paths, previewOf(code)].entries()) {
      const changed = await get(p, first[i].etag!);
      expect(changed.status).toBe(200);
      expect(changed.etag).not.toBe(first[i].etag);
      expect(changed.body.equals(first[i].body)).toBe(false);
      expect((await get(p, changed.etag!)).status).toBe(304);
    }
    // A PATCH that leaves the look alone still moves the revision: a new ETag, which then holds.
    const renamed = await get(paths[0]);
    expect((await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { name: 'Renamed' } })).status).toBe(200);
    expect((await get(paths[0], renamed.etag!)).status).toBe(200);
  });

  it('gives a code that follows a brand preset a new ETag as soon as the preset changes', async () => {
    const preset = await post<{ id: string }>('/design-presets', { name: 'Brand', design: { foreground: '#1a237e' } });
    const code = (await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/preset' }, design_preset_id: preset.body.id })).body;
    const png = await get(`/qrcodes/${code.id}/image?format=png`);
    const preview = await get(previewOf(code));
    expect((await get(`/qrcodes/${code.id}/image?format=png`, png.etag!)).status).toBe(304);
    expect((await call(api(`/design-presets/${preset.body.id}`), { method: 'PATCH', key, json: { design: { foreground: '#b71c1c' } } })).status).toBe(200);
    const changed = await get(`/qrcodes/${code.id}/image?format=png`, png.etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(png.etag);
    const changedPreview = await get(previewOf(code), preview.etag!);
    expect(changedPreview.status).toBe(200);
    expect(changedPreview.body.toString()).toContain('#b71c1c');
  });

  it('creates 200 codes with the largest logo one by one, and a bulk of 50, none refused: the server draws another short link for a pattern that does not read', async () => {
    const design = { modules: 'dots', logo: { id: logoId, size: 0.3 } };
    const refused: string[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await post<Code & Problem>('/qrcodes', { type: 'website', content: { url: `https://example.com/logo/${i}` }, design });
      if (res.status !== 201) refused.push(`${i}: ${res.status} ${JSON.stringify(res.body.errors)}`);
    }
    expect(refused).toEqual([]);
    const items = Array.from({ length: 50 }, (_, i) => ({ type: 'website', content: { url: `https://example.com/logo/bulk/${i}` }, design }));
    const bulk = await post<{ created: number } & Problem>('/qrcodes/bulk', { items });
    expect(bulk.body.errors).toBeUndefined();
    expect(bulk.body.created).toBe(50);
  }, 300_000);

  // The server draws another short link only for a path it chose; a client's own back-half is theirs, so the
  // design is judged on it as it is. On this back-half and host the pattern never reads (a drawn one read on
  // about 1 draw in 100, which made a random path a flaky test).
  it('refuses, at the same pointer, a design that does not read on the client’s own back-half', async () => {
    const design = {
      modules: 'dots',
      margin: 2,
      foreground: '#767676',
      eyes: { outer: 'circle', inner: 'square' },
      logo: { id: logoId, size: 0.3, background: false },
    };
    const one = await post<Problem>('/qrcodes', { type: 'website', content: { url: 'https://example.com/never' }, short_code: 'unreadable', design });
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual([{ pointer: '/design', code: 'unreadable', detail: expect.stringMatching(/could not be read/) }]);
    const bulk = await post<Problem>('/qrcodes/bulk', {
      items: [
        { type: 'website', content: { url: 'https://example.com/fine' }, design: { modules: 'dots' } },
        { type: 'website', content: { url: 'https://example.com/never' }, short_code: 'unreadable', design },
      ],
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual(['/items/1/design unreadable']);
  });
});
