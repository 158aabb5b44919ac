import { admin, call } from '@qr/testing';

/**
 * What the all-in-one redirect rows measure, made in a running all-in-one: a workspace with one key, a
 * plain website code and the same with a scan limit (so every scan takes the counted path). `appsDir`
 * names another build's admin CLI (compare-builds).
 */
export async function redirectBenchCodes(serverUrl: string, env: Record<string, string>, appsDir?: string): Promise<{ plain: string; limited: string }> {
  const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], env, undefined, appsDir).json;
  const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], env, undefined, appsDir).json.secret);
  const make = async (extra: Record<string, unknown>) =>
    (
      await call<{ short_code: string }>(`${serverUrl}/api/public/v1/qrcodes`, {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/landing' }, ...extra },
      })
    ).body.short_code;
  return { plain: await make({}), limited: await make({ scan_limit: 1_000_000_000 }) };
}

/**
 * Waits until every outbox is relayed and every consumer group has handled everything (the process's
 * /metrics), and returns how long that took.
 */
export async function caughtUp(baseUrl: string, everyMs = 50, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    const backlog = text.split('\n').filter((l) => /^(qr_event_consumer_lag|qr_outbox_pending)\{/.test(l));
    if (backlog.length && backlog.every((l) => / 0$/.test(l))) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${baseUrl}: the background did not catch up within ${timeoutMs} ms:\n${backlog.join('\n')}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
