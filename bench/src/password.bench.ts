import { admin, call, createTempDir, startApp } from '@qr/testing';
import { type BenchRow } from './bench-report';
import { alternate, sameRunRow } from './same-run-redirects';

const PASSWORD = 'bench-password-1';
/** A browser: a bot is always shown the password page (200), never redirected. */
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

/**
 * A password-protected code after its unlock against a plain short link in the same all-in-one process,
 * the runs alternating: one POST of the password gets the `qr_unlock_<code id>` cookie, then every GET
 * carries it (302, verified against the daily salt, not counted again); the plain code's GETs are each
 * a counted scan.
 */
export async function benchPassword(): Promise<BenchRow[]> {
  const dir = createTempDir('bench-password');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const env = { DATA_DIR: dir.path };
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], env).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], env).json.secret);
    const create = async (extra: Record<string, unknown>) => {
      const res = await call<Record<string, unknown>>(`${server.url}/api/public/v1/qrcodes`, {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/landing' }, ...extra },
      });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return `${server.url}/${String(res.body.short_code)}`;
    };
    const plain = await create({});
    const protectedUrl = await create({ password: PASSWORD });
    const unlock = await call(protectedUrl, {
      method: 'POST',
      headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: PASSWORD }).toString(),
    });
    const cookie = unlock.headers.get('set-cookie')?.split(';')[0];
    if (unlock.status !== 302 || !cookie?.startsWith('qr_unlock_')) throw new Error(`the unlock answered ${unlock.status} without a qr_unlock_ cookie`);
    const unlocked = { ...BROWSER, Cookie: cookie };
    // The row measures what it says only if the cookie opens the code (a 200 password page would count as a success in wrk).
    const probe = await call(protectedUrl, { headers: unlocked });
    if (probe.status !== 302) throw new Error(`the unlocked GET answered ${probe.status}, not 302`);
    const got = await alternate({ plain: { url: plain, headers: BROWSER }, unlocked: { url: protectedUrl, headers: unlocked } });
    return [
      sameRunRow(
        'Redirect, password-protected code after its unlock (cookie, not counted again, all-in-one)',
        got.unlocked,
        got.plain,
        'a short link of an unprotected website code',
        2,
        'target ≥ 0.80×',
      ),
    ];
  } finally {
    await server.stop();
    dir.remove();
  }
}
