import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

// Used from source (tests: libs/testing/src) and built (benchmarks: dist/libs/testing/src); both run the built apps.
const DIST_APPS = join(__dirname, __dirname.split(sep).includes('dist') ? '../../../apps' : '../../../dist/apps');

export type AppName = 'all-in-one' | 'api-gateway' | 'qr-service' | 'redirect-service' | 'analytics-service' | 'webhook-dispatcher';

export interface AppProcess {
  name: AppName;
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed on stdout so far. */
  output(): string;
  /** SIGTERM, then the exit code (or the signal name). */
  stop(): Promise<number | string>;
  kill9(): Promise<void>;
}

/**
 * The test process's environment for a child, without any Kafka broker a developer's shell may have set:
 * an all-in-one server or admin CLI that inherited KAFKA_BROKERS would run on Kafka instead of its
 * embedded log. A cluster passes its broker explicitly (testKafkaBrokers).
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  return { ...process.env, KAFKA_BROKERS: undefined, KAFKA_PREFIX: undefined };
}

function entry(app: string, appsDir = DIST_APPS): string {
  const file = join(appsDir, app, 'src/main.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (the e2e tier drives the built apps)`);
  return file;
}

/**
 * Starts a built app on a free port (PORT=0) and resolves once it logs that it listens. `appsDir`: another
 * build's `dist/apps` (a benchmark's baseline, built from an earlier commit).
 */
export function startApp(name: AppName, env: Record<string, string | undefined>, timeoutMs = 30_000, appsDir = DIST_APPS): Promise<AppProcess> {
  const child = spawn(process.execPath, [entry(name, appsDir)], {
    env: { ...inheritedEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`));
    }, timeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening\nstdout:\n${out}\nstderr:\n${err}`));
    });
    const onData = () => {
      const port = listeningPort(out);
      if (port === null) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        child,
        output: () => out,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        kill9: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
  });
}

function listeningPort(output: string): number | null {
  for (const line of output.split('\n')) {
    if (!line.includes('"listening"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'listening' && typeof entry.port === 'number') return entry.port;
    } catch {
      /* a partial line: wait for more output */
    }
  }
  return null;
}

/** Runs the admin CLI with --json and returns the JSON object on its last stdout line; `stdin` is piped in. */
export function admin(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
  appsDir = DIST_APPS,
): { status: number | null; json: Record<string, unknown> } {
  const result = spawnSync(process.execPath, [entry('admin-cli', appsDir), ...args, '--json'], {
    env: { ...inheritedEnv(), ...env },
    encoding: 'utf8',
    input: stdin,
  });
  return { status: result.status, json: lastJsonLine(args, result.stdout, result.stderr) };
}

/** The same, without blocking the test's event loop: for a command that runs while the test keeps sending traffic. */
export function adminAsync(args: string[], env: Record<string, string | undefined>): Promise<{ status: number | null; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry('admin-cli'), ...args, '--json'], { env: { ...inheritedEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve({ status: code, json: lastJsonLine(args, out, err) });
      } catch (e) {
        reject(e);
      }
    });
  });
}

function lastJsonLine(args: string[], stdout: string, stderr: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  try {
    return JSON.parse(lines[lines.length - 1]) as Record<string, unknown>;
  } catch {
    throw new Error(`admin ${args.join(' ')}: no JSON on the last line\nstdout:\n${stdout}\nstderr:\n${stderr}`);
  }
}
