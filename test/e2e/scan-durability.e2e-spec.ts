import { setTimeout as sleep } from 'node:timers/promises';
import { admin, type AppProcess, call, createTempDir, rawRequest, startApp, type TempDir, waitUntil } from '@qr/testing';
import { committedEvents } from './support-events';

/** kill -9 under load: every scan that got its 302 is in the committed events after a restart. */
describe('scan durability', () => {
  let dir: TempDir;
  let server: AppProcess | null = null;

  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('loses no acknowledged scan when the server is killed with SIGKILL mid-load', async () => {
    dir = createTempDir('durability');
    server = await startApp('all-in-one', { DATA_DIR: dir.path });
    const ws = admin(['workspace', 'create', '--name', 'd', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
    const code = (
      await call<{ id: string; short_code: string }>(`${server.url}/api/public/v1/qrcodes`, {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com' } },
      })
    ).body;

    let acknowledged = 0;
    let stop = false;
    const url = `${server.url}/${code.short_code}`;
    const worker = async () => {
      while (!stop) {
        try {
          if ((await rawRequest(url)).status === 302) acknowledged += 1;
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 32 }, worker);
    await waitUntil(() => acknowledged >= 500, '500 acknowledged scans', 30_000);
    await server.kill9();
    stop = true;
    await Promise.all(workers);
    server = null;

    // The committed scans are in redirect.sqlite's outbox (or already in the log): a restart relays them.
    server = await startApp('all-in-one', { DATA_DIR: dir.path });
    await sleep(300);
    const scans = committedEvents(dir.path, code.id).filter((e) => e.type === 'qr.scanned');
    expect(acknowledged).toBeGreaterThanOrEqual(500);
    expect(scans.length).toBeGreaterThanOrEqual(acknowledged);
    expect(new Set(scans.map((e) => e.data.scan_number)).size).toBe(scans.length);
  });
});
