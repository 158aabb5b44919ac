import { isQrApiError, QrApiError, type QrClient, type QrCodeInput } from '@qr-platform/sdk';
import { type DnsResponder, rawRequest, startDnsResponder, waitUntil } from '@qr/testing';
import { type SdkHarness, startSdkHarness } from './support-sdk';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** One valid input per type (and both categories where a type has both). */
const EVERY_TYPE: QrCodeInput[] = [
  { type: 'website', content: { url: 'https://example.com/w' } },
  { type: 'website', category: 'static', content: { url: 'https://example.com/s' } },
  { type: 'menu', content: { title: 'Café', currency: 'EUR', sections: [{ name: 'Drinks', items: [{ name: 'Espresso', price: 2.5, tags: ['hot'] }] }] } },
  { type: 'form', content: { title: 'Call me back', fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] } },
  { type: 'vcard', content: { first_name: 'Zoë', last_name: 'Müller', phone: '+49 30 1234', email: 'zoe@example.com' } },
  { type: 'vcard', category: 'static', content: { first_name: 'Ana' } },
  { type: 'text', category: 'static', content: { text: 'Hello' } },
  { type: 'wifi', category: 'static', content: { ssid: 'Café', password: 'correct horse', encryption: 'WPA' } },
  { type: 'email', content: { to: 'shop@example.com', subject: 'Order' } },
  { type: 'phone', category: 'static', content: { number: '+4930123456' } },
  { type: 'sms', content: { number: '+4930123456', message: 'Hi' } },
  { type: 'location', category: 'static', content: { latitude: 52.52, longitude: 13.405, query: 'Berlin' } },
];

