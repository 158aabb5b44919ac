import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { createTestPostgres, freePort, TEST_REDIS_URL, type TestPostgres, testKafkaBrokers, waitUntil } from '@qr/testing';
import { type Deployable, loadRuntimeConfig } from '../../libs/platform/src/config/runtime-config';
import { REPO } from './support-doc-blocks';
import { DEPLOYABLES, docker, requireDocker, requireImages, stateOf } from './support-docker';

/**
 * deploy/base and every overlay, rendered as validate-manifests does (kubectl kustomize), held to the
 * images: each Deployment's environment (its env, the ConfigMap, the Secret's keys) passes the runtime
 * configuration's own checks for its deployable; its probes name the port its process listens on and
 * paths that answer 200 when its image runs with that environment and the manifest's securityContext;
 * that securityContext is what the images run as (the image's uid, non-root, read-only root, no
 * privilege escalation); the migrations Job runs the admin-cli image of the same release and tag.
 */
interface Container {
  name: string;
  image: string;
  args?: string[];
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name: string; containerPort: number }>;
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface Probe {
  httpGet: { path: string; port: string | number };
}
interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; runAsGroup?: number };
  volumes?: Array<{ name: string; emptyDir?: unknown }>;
}
interface Resource {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec: { template: { spec: PodSpec } };
}

const OVERLAYS = readdirSync(join(REPO, 'deploy/overlays')).map((o) => `deploy/overlays/${o}`);

function render(dir: string): Resource[] {
  let text: string;
  try {
    text = execFileSync('kubectl', ['kustomize', join(REPO, dir)], { encoding: 'utf8' });
  } catch (err) {
    throw new Error(`kubectl kustomize ${dir} failed; this test needs kubectl (with kustomize v5) to render the manifests: ${(err as Error).message}`);
  }
  return parseAllDocuments(text).map((d) => d.toJSON() as Resource);
}

/** The keys and example values of the Secret every deployable reads (created out of band; see the example). */
const SECRET = (parseAllDocuments(readFileSync(join(REPO, 'deploy/base/secret.example.yaml'), 'utf8'))[0].toJSON() as { stringData: Record<string, string> })
  .stringData;

/** A container's environment as the kubelet assembles it: envFrom (ConfigMap, Secret), then env. */
function environmentOf(c: Container, resources: Resource[], secret: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, resources.find((r) => r.kind === 'ConfigMap' && r.metadata.name === from.configMapRef!.name)!.data);
    if (from.secretRef) {
      expect(from.secretRef.name).toBe('qr-platform-secrets');
      Object.assign(env, secret);
    }
  }
  for (const e of c.env ?? []) env[e.name] = e.value ?? '';
  return env;
}

const workloads = (resources: Resource[]) => resources.filter((r) => r.kind === 'Deployment' || r.kind === 'Job');
const probesOf = (c: Container) => [c.startupProbe, c.readinessProbe, c.livenessProbe].filter((p): p is Probe => p !== undefined);

/** docker run flags for what the pod and container securityContext and volumes say. */
function securityFlags(pod: PodSpec, c: Container): string[] {
  const flags = ['--user', `${pod.securityContext!.runAsUser}:${pod.securityContext!.runAsGroup}`];
  if (c.securityContext?.readOnlyRootFilesystem) flags.push('--read-only');
  if (c.securityContext?.allowPrivilegeEscalation === false) flags.push('--security-opt', 'no-new-privileges');
  for (const cap of c.securityContext?.capabilities?.drop ?? []) flags.push('--cap-drop', cap);
  for (const m of c.volumeMounts ?? []) if (pod.volumes?.find((v) => v.name === m.name)?.emptyDir) flags.push('--tmpfs', m.mountPath);
  return flags;
}

