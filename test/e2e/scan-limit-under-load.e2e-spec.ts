import { type ChildProcess, spawn } from 'node:child_process';
import { admin, type AppProcess, call, createTempDir, rawRequest, startApp, type TempDir } from '@qr/testing';

const CODES = 10;
/**
 * How long a spinner spins at most: longer than the test may run (jest.e2e.config.js's testTimeout,
 * 120 s), so it keeps the cores busy throughout; bounded, so a run interrupted before afterAll (Ctrl-C,
 * a killed runner) does not leave them spinning.
 */
const SPIN_MS = 150_000;
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/**
 * Read-your-writes for scan counts on a busy machine: four processes spinning keep every core full
 * (this machine has two; a CI runner rarely more than four), as other tenants of a small server would.
 * The API's answer right after a scan must already count it, and right after the scan that reached the
 * limit it must say `limit_reached`, although all-in-one's background thread, which carries the scan
 * events on to qr-service, gets little of the CPU.
 */
describe('scan limits read back at once while the cores are busy (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  const spinners: ChildProcess[] = [];
  const api = (path: string) => `${server.url}/api/public/v1${path}`;

  beforeAll(async () => {
    dir = createTempDir('limit-under-load');
    server = await startApp('all-in-one', { DATA_DIR: dir.path });
    const ws = admin(['workspace', 'create', '--name', 'busy', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
    for (let i = 0; i < 4; i++)
      spinners.push(spawn(process.execPath, ['-e', `const end = Date.now() + ${SPIN_MS}; while (Date.now() < end) {}`], { stdio: 'ignore' }));
  });
  afterAll(async () => {
    for (const spinner of spinners) spinner.kill('SIGKILL');
    await server?.stop();
    dir?.remove();
  });

  it('shows each scan in scan_count as soon as it is answered, and limit_reached right after the 7th of 7', async () => {
    expect(spinners.every((s) => s.exitCode === null && s.pid !== undefined)).toBe(true);
    // Several codes, each read after every scan: one read that overtook the count is enough to fail.
    for (let c = 0; c < CODES; c++) {
      const created = await call<{ id: string; short_code: string }>(api('/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/seven' }, scan_limit: 7 },
      });
      expect(created.status).toBe(201);
      const code = created.body;
      const seen: Array<{ state: string; scan_count: number }> = [];
      for (let n = 1; n <= 7; n++) {
        const scan = await rawRequest(`${server.url}/${code.short_code}`, { headers: { 'user-agent': DESKTOP } });
        expect(scan.status).toBe(302);
        const read = await call<{ state: string; scan_count: number }>(api(`/qrcodes/${code.id}`), { key });
        seen.push({ state: read.body.state, scan_count: read.body.scan_count });
      }
      expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => ({ state: i < 6 ? 'active' : 'limit_reached', scan_count: i + 1 })));
      expect((await rawRequest(`${server.url}/${code.short_code}`, { headers: { 'user-agent': DESKTOP } })).status).toBe(410);
      const listed = await call<{ data: Array<{ id: string; state: string; scan_count: number }> }>(api('/qrcodes'), { key });
      expect(listed.body.data.find((x) => x.id === code.id)).toMatchObject({ state: 'limit_reached', scan_count: 7 });
    }
  });
});
