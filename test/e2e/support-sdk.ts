import { QrClient, type QrClientOptions } from '@qr-platform/sdk';
import { admin, type AppProcess, call, contractViolations, createTempDir, type RecordedExchange, recordingFetch, startApp, type TempDir } from '@qr/testing';

/** The all-in-one server started for an SDK suite, and SDK clients whose every answer is recorded. */
export interface SdkHarness {
  server: AppProcess;
  dir: TempDir;
  /** The environment the admin CLI needs to reach this server's data. */
  env: Record<string, string>;
  /** A new workspace on `plan` and an owner key for it. */
  workspace(plan: 'free' | 'starter' | 'pro' | 'agency'): { id: string; key: string };
  /** A client of this server; `observe` sees every response before the SDK does. */
  client(key: string, options?: QrClientOptions & { observe?: (res: Response, method: string, path: string) => void | Promise<void> }): QrClient;
  /** Every JSON answer the clients received, for the OpenAPI check. */
  exchanges: RecordedExchange[];
  /** The answers the server's own OpenAPI document does not describe (see contractViolations). */
  contractViolations(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts an all-in-one server on a fresh data directory (plus `env`), for one SDK suite. */
export async function startSdkHarness(label: string, env: Record<string, string> = {}): Promise<SdkHarness> {
  const dir = createTempDir(label);
  const fullEnv = { DATA_DIR: dir.path, ...env };
  const server = await startApp('all-in-one', fullEnv);
  const exchanges: RecordedExchange[] = [];
  return {
    server,
    dir,
    env: fullEnv,
    exchanges,
    workspace(plan) {
      const ws = admin(['workspace', 'create', '--name', `${label} ${plan}`, '--plan', plan], fullEnv).json;
      const key = admin(['key', 'create', '--workspace', String(ws.id), '--name', 'sdk', '--role', 'owner'], fullEnv).json;
      return { id: String(ws.id), key: String(key.secret) };
    },
    client(key, { observe, ...options } = {}) {
      return new QrClient({ apiKey: key, baseUrl: server.url, fetch: recordingFetch(exchanges, observe), ...options });
    },
    async contractViolations() {
      const document = (await call(`${server.url}/api/public/v1/openapi.json`)).body;
      return contractViolations(document, exchanges);
    },
    async stop() {
      await server.stop();
      dir.remove();
    },
  };
}
