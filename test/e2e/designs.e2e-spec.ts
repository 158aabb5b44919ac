import { admin, type AppProcess, call, createTempDir, decodeImage, decodePdf, dynamicAllowanceUsed, startApp, type TempDir } from '@qr/testing';

type Code = Record<string, unknown> & { id: string; short_url: string | null; preview_url: string; design: Record<string, unknown> };
type Problem = { status: number; errors: Array<{ pointer: string; code: string; detail: string }> };

/** Designed codes through the public API of the all-in-one server: saved only when they scan. */
describe('code designs (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  let workspaceId: string;
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const post = <T = Code>(path: string, json: unknown) => call<T>(api(path), { method: 'POST', key, json });
  const patch = <T = Code>(id: string, json: unknown) => call<T>(api(`/qrcodes/${id}`), { method: 'PATCH', key, json });
  const bytes = async (path: string) => Buffer.from(await (await fetch(api(path), { headers: { authorization: `Bearer ${key}` } })).arrayBuffer());
  const preview = async (code: Code) => (await fetch(code.preview_url.replace(/^https?:\/\/[^/]+/, server.url))).text();

  /** Meets every colour rule, but neither decoder reads it at 2 cm. */
  const UNREADABLE = {
    type: 'text',
    category: 'static',
    content: { text: 'x'.repeat(1200) },
    design: { modules: 'dots', margin: 2, frame: { text: 'Scan me' } },
  };
  const dynamicUsed = () => dynamicAllowanceUsed(dir.path, workspaceId);

  beforeAll(async () => {
    dir = createTempDir('designs');
    server = await startApp('all-in-one', { DATA_DIR: dir.path, SHORT_BASE_URL: 'https://qr.example' });
    const ws = admin(['workspace', 'create', '--name', 'Brand', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    workspaceId = String(ws.id);
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
      logo: null,
    });
    expect(res.body.error_correction).toBe('M');
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
    const unreadable = await post<Problem>('/qrcodes', UNREADABLE);
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
    // A design is read back after the dynamic allowance is reserved; refusing it gives the reservation back.
    const usedBefore = dynamicUsed();
    const mixed = await post<Problem>('/qrcodes/bulk', {
      items: [
        { type: 'website', content: { url: 'https://example.com/c' }, design: { modules: 'dots' } },
        { ...UNREADABLE, client_ref: 'unreadable-1' },
      ],
    });
    expect(mixed.body.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual(['/items/1/design unreadable']);
    expect(dynamicUsed()).toBe(usedBefore);
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

  describe('logos', () => {
    const LOGO_SVG =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" onload="alert(1)"><script>alert(document.cookie)</script>' +
      '<circle cx="50" cy="50" r="48" fill="#c2185b"/><polygon points="50,12 61,40 91,40 67,58 76,88 50,70 24,88 33,58 9,40 39,40" fill="#fff"/>' +
      '<image href="/etc/hostname" width="10" height="10"/><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>';
    type Logo = { id: string; width: number; height: number; source_type: string; content_type: string };
    const upload = (form: FormData) => fetch(api('/logos'), { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    const fileForm = (bytes: Buffer, type: string, name = 'Brand') => {
      const form = new FormData();
      form.append('name', name);
      form.append('file', new Blob([bytes], { type }), 'logo');
      return form;
    };
    const logoCount = async () => (await call<{ data: Logo[] }>(api('/logos'), { key })).body.data.length;
    let svgLogo: Logo;

    it('takes an SVG with a script, as JSON, and keeps only a PNG drawn from its shapes', async () => {
      const res = await post<Logo>('/logos', { name: 'Star', data: Buffer.from(LOGO_SVG).toString('base64') });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ object: 'logo', name: 'Star', content_type: 'image/png', source_type: 'image/svg+xml', width: 512, height: 512 });
      svgLogo = res.body;
      const image = await fetch(api(`/logos/${svgLogo.id}/image`), { headers: { authorization: `Bearer ${key}` } });
      expect(image.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await image.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.toString('latin1')).not.toMatch(/script|alert/);
    });

    it('takes a PNG as multipart and encodes it again', async () => {
      const sharp = (await import('sharp')).default;
      const source = await sharp({ create: { width: 800, height: 400, channels: 4, background: '#1a237e' } })
        .png()
        .toBuffer();
      const res = await upload(fileForm(source, 'image/png'));
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ source_type: 'image/png', width: 512, height: 256, source_bytes: source.length });
    });

    it('refuses wrong types, oversized and damaged files, decompression bombs and unsafe SVG with a 422, storing nothing', async () => {
      const sharp = (await import('sharp')).default;
      const before = await logoCount();
      const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const bomb = Buffer.from(whole);
      bomb.writeUInt32BE(30000, 16);
      bomb.writeUInt32BE(30000, 20);
      bomb.writeUInt32BE((await import('node:zlib')).crc32(bomb.subarray(12, 29)), 29);
      const cases: Array<[Buffer, string]> = [
        [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'unsupported_type'],
        [Buffer.alloc(1024 * 1024 + 10, 0x89), 'too_large'],
        [whole.subarray(0, 80), 'unreadable_image'],
        [bomb, 'too_many_pixels'],
        [Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'), 'unsafe_svg'],
      ];
      for (const [bytes, code] of cases) {
        const res = await upload(fileForm(bytes, 'application/octet-stream'));
        expect(res.status).toBe(422);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(((await res.json()) as Problem).errors).toEqual([expect.objectContaining({ pointer: '/file', code })]);
      }
      expect((await call(api('/logos'), { method: 'POST', key, body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
      expect(await logoCount()).toBe(before);
    });

    it('puts a logo on a code at error correction H; its preview carries no script, and zbar reads its PNG and PDF', async () => {
      const design = { modules: 'rounded', logo: { id: svgLogo.id, size: 0.25 }, frame: { text: 'Scan me' } };
      const res = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/logo' }, design });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ error_correction: 'H', design: { logo: { id: svgLogo.id, size: 0.25, background: true } } });
      const code = res.body;
      const svg = await preview(code);
      expect(svg).toContain('href="data:image/png;base64,');
      expect(svg).not.toMatch(/<script|alert|onload|foreignObject|\/etc\/hostname/);
      expect(decodeImage(await bytes(`/qrcodes/${code.id}/image?format=png&size=600`), 'png')).toBe(code.short_url);
      expect(decodePdf(await bytes(`/qrcodes/${code.id}/image?format=pdf`))).toBe(code.short_url);
      expect(decodeImage(Buffer.from(svg), 'svg')).toBe(code.short_url);

      const tooBig = await post<Problem>('/qrcodes', {
        type: 'website',
        content: { url: 'https://example.com' },
        design: { logo: { id: svgLogo.id, size: 0.35 } },
      });
      expect(tooBig.body.errors).toEqual([{ pointer: '/design/logo/size', code: 'logo_too_large', detail: expect.stringMatching(/at most 30%/) }]);
      const unknown = await post<Problem>('/qrcodes', {
        type: 'website',
        content: { url: 'https://example.com' },
        design: { logo: { id: 'logo_000000000000000000000000' } },
      });
      expect(unknown.body.errors).toEqual([expect.objectContaining({ pointer: '/design/logo/id', code: 'not_found' })]);

      // In use, a logo cannot be deleted; once no code shows it, it can.
      const inUse = await call<Problem>(api(`/logos/${svgLogo.id}`), { method: 'DELETE', key });
      expect(inUse.status).toBe(409);
      expect((await patch(code.id, { design: { logo: null } })).body).toMatchObject({ error_correction: 'M', design: { logo: null } });
      // A brand preset that shows it keeps it too: codes following the preset store only their overrides.
      const preset = await post<{ id: string }>('/design-presets', { name: 'With the star', design: { logo: { id: svgLogo.id, size: 0.2 } } });
      expect(preset.status).toBe(201);
      const byPreset = await call<Problem & { detail: string }>(api(`/logos/${svgLogo.id}`), { method: 'DELETE', key });
      expect(byPreset.status).toBe(409);
      expect(byPreset.body.detail).toMatch(/1 brand preset show this logo/);
      expect((await call(api(`/design-presets/${preset.body.id}`), { method: 'DELETE', key })).status).toBe(200);
      expect((await call(api(`/logos/${svgLogo.id}`), { method: 'DELETE', key })).body).toEqual({ id: svgLogo.id, object: 'logo', deleted: true });
      expect((await call(api(`/logos/${svgLogo.id}`), { key })).status).toBe(404);
    });
  });

  describe('brand presets', () => {
    type Preset = { id: string; name: string; design: Record<string, unknown> };
    const presetPatch = <T = Preset>(id: string, json: unknown) => call<T>(api(`/design-presets/${id}`), { method: 'PATCH', key, json });

    it('codes follow a preset with their own overrides; a preset change shows in the next preview of every one of them', async () => {
      const preset = await post<Preset>('/design-presets', {
        name: 'Spring brand',
        design: { foreground: '#1a237e', modules: 'rounded', frame: { text: 'Scan me' } },
      });
      expect(preset.status).toBe(201);
      const plain = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/p1' }, design_preset_id: preset.body.id });
      const menu = await post('/qrcodes', {
        type: 'website',
        content: { url: 'https://example.com/p2' },
        design_preset_id: preset.body.id,
        design: { frame: { text: 'Menu' } },
      });
      expect(plain.status).toBe(201);
      expect(plain.body).toMatchObject({ design_preset_id: preset.body.id, design: { foreground: '#1a237e', modules: 'rounded', frame: { text: 'Scan me' } } });
      expect(menu.body).toMatchObject({ design: { foreground: '#1a237e', frame: { text: 'Menu' } } });
      const before = [await preview(plain.body), await preview(menu.body)];

      const changed = await presetPatch(preset.body.id, { design: { foreground: '#b71c1c' } });
      expect(changed.status).toBe(200);
      for (const [i, code] of [plain.body, menu.body].entries()) {
        const svg = await preview(code);
        expect(svg).not.toBe(before[i]);
        expect(svg).toContain('#b71c1c');
        expect(decodeImage(Buffer.from(svg), 'svg')).toBe(code.short_url);
      }
      expect((await call<Code>(api(`/qrcodes/${menu.body.id}`), { key })).body.design).toMatchObject({ foreground: '#b71c1c', frame: { text: 'Menu' } });

      // A change that would not scan is refused, and changes nothing.
      const pale = await presetPatch<Problem>(preset.body.id, { design: { foreground: '#bbbbbb' } });
      expect(pale.body.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual(['/design/foreground low_contrast']);
      expect(await preview(plain.body)).toContain('#b71c1c');

      // Leaving the preset keeps the look as the code's own; later preset changes no longer reach it.
      const left = await patch(plain.body.id, { design_preset_id: null });
      expect(left.body).toMatchObject({ design_preset_id: null, design: { foreground: '#b71c1c', modules: 'rounded' } });
      expect((await presetPatch(preset.body.id, { design: { foreground: '#1b5e20' } })).status).toBe(200);
      expect(await preview(plain.body)).toContain('#b71c1c');
      expect(await preview(menu.body)).toContain('#1b5e20');

      expect((await call<Problem>(api(`/design-presets/${preset.body.id}`), { method: 'DELETE', key })).status).toBe(409);
      const unknown = await post<Problem>('/qrcodes', {
        type: 'website',
        content: { url: 'https://example.com' },
        design_preset_id: 'dsp_000000000000000000000000',
      });
      expect(unknown.body.errors).toEqual([expect.objectContaining({ pointer: '/design_preset_id', code: 'not_found' })]);
    });

    it('checks a changed preset on each kind of code that follows it, and names the code it would not scan on', async () => {
      const preset = await post<Preset>('/design-presets', { name: 'Dense', design: {} });
      const dense = await post('/qrcodes', {
        type: 'text',
        category: 'static',
        name: 'Long note',
        content: { text: 'x'.repeat(1200) },
        design_preset_id: preset.body.id,
      });
      expect(dense.status).toBe(201);
      // Fine on a short link, not on this dense static code: refused with the code named.
      const risky = await presetPatch<Problem>(preset.body.id, { design: { modules: 'dots', margin: 2, frame: { text: 'Scan me' } } });
      expect(risky.status).toBe(422);
      expect(risky.body.errors).toEqual([
        expect.objectContaining({ pointer: '/design', code: 'unreadable', detail: expect.stringContaining(`on Long note (${dense.body.id})`) }),
      ]);
      expect((await call<Preset>(api(`/design-presets/${preset.body.id}`), { key })).body.design).toMatchObject({ modules: 'square', margin: 4, frame: null });
      const names = (await call<{ data: Preset[] }>(api('/design-presets'), { key })).body.data.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Dense', 'Spring brand']));
    });
  });
});
