import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

/** A free TCP port on loopback (asked of the OS, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/**
 * A private PostgreSQL cluster on a spare port (initdb + pg_ctl, as the postgres user), so fault
 * tests can stop and restart it without touching the machine's shared server.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().pop()!, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'own-pg-'));
  chmodSync(dir, 0o755);
  const data = join(dir, 'data');
  const { uid, gid } = userIds('postgres');
  chownSync(dir, uid, gid);
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'ignore' });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', opts, '-w', '-l', join(dir, 'log'), 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A private redis-server on a spare port (no persistence), for tests that stop it. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      const c = child;
      if (!c || c.exitCode !== null) return;
      await new Promise((r) => {
        c.once('exit', r);
        c.kill('SIGKILL');
      });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  return { uid: Number(execFileSync('id', ['-u', name]).toString().trim()), gid: Number(execFileSync('id', ['-g', name]).toString().trim()) };
}

export interface OwnKafka {
  /** The bootstrap address, `127.0.0.1:port`; the same after a restart. */
  brokers: string;
  version: string;
  /** The broker's process id now (a restart is a new process). */
  pid(): number;
  /** kill -9: no clean shutdown; the data stays for `restart`. */
  kill9(): Promise<void>;
  /** Starts it again on the same port with the same data, and waits until it answers. */
  restart(): Promise<void>;
  /** A clean stop, then its data is deleted. */
  destroy(): Promise<void>;
}

interface LocalBroker {
  brokers: string;
  version: string;
  pid: number;
  kill9(): Promise<void>;
  restart(): Promise<LocalBroker>;
  stop(): Promise<boolean>;
}

interface KafkaLocal {
  startBroker(o: { dir: string; fresh?: boolean; port?: number }): Promise<LocalBroker>;
}

/**
 * A private Kafka broker (scripts/kafka-local.js: the real broker from Maven Central, one KRaft node) on
 * spare ports, so fault tests can kill and restart it without touching the run's shared broker.
 */
export async function startOwnKafka(): Promise<OwnKafka> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const local = require(join(repoRoot(), 'scripts/kafka-local.js')) as KafkaLocal;
  const dir = mkdtempSync(join(tmpdir(), 'own-kafka-'));
  // A restart is a new process: the handle that kills it next is the restart's.
  let broker = await local.startBroker({ dir, fresh: true });
  return {
    brokers: broker.brokers,
    version: broker.version,
    pid: () => broker.pid,
    kill9: () => broker.kill9(),
    restart: async () => void (broker = await broker.restart()),
    destroy: async () => {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The repository: tests run this file from libs/testing/src, benchmarks from dist/libs/testing/src. */
function repoRoot(): string {
  return join(__dirname, __dirname.split(sep).includes('dist') ? '../../../..' : '../../..');
}