describe('the Kubernetes manifests agree with the images', () => {
  const base = render('deploy/base');
  let pg: TestPostgres | undefined;
  const containers: string[] = [];

  beforeAll(() => {
    requireDocker();
    requireImages([...DEPLOYABLES, 'admin-cli']);
  });

  afterAll(async () => {
    if (containers.length) docker(['rm', '-f', ...containers], { allowFailure: true });
    await pg?.drop();
  });

  it.each(['deploy/base', ...OVERLAYS])('%s: every deployable gets every variable its configuration requires, from the manifest or the Secret', (dir) => {
    const resources = render(dir);
    const deployments = resources.filter((r) => r.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...DEPLOYABLES].sort());
    for (const d of deployments) {
      const c = d.spec.template.spec.containers[0];
      const env = environmentOf(c, resources, SECRET);
      expect(env.APP).toBe(d.metadata.name);
      const config = loadRuntimeConfig(env, [env.APP as Deployable]);
      expect(config.storage.kind).toBe('postgres');
      expect(config.eventTransport.kind).toBe('kafka');
      // The check is live: the same environment without the Secret's INTERNAL_TOKEN is refused.
      expect(() => loadRuntimeConfig({ ...env, INTERNAL_TOKEN: undefined }, [env.APP as Deployable])).toThrow(/INTERNAL_TOKEN/);
    }
  });

  it.each(['deploy/base', ...OVERLAYS])("%s: the migrations Job runs the admin-cli image at the deployables' tag, as they run", (dir) => {
    const resources = render(dir);
    const job = resources.find((r) => r.kind === 'Job')!;
    const c = job.spec.template.spec.containers[0];
    const tagOf = (image: string) => image.slice(image.lastIndexOf(':') + 1);
    const [repository, tag] = [c.image.slice(0, c.image.lastIndexOf(':')), tagOf(c.image)];
    expect(repository).toBe('ghcr.io/qr-platform/admin-cli');
    for (const d of resources.filter((r) => r.kind === 'Deployment')) {
      const image = d.spec.template.spec.containers[0].image;
      expect(image).toBe(`ghcr.io/qr-platform/${d.metadata.name}:${tag}`);
    }
    expect(c.args).toEqual(['node', 'dist/apps/admin-cli/src/main.js', 'migrate']);
    expect(environmentOf(c, resources, SECRET).APP).toBe('admin-cli');
  });

  it.each(['deploy/base', ...OVERLAYS])("%s: every pod's securityContext is what the images run as", (dir) => {
    for (const w of workloads(render(dir))) {
      const pod = w.spec.template.spec;
      const c = pod.containers[0];
      const local = c.image.replace(/:[^:]+$/, ':latest');
      // The image's own user: the uid the manifest must name (numeric, so the kubelet can check non-root).
      const [uid, gid] = docker(['run', '--rm', '--entrypoint', 'sh', local, '-c', 'id -u; id -g']).trim().split('\n').map(Number);
      expect(uid).toBeGreaterThan(0);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: uid, runAsGroup: gid });
      expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
    }
  });

  it("runs the migrations Job and each Deployment's image as deploy/base says: every probe's port is the one it listens on, every path answers", async () => {
    pg = await createTestPostgres('manifests');
    // The Secret with real values, and the cluster's addresses pointed at this machine's services.
    const secret = {
      ...SECRET,
      DATABASE_URL: pg.url,
      REDIS_URL: TEST_REDIS_URL,
      INTERNAL_TOKEN: randomBytes(16).toString('hex'),
      SECRETS_KEYS: randomBytes(32).toString('base64'),
    };
    const local = { KAFKA_BROKERS: testKafkaBrokers(), KAFKA_PREFIX: `manifests-${randomBytes(4).toString('hex')}.`, HOST: '127.0.0.1' };
    const run = (w: Resource, extra: Record<string, string>, detach: boolean) => {
      const pod = w.spec.template.spec;
      const c = pod.containers[0];
      const env = { ...environmentOf(c, base, secret), ...local, ...extra };
      const name = `qr-manifests-${w.metadata.name}-${randomBytes(3).toString('hex')}`;
      const args = ['run', detach ? '-d' : '--rm', '--name', name, '--network', 'host', ...securityFlags(pod, c)];
      for (const [k, v] of Object.entries(env)) args.push('-e', `${k}=${v}`);
      args.push(c.image, ...(c.args ?? []));
      const out = docker(args);
      if (detach) containers.push(name);
      return { name, out };
    };

    const job = base.find((r) => r.kind === 'Job')!;
    expect(run(job, {}, false).out).toMatch(/^migrated: /m);

    for (const d of base.filter((r) => r.kind === 'Deployment')) {
      const c = d.spec.template.spec.containers[0];
      const env = environmentOf(c, base, SECRET);
      for (const probe of probesOf(c)) {
        const port = typeof probe.httpGet.port === 'number' ? probe.httpGet.port : c.ports!.find((p) => p.name === probe.httpGet.port)?.containerPort;
        // The process listens on PORT: the probe's port must be that one.
        expect(port).toBe(Number(env.PORT));
      }
      // Its port moved on the host's network (the manifest's 3000 for every deployable), nothing else.
      const port = await freePort();
      const { name } = run(d, { PORT: String(port) }, true);
      for (const path of new Set(probesOf(c).map((p) => p.httpGet.path))) {
        const status = await waitUntil(
          async () => {
            if (!stateOf(name).running) throw new Error(`${d.metadata.name} exited:\n${docker(['logs', '--tail', '30', name], { allowFailure: true })}`);
            const r = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
            return r?.status === 200 ? r.status : null;
          },
          `${d.metadata.name} to answer ${path}`,
          90_000,
          250,
        );
        expect(status).toBe(200);
      }
      docker(['rm', '-f', name]);
    }
  });
});
