import { spawnSync } from 'node:child_process';
import { rawRequest } from '@qr/testing';

/** What the Dockerfile builds: one image per deployable, the admin CLI (migrations Job) and all-in-one. */
export const DEPLOYABLES = ['api-gateway', 'qr-service', 'redirect-service', 'analytics-service', 'webhook-dispatcher'] as const;
export const IMAGES = [...DEPLOYABLES, 'admin-cli', 'all-in-one'] as const;
export type ImageApp = (typeof IMAGES)[number];

/** The tag docs/operations.md builds and docker-compose.yml and deploy/ name. */
export function imageOf(app: ImageApp): string {
  return `ghcr.io/qr-platform/${app}:latest`;
}

export const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Runs the docker CLI and returns its stdout; throws with stderr when it fails. */
export function docker(args: string[], o: { input?: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean } = {}): string {
  const r = spawnSync('docker', args, { encoding: 'utf8', input: o.input, env: o.env ?? process.env, maxBuffer: 256 * 1024 * 1024 });
  if (r.error)
    throw new Error(`the docker command was not found: run \`bash scripts/docker-engine.sh\` (installs docker.io and starts dockerd) (${r.error.message})`);
  if (r.status !== 0 && !o.allowFailure) throw new Error(`docker ${args.slice(0, 4).join(' ')} … exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

/** Fails (never skips) when no Docker engine answers, saying how to get one. */
export function requireDocker(): void {
  const r = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new Error(
      `no Docker engine answers (${r.error?.message ?? r.stderr.trim()}): the docker tier needs one; \`bash scripts/docker-engine.sh\` installs docker.io, Compose v2 and buildx and starts dockerd`,
    );
  }
}

/** Fails when an image is missing: the docker tier's first file (images-offline) builds them. */
export function requireImages(apps: readonly ImageApp[] = IMAGES): void {
  const missing = apps.filter((a) => docker(['image', 'inspect', imageOf(a)], { allowFailure: true }) === '');
  if (missing.length)
    throw new Error(
      `missing images ${missing.map(imageOf).join(', ')}: build them as docs/operations.md says ("Build the images without access to Docker Hub")`,
    );
}

export interface ContainerState {
  running: boolean;
  exitCode: number;
  oomKilled: boolean;
}

export function stateOf(container: string): ContainerState {
  const [running, exitCode, oom] = docker(['inspect', '--format', '{{.State.Running}} {{.State.ExitCode}} {{.State.OOMKilled}}', container]).trim().split(' ');
  return { running: running === 'true', exitCode: Number(exitCode), oomKilled: oom === 'true' };
}

/** Sends scans (a phone's GET) to `url` from `workers` loops until stopped; counts the 302s answered. */
export function scanLoad(url: string, workers = 8): { acknowledged: () => number; errors: () => number; stop: () => Promise<void> } {
  let acknowledged = 0;
  let errors = 0;
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      try {
        const r = await rawRequest(url, { headers: { 'user-agent': PHONE } });
        if (r.status === 302) acknowledged += 1;
        else errors += 1;
      } catch {
        errors += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    acknowledged: () => acknowledged,
    errors: () => errors,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
