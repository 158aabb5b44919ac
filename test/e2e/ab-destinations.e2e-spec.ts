import { admin, type AppProcess, call, createTempDir, rawRequest, seededRandom, startApp, type TempDir, waitUntil } from '@qr/testing';

const UA = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (n % 30)}.0.0.0 Safari/537.36`;
const WEIGHTS = { 'https://example.com/a': 70, 'https://example.com/b': 20, 'https://example.com/c': 10 } as const;
const VISITORS = 10_000;
const BATCH = 50;

type Code = { id: string; short_code: string };

/**
 * Weighted A/B destinations through the real redirect (all-in-one): distinct visitors (client
 * address from a trusted proxy header, and user agent) split by the weights, each one sticky.
 */
describe('weighted A/B destinations (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const scan = (code: string, ip: string, ua: string) => rawRequest(`${server.url}/${code}`, { headers: { 'user-agent': ua, 'x-forwarded-for': ip } });

  beforeAll(async () => {
    dir = createTempDir('ab-e2e');
    server = await startApp('all-in-one', { DATA_DIR: dir.path, TRUST_PROXY: 'true' });
    const ws = admin(['workspace', 'create', '--name', 'ab', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('refuses bad weights with pointers and changes nothing', async () => {
    const res = await call(api('/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', destinations: [{ target_url: 'https://example.com/a' }, { target_url: 'https://example.com/b', weight: 2.5 }] },
    });
    expect(res.status).toBe(422);
    expect((res.body.errors as Array<{ pointer: string; code: string }>).map((e) => `${e.pointer} ${e.code}`).sort()).toEqual([
      '/destinations/0/weight required',
      '/destinations/1/weight invalid',
    ]);
    const list = await call<{ data: unknown[] }>(api('/qrcodes'), { key });
    expect(list.body.data).toHaveLength(0);
  });

  it('lands 10,000 distinct visitors (fixed seed) within ±2 points of 70/20/10, sticky per visitor, and analytics count them by destination', async () => {
    const created = await call<Code & { destinations: Array<{ weight?: number }> }>(api('/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', destinations: Object.entries(WEIGHTS).map(([target_url, weight]) => ({ target_url, weight })) },
    });
    expect(created.status).toBe(201);
    expect(created.body.destinations.map((d) => d.weight)).toEqual([70, 20, 10]);
    const code = created.body;

    const random = seededRandom(41);
    const visitors = Array.from({ length: VISITORS }, (_, i) => ({
      ip: `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`,
      ua: UA(i),
    }));
    const landed = new Map<string, number>();
    const firstAnswer: string[] = [];
    for (let i = 0; i < VISITORS; i += BATCH) {
      const answers = await Promise.all(visitors.slice(i, i + BATCH).map((v) => scan(code.short_code, v.ip, v.ua)));
      for (const a of answers) {
        expect(a.status).toBe(302);
        const location = String(a.headers.location);
        firstAnswer.push(location);
        landed.set(location, (landed.get(location) ?? 0) + 1);
      }
    }
    for (const [target, weight] of Object.entries(WEIGHTS)) {
      expect(Math.abs(((landed.get(target) ?? 0) / VISITORS) * 100 - weight)).toBeLessThanOrEqual(2);
    }

    // The same visitors again: every one lands where it landed before.
    const again = await Promise.all(visitors.slice(0, 200).map((v) => scan(code.short_code, v.ip, v.ua)));
    expect(again.map((a) => a.headers.location)).toEqual(firstAnswer.slice(0, 200));
    for (let i = 0; i < 200; i++) landed.set(firstAnswer[i], landed.get(firstAnswer[i])! + 1);

    type Analytics = { total_scans: number; by_destination: Array<{ destination: string; scans: number }> };
    const get = () => call<Analytics>(api(`/qrcodes/${code.id}/analytics`), { key });
    await waitUntil(async () => (await get()).body.total_scans === VISITORS + 200, 'the projection to count every scan', 60_000, 250);
    const byDestination = Object.fromEntries((await get()).body.by_destination.map((r) => [r.destination, r.scans]));
    expect(byDestination).toEqual(Object.fromEntries(landed));
  }, 240_000);
});