/** Every call of the SDK's codes, folders, domains, logos, presets and analytics against the real server. */
describe('SDK: codes, folders, domains, logos, presets, analytics (all-in-one)', () => {
  let h: SdkHarness;
  let dns: DnsResponder;
  let qr: QrClient;

  beforeAll(async () => {
    dns = await startDnsResponder();
    h = await startSdkHarness('sdk-codes', { DNS_RESOLVER: dns.address, TRUST_PROXY: 'true', GEO_HEADER: 'X-Country' });
    qr = h.client(h.workspace('agency').key);
  });
  afterAll(async () => {
    await h?.stop();
    await dns?.close();
  });

  it('creates, reads, changes and deletes a code; a used client_ref answers the existing code unchanged', async () => {
    const code = await qr.codes.create({ type: 'website', name: 'Flyer', content: { url: 'https://example.com/a' }, client_ref: 'flyer-1' });
    expect(code).toMatchObject({
      object: 'qr_code',
      name: 'Flyer',
      category: 'dynamic',
      state: 'active',
      client_ref: 'flyer-1',
      short_url: expect.stringContaining(code.short_code!),
    });
    const again = await qr.codes.create({ type: 'website', name: 'Other', content: { url: 'https://example.com/b' }, client_ref: 'flyer-1' });
    expect(again).toEqual(code);
    expect(await qr.codes.get(code.id)).toEqual(code);

    const changed = await qr.codes.update(code.id, {
      name: 'Flyer v2',
      status: 'paused',
      utm_source: 'print',
      destinations: [{ target_url: 'https://example.com/v2' }],
    });
    expect(changed).toMatchObject({ name: 'Flyer v2', status: 'paused', state: 'paused', utm_source: 'print', content: { url: 'https://example.com/v2' } });
    expect((await rawRequest(`${h.server.url}/${code.short_code}`)).status).toBe(403);
    await qr.codes.update(code.id, { status: 'active' });
    const redirect = await rawRequest(`${h.server.url}/${code.short_code}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/v2?utm_source=print');

    expect(await qr.codes.delete(code.id)).toEqual({ id: code.id, object: 'qr_code', deleted: true });
    const gone = await qr.codes.get(code.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(QrApiError);
    expect(gone).toMatchObject({ status: 404, code: 'not_found', requestId: expect.stringMatching(/^req_/), errors: [] });
    expect((await rawRequest(`${h.server.url}/${code.short_code}`)).status).toBe(410);
  });

  it('creates a code of every type and category, with typed content', async () => {
    for (const input of EVERY_TYPE) {
      const code = await qr.codes.create(input);
      expect(code).toMatchObject({ type: input.type, category: input.category ?? 'dynamic', content: input.content });
      expect(code.short_url === null).toBe(code.category === 'static');
    }
  });

  it('lists 120 codes across cursor pages, newest first, lazily, with filters', async () => {
    const folder = await qr.folders.create({ name: 'Pagination' });
    const report = await qr.codes.bulkCreate(
      Array.from({ length: 120 }, (_, i) => ({
        type: 'text' as const,
        category: 'static' as const,
        content: { text: `item ${i}` },
        client_ref: `page-${i}`,
        folder_id: folder.id,
      })),
    );
    expect(report).toMatchObject({ created: 120, failed: 0 });
    // Newest first means by id, descending (ids start with their creation time; codes of one bulk
    // transaction share a millisecond, so the id and not the array order is the reference).
    const newestFirst = report.items
      .map((item) => (item.status === 'failed' ? '' : item.qr_code.id))
      .sort()
      .reverse();

    const seen: string[] = [];
    for await (const code of qr.codes.list({ folder_id: folder.id, limit: 25 })) seen.push(code.id);
    expect(seen).toEqual(newestFirst);

    const sizes: number[] = [];
    const requestsBefore = h.exchanges.length;
    for await (const page of qr.codes.list({ folder_id: folder.id, limit: 25 }).pages()) {
      sizes.push(page.data.length);
      if (sizes.length === 2) break;
    }
    expect(sizes).toEqual([25, 25]);
    // Lazy: breaking out after two pages fetched two pages, not five.
    expect(h.exchanges.length - requestsBefore).toBe(2);

    expect((await qr.codes.list({ folder_id: folder.id, limit: 100 }).toArray()).map((c) => c.id)).toEqual(newestFirst);
    expect(await qr.codes.list({ folder_id: folder.id, client_ref: 'page-7' }).toArray()).toEqual([expect.objectContaining({ client_ref: 'page-7' })]);
    expect(await qr.codes.list({ folder_id: folder.id, status: 'paused' }).toArray()).toEqual([]);
    const bad = await qr.codes
      .list({ limit: 500 })
      .toArray()
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 422, code: 'validation_failed', errors: [expect.objectContaining({ pointer: '/limit' })] });
  });

  it('downloads the image as SVG, PNG and PDF, and explains a bad parameter', async () => {
    const code = await qr.codes.create({ type: 'website', content: { url: 'https://example.com/img' } });
    const svg = await qr.codes.image(code.id);
    expect(svg.contentType).toMatch(/^image\/svg\+xml/);
    expect(new TextDecoder().decode(svg.data)).toMatch(/^<svg[^>]*viewBox/);
    const png = await qr.codes.image(code.id, { format: 'png', size: 256, ecc: 'H', margin: 2 });
    expect(png.contentType).toBe('image/png');
    expect([...png.data.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(png.filename).toBe(`${code.id}.png`);
    const pdf = await qr.codes.image(code.id, { format: 'pdf' });
    expect(new TextDecoder().decode(pdf.data.subarray(0, 5))).toBe('%PDF-');
    const error = await qr.codes.image(code.id, { size: 10 }).catch((e: unknown) => e);
    expect(isQrApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/size' })] });
  });

  it('reads scan analytics of a code (JSON and CSV) and of the workspace', async () => {
    const qr = h.client(h.workspace('pro').key);
    const code = await qr.codes.create({ type: 'website', name: 'Counted', content: { url: 'https://example.com/count' } });
    await rawRequest(`${h.server.url}/${code.short_code}`, { headers: { 'user-agent': IPHONE, 'x-country': 'DE' } });
    await rawRequest(`${h.server.url}/${code.short_code}`, { headers: { 'user-agent': IPHONE, 'x-country': 'FR' } });
    const analytics = (await waitUntil(async () => {
      const a = await qr.codes.analytics(code.id, { tz: 'Europe/Berlin' });
      return a.total_scans === 2 ? a : null;
    }, 'the projection to count both scans'))!;
    expect(analytics).toMatchObject({ qr_id: code.id, timezone: 'Europe/Berlin', by_device: expect.arrayContaining([{ device: 'mobile', scans: 2 }]) });
    expect(analytics.by_country).toEqual([
      { country: 'DE', scans: 1 },
      { country: 'FR', scans: 1 },
    ]);
    expect(analytics.by_day).toHaveLength(30);

    const csv = await qr.codes.analyticsCsv(code.id, { include_bots: true });
    expect(csv).toContain(code.id);
    expect(csv).toContain('\r\n');
    const summary = await qr.analytics.workspace();
    expect(summary).toMatchObject({ object: 'workspace_analytics', total_scans: 2, top_codes: [{ qr_id: code.id, name: 'Counted', scans: 2 }] });
    const range = await qr.codes.analytics(code.id, { from: '2026-02-10', to: '2026-02-01' }).catch((e: unknown) => e);
    expect(range).toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/to', code: 'invalid_range' })] });
  });

  it('breaks scans down by the destination they were sent to, across a destination change', async () => {
    const qr = h.client(h.workspace('pro').key);
    const code = await qr.codes.create({ type: 'website', name: 'Moving', content: { url: 'https://example.com/spring' }, utm_source: 'poster' });
    const scan = async () => (await rawRequest(`${h.server.url}/${code.short_code}`, { headers: { 'user-agent': IPHONE } })).headers.location;
    expect(await scan()).toBe('https://example.com/spring?utm_source=poster');
    await scan();
    await qr.codes.update(code.id, { destinations: [{ target_url: 'https://example.com/summer' }] });
    expect(await scan()).toBe('https://example.com/summer?utm_source=poster');
    const analytics = (await waitUntil(async () => {
      const a = await qr.codes.analytics(code.id);
      return a.total_scans === 3 ? a : null;
    }, 'the projection to count three scans'))!;
    expect(analytics.by_destination).toEqual([
      { destination: 'https://example.com/spring', scans: 2 },
      { destination: 'https://example.com/summer', scans: 1 },
    ]);
    expect(await qr.codes.analyticsCsv(code.id)).toContain('destination,scans\r\nhttps://example.com/spring,2\r\nhttps://example.com/summer,1\r\n');
  });

  it('creates and lists folders and domains, and verifies a domain by its DNS TXT record', async () => {
    const folders = await Promise.all(['North', 'South'].map((name) => qr.folders.create({ name })));
    const listed = await qr.folders.list({ limit: 1 }).toArray();
    expect(listed.slice(0, 2).map((f) => f.id)).toEqual([folders[1].id, folders[0].id]);
    const duplicate = await qr.folders.create({ name: 'North' }).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/name', code: 'duplicate' })] });

    const domain = await qr.domains.create({ hostname: 'go.sdk-shop.example' });
    expect(domain).toMatchObject({ object: 'domain', status: 'pending', verification: { type: 'TXT', name: '_qr-verify.go.sdk-shop.example' } });
    expect(await qr.domains.verify(domain.id)).toMatchObject({ status: 'pending', verification: { last_error: expect.any(String) } });
    dns.set(domain.verification.name, { TXT: [[domain.verification.value]] });
    expect(await qr.domains.verify(domain.id)).toMatchObject({ status: 'verified', verified_at: expect.any(String) });
    expect((await qr.domains.list().toArray()).map((d) => d.id)).toContain(domain.id);
    const code = await qr.codes.create({ type: 'website', content: { url: 'https://example.com/d' }, custom_domain_id: domain.id });
    expect(code.short_url).toBe(`https://go.sdk-shop.example/${code.short_code}`);
  });

  it('renames and deletes folders and moves codes between them, all or none, and never across workspaces', async () => {
    const [spring, summer] = await Promise.all(['Spring', 'Summer'].map((name) => qr.folders.create({ name })));
    const codes = await Promise.all(
      [spring.id, spring.id, null].map((folder_id, i) => qr.codes.create({ type: 'text', category: 'static', content: { text: `t${i}` }, folder_id })),
    );
    const renamed = await qr.folders.rename(spring.id, 'Spring 2027');
    expect(renamed).toMatchObject({ id: spring.id, object: 'folder', name: 'Spring 2027' });
    expect(await qr.folders.rename(summer.id, 'Spring 2027').catch((e: unknown) => e)).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ pointer: '/name', code: 'duplicate' })],
    });

    // One unknown id refuses the whole move: nothing changes.
    const refused = await qr.folders.move([codes[2].id, 'qr_doesnotexist0000000000'], summer.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/code_ids/1', code: 'not_found' })] });
    expect((await qr.codes.get(codes[2].id)).folder_id).toBeNull();
    const moved = await qr.folders.move([codes[1].id, codes[2].id], summer.id);
    expect(moved).toEqual({ object: 'qr_code_move', folder_id: summer.id, moved: 2, unchanged: 0 });
    expect((await qr.folders.move([codes[1].id], summer.id)).unchanged).toBe(1);
    expect((await qr.codes.list({ folder_id: summer.id }).toArray()).map((c) => c.id).sort()).toEqual([codes[1].id, codes[2].id].sort());

    const other = h.client(h.workspace('pro').key);
    expect(await other.folders.rename(summer.id, 'Mine').catch((e: unknown) => e)).toMatchObject({ status: 404 });
    expect(await other.folders.delete(summer.id).catch((e: unknown) => e)).toMatchObject({ status: 404 });
    const otherFolder = await other.folders.create({ name: 'Theirs' });
    expect(await other.folders.move([codes[0].id], otherFolder.id).catch((e: unknown) => e)).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ pointer: '/code_ids/0', code: 'not_found' })],
    });

    // Deleting a folder takes its codes out of it in the same transaction.
    expect(await qr.folders.delete(summer.id)).toEqual({ id: summer.id, object: 'folder', deleted: true, codes_moved: 2 });
    expect((await qr.codes.get(codes[2].id)).folder_id).toBeNull();
    expect((await qr.folders.list().toArray()).map((f) => f.id)).not.toContain(summer.id);
    expect(await qr.folders.delete(summer.id).catch((e: unknown) => e)).toMatchObject({ status: 404 });
    expect((await qr.codes.get(codes[0].id)).folder_id).toBe(spring.id);
    const bad = await qr.folders.move([], null).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/code_ids', code: 'too_short' })] });
  });

  it('keeps the history of a code: PATCH, pause and delete with before and after, by which key; never across workspaces', async () => {
    const code = await qr.codes.create({ type: 'website', name: 'Poster', content: { url: 'https://example.com/spring' } });
    await qr.codes.update(code.id, { destinations: [{ target_url: 'https://example.com/summer' }], scan_limit: 500 });
    await qr.codes.update(code.id, { status: 'paused' });
    await qr.codes.delete(code.id);
    const entries = await qr.codes.history(code.id).toArray();
    expect(entries.map((e) => e.action)).toEqual(['deleted', 'paused', 'updated', 'created']);
    const [deleted, paused, updated, created] = entries;
    expect(updated.changes).toEqual(
      expect.arrayContaining([
        { field: 'scan_limit', before: null, after: 500 },
        {
          field: 'destinations',
          before: [expect.objectContaining({ target_url: 'https://example.com/spring' })],
          after: [expect.objectContaining({ target_url: 'https://example.com/summer' })],
        },
      ]),
    );
    expect(paused.changes).toEqual([{ field: 'status', before: 'active', after: 'paused' }]);
    expect(deleted.changes).toEqual([]);
    expect(created.revision).toBe(1);
    for (const e of entries) {
      expect(e.actor).toEqual({ kind: 'api_key', id: expect.stringMatching(/^key_/), name: 'sdk' });
      expect(e.via).toBe('api');
      expect(e.request_id).toMatch(/^req_[0-9a-f]{32}$/);
    }
    // The X-Request-Id a caller sends is the one history keeps.
    const traced = h.workspace('agency');
    const res = await rawRequest(`${h.server.url}/api/public/v1/qrcodes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${traced.key}`, 'content-type': 'application/json', 'x-request-id': 'trace-42' },
      body: JSON.stringify({ type: 'text', category: 'static', content: { text: 'traced' } }),
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe('trace-42');
    const [tracedEntry] = await h
      .client(traced.key)
      .codes.history((JSON.parse(res.body) as { id: string }).id)
      .toArray();
    expect(tracedEntry).toMatchObject({ action: 'created', request_id: 'trace-42' });

    // Small pages walk the same entries; another workspace and an unknown id are 404; no route writes history.
    expect((await qr.codes.history(code.id, { limit: 1 }).toArray()).map((e) => e.id)).toEqual(entries.map((e) => e.id));
    const other = h.client(h.workspace('pro').key);
    expect(
      await other.codes
        .history(code.id)
        .toArray()
        .catch((e: unknown) => e),
    ).toMatchObject({ status: 404 });
    expect(
      await qr.codes
        .history('qr_doesnotexist0000000000')
        .toArray()
        .catch((e: unknown) => e),
    ).toMatchObject({ status: 404 });
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const write = await rawRequest(`${h.server.url}/api/public/v1/qrcodes/${code.id}/history`, {
        method,
        headers: { authorization: `Bearer ${traced.key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(write.status).toBe(404);
    }
  });

  it('uploads a logo, makes a brand preset with it, and a code that follows the preset with an override of its own', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><circle cx="5" cy="5" r="5" fill="#c2185b"/></svg>',
    );
    const logo = await qr.logos.upload(svg, { name: 'Dot' });
    expect(logo).toMatchObject({ object: 'logo', name: 'Dot' });
    expect((await qr.logos.list()).map((l) => l.id)).toContain(logo.id);
    expect(await qr.logos.get(logo.id)).toEqual(logo);
    const png = await qr.logos.image(logo.id);
    expect(Buffer.from(png.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(Buffer.from(png).toString('latin1')).not.toContain('alert');
    expect(await qr.logos.upload(Buffer.from('not a picture')).catch((e: unknown) => e)).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ pointer: '/data' })],
    });

    const brand = await qr.designPresets.create({
      name: 'SDK brand',
      design: { modules: 'rounded', logo: { id: logo.id, size: 0.2 }, frame: { text: 'Scan me' } },
    });
    expect(brand).toMatchObject({ object: 'design_preset', design: { modules: 'rounded', logo: { id: logo.id }, frame: { text: 'Scan me' } } });
    const code = await qr.codes.create({
      type: 'website',
      content: { url: 'https://example.com/brand' },
      design_preset_id: brand.id,
      design: { frame: { text: 'See the menu' } },
    });
    expect(code).toMatchObject({ design_preset_id: brand.id, error_correction: 'H', design: { modules: 'rounded', frame: { text: 'See the menu' } } });

    const changed = await qr.designPresets.update(brand.id, { design: { foreground: '#0d47a1' } });
    expect(changed.design.foreground).toBe('#0d47a1');
    expect((await qr.codes.get(code.id)).design).toMatchObject({ foreground: '#0d47a1', frame: { text: 'See the menu' } });
    expect((await qr.designPresets.list()).map((p) => p.id)).toContain(brand.id);
    expect(await qr.designPresets.get(brand.id)).toEqual(changed);
    const pale = await qr.designPresets.update(brand.id, { design: { foreground: '#eeeeee' } }).catch((e: unknown) => e);
    expect(pale).toMatchObject({ status: 422, errors: [expect.objectContaining({ code: 'low_contrast' })] });

    // Followed and shown, neither can go; once the code has gone, both can.
    expect(await qr.designPresets.delete(brand.id).catch((e: unknown) => e)).toMatchObject({ status: 409 });
    expect(await qr.logos.delete(logo.id).catch((e: unknown) => e)).toMatchObject({ status: 409 });
    await qr.codes.delete(code.id);
    expect(await qr.designPresets.delete(brand.id)).toEqual({ id: brand.id, object: 'design_preset', deleted: true });
    expect(await qr.logos.delete(logo.id)).toEqual({ id: logo.id, object: 'logo', deleted: true });
  });

  it('got only answers its OpenAPI document describes (the document the SDK types are generated from)', async () => {
    expect(h.exchanges.length).toBeGreaterThan(40);
    // A 429 (the per-second limit, when a loaded machine lets requests bunch up) is documented too, and the SDK retries it.
    expect(new Set(h.exchanges.map((e) => e.status).filter((s) => s !== 429))).toEqual(new Set([200, 201, 404, 409, 422]));
    expect(await h.contractViolations()).toEqual([]);
  });
});
