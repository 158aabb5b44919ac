import { admin, type AppProcess, call, createTempDir, decodeImage, decodePdf, startApp, type TempDir } from '@qr/testing';

type Code = Record<string, unknown> & { id: string; short_url: string | null; preview_url: string; design: Record<string, unknown> };
type Problem = { status: number; errors: Array<{ pointer: string; code: string; detail: string }> };

/** Designed codes through the public API of the all-in-one server: saved only when they scan. */
describe('code designs (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const post = <T = Code>(path: string, json: unknown) => call<T>(api(path), { method: 'POST', key, json });
  const patch = <T = Code>(id: string, json: unknown) => call<T>(api(`/qrcodes/${id}`), { method: 'PATCH', key, json });
  const bytes = async (path: string) => Buffer.from(await (await fetch(api(path), { headers: { authorization: `Bearer ${key}` } })).arrayBuffer());
  const preview = async (code: Code) => (await fetch(code.preview_url.replace(/^https?:\/\/[^/]+/, server.url))).text();

  beforeAll(async () => {
    dir = createTempDir('designs');
    server = await startApp('all-in-one', { DATA_DIR: dir.path, SHORT_BASE_URL: 'https://qr.example' });
    const ws = admin(['workspace', 'create', '--name', 'Brand', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('creates a designed code whose SVG, PNG, PDF and preview all decode to its short URL', async () => {
    const design = {
      foreground: '#1A237E',
      modules: 'rounded',
      eyes: { outer: 'rounded', inner: 'circle', color: '#C2185B' },
      gradient: { start: '#1a237e', end: '#4a148c', rotation: 45 },
      frame: { text: 'Scan me', color: '#1a237e' },
    };
    const res = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/menu' }, design });
    expect(res.status).toBe(201);
    expect(res.body.design).toEqual({
      foreground: '#1a237e',
      background: '#ffffff',
      gradient: { type: 'linear', start: '#1a237e', end: '#4a148c', rotation: 45 },
      modules: 'rounded',
      eyes: { outer: 'rounded', inner: 'circle', color: '#c2185b' },
      margin: 4,
      frame: { position: 'below', text: 'Scan me', color: '#1a237e', text_color: '#ffffff' },
    });
    const code = res.body;
    expect(decodeImage(await bytes(`/qrcodes/${code.id}/image?format=svg`), 'svg')).toBe(code.short_url);
    expect(decodeImage(await bytes(`/qrcodes/${code.id}/image?format=png&size=600`), 'png')).toBe(code.short_url);
    expect(decodePdf(await bytes(`/qrcodes/${code.id}/image?format=pdf`))).toBe(code.short_url);
    const svg = await preview(code);
    expect(svg).toContain('linearGradient');
    expect(svg).not.toMatch(/<script|<text|<image|href=/);
    expect(decodeImage(Buffer.from(svg), 'svg')).toBe(code.short_url);
    // The answer of GET is the same design, and a plain code has the default one.
    expect((await call<Code>(api(`/qrcodes/${code.id}`), { key })).body.design).toEqual(res.body.design);
    expect((await post('/qrcodes', { type: 'text', category: 'static', content: { text: 'plain' } })).body.design).toMatchObject({
      foreground: '#000000',
      modules: 'square',
      frame: null,
    });
  });

  it('refuses a design that would not scan, with the reason at the field, and writes nothing', async () => {
    const before = (await call<{ data: Code[] }>(api('/qrcodes?limit=100'), { key })).body.data.length;
    const low = await post<Problem>('/qrcodes', { type: 'website', content: { url: 'https://example.com' }, design: { foreground: '#999999' } });
    expect(low.status).toBe(422);
    expect(low.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(low.body.errors).toEqual([
      { pointer: '/design/foreground', code: 'low_contrast', detail: expect.stringMatching(/contrast ratio of 2\.85:1; at least 4:1/) },
    ]);
    const inverted = await post<Problem>('/qrcodes', {
      type: 'text',
      category: 'static',
      content: { text: 'x' },
      design: { foreground: '#ffffff', background: '#000' },
    });
    expect(inverted.body.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual(['/design/foreground inverted_colors']);
    const unreadable = await post<Problem>('/qrcodes', {
      type: 'text',
      category: 'static',
      content: { text: 'x'.repeat(1200) },
      design: { modules: 'dots', margin: 2, frame: { text: 'Scan me' } },
    });
    expect(unreadable.body.errors).toEqual([{ pointer: '/design', code: 'unreadable', detail: expect.stringMatching(/could not be read/) }]);
    // Bulk checks every item and stays all or nothing.
    const bulk = await post<Problem>('/qrcodes/bulk', {
      items: [
        { type: 'website', content: { url: 'https://example.com/a' }, design: { modules: 'dots' } },
        { type: 'website', content: { url: 'https://example.com/b' }, design: { foreground: '#eeeeee' } },
      ],
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual(['/items/1/design/foreground low_contrast']);
    expect((await call<{ data: Code[] }>(api('/qrcodes?limit=100'), { key })).body.data.length).toBe(before);
  });

  it('PATCH merges a design field by field, checks it, and the next preview shows it; history records it', async () => {
    const created = (
      await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/p' }, design: { modules: 'dots', frame: { text: 'Menu' } } })
    ).body;
    const first = await preview(created);
    const changed = await patch(created.id, { design: { frame: { color: '#b71c1c' } } });
    expect(changed.status).toBe(200);
    expect(changed.body.design).toMatchObject({ modules: 'dots', frame: { text: 'Menu', color: '#b71c1c' } });
    const second = await preview(created);
    expect(second).not.toBe(first);
    expect(second).toContain('#b71c1c');
    expect(decodeImage(Buffer.from(second), 'svg')).toBe(created.short_url);

    const refused = await patch<Problem>(created.id, { design: { background: '#222222' } });
    expect(refused.body.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual(['/design/foreground low_contrast']);
    expect(await preview(created)).toBe(second);

    const reset = await patch(created.id, { design: null });
    expect(reset.body.design).toMatchObject({ modules: 'square', frame: null });
    const history = await call<{ data: Array<{ changes: Array<{ field: string; before: unknown; after: unknown }> }> }>(api(`/qrcodes/${created.id}/history`), {
      key,
    });
    expect(history.body.data[0].changes).toEqual([expect.objectContaining({ field: 'design', after: null })]);
    expect(history.body.data[1].changes).toEqual([
      expect.objectContaining({ field: 'design', before: expect.objectContaining({ frame: expect.objectContaining({ color: '#000000' }) }) }),
    ]);
  });
});
