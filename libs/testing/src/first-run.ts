import { admin, type AppProcess, startApp } from './app-process';
import { freePort } from './own-services';
import { createTempDir, type TempDir } from './temp-dir';
import { waitUntil } from './wait-until';

export interface FirstRun {
  dir: TempDir;
  server: AppProcess;
  /** `http://localhost:<port>`, also the server's PUBLIC_BASE_URL. */
  base: string;
  /** The owner's one-time dashboard sign-in link the first run printed. */
  link: string;
  workspaceId: string;
  /** An API key of that workspace. */
  key: string;
}

/**
 * The all-in-one on an empty database, as `npm start` first runs: the workspace it creates, its owner's
 * sign-in link, and an API key made with the admin CLI. `env` adds to DATA_DIR, PORT and PUBLIC_BASE_URL.
 */
export async function startFirstRun(label: string, env: Record<string, string> = {}): Promise<FirstRun> {
  const dir = createTempDir(label);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startApp('all-in-one', { DATA_DIR: dir.path, PORT: String(port), PUBLIC_BASE_URL: base, ...env });
  const link = (await waitUntil(() => /dashboard: (\S+)/.exec(server.output()), 'the first-run sign-in link'))![1];
  const workspaceId = /workspace: (ws_\w+)/.exec(server.output())![1];
  const key = String(admin(['key', 'create', '--workspace', workspaceId, '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
  return { dir, server, base, link, workspaceId, key };
}
