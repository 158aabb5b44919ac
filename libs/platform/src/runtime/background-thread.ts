import 'reflect-metadata';
import { once } from 'node:events';
import { MessageChannel, type MessagePort, parentPort, Worker } from 'node:worker_threads';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { errorText, type Log } from '@qr/domain';
import { type Deployable, loadRuntimeConfig } from '../config/runtime-config';
import { type MetricsSnapshot } from '../metrics/metrics';
import { PlatformModule } from '../platform.module';
import { createPlatformRuntime, type PlatformRuntime } from './platform-runtime';
import { lowerPriority } from './thread-priority';
import { withTimeout } from './with-timeout';

const METRICS_WAIT_MS = 2000;
const BACKGROUND_NICE_STEPS = 10;

/** `reply`: the port a metrics request's snapshot comes back on. */
type ToBackground = { kind: 'metrics'; reply: MessagePort } | { kind: 'stop' };
type FromBackground = { kind: 'ready' } | { kind: 'stopped' };

/** How an app's main runs its deployables (runDeployables, and serveBackground on all-in-one's second thread). */
export interface RunOptions {
  processName: string;
  deployables: readonly Deployable[];
  /** The service modules this process runs, built once the shared runtime exists. */
  modules: (runtime: PlatformRuntime) => DynamicModule[];
  /**
   * All-in-one: this thread is the front, and this file (the app's main) is started again as the
   * background thread once migrations have run (see `serveBackground`). `modules` is asked again
   * there, with `runtime.thread` 'background'.
   */
  backgroundEntry?: string;
}

/** The front's handle on the background thread. */
export interface BackgroundThread {
  /** Resolves once the background's consumers, relays and webhook worker run. */
  readonly ready: Promise<void>;
  alive(): boolean;
  metrics(): Promise<MetricsSnapshot>;
  /** Lets the background relay what the front committed, finish its batches, and end. */
  stop(): Promise<void>;
}

/**
 * Front side: runs `entry` (the same main file) as a worker thread. If the thread dies for any
 * reason other than `stop`, `onCrash` is told: the process should exit, since its event pipeline is
 * gone (nothing is lost: every scan and event is committed, and the next start picks them up).
 */
export function startBackgroundThread(entry: string, log: Log, onCrash: (reason: string) => void): BackgroundThread {
  const worker = new Worker(entry, { workerData: { thread: 'background' } });
  let alive = true;
  let stopping = false;
  let markReady: () => void = () => undefined;
  let failStart: (err: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));

  let started = false;
  let failure: string | null = null;
  worker.on('message', (m: FromBackground) => {
    if (m.kind === 'ready') {
      started = true;
      markReady();
    } else if (m.kind === 'stopped') markStopped();
  });
  worker.on('error', (err) => {
    failure = err.stack ?? String(err);
    log.event('error', 'background thread failed', { error: failure });
  });
  worker.on('exit', (code) => {
    alive = false;
    markStopped();
    // Before `ready`, the start fails (the caller exits 1 with the cause); after it, the process must stop.
    if (!started) failStart(new Error(`background thread exited (${code}) before it was ready${failure ? `: ${failure}` : ''}`));
    else if (!stopping) onCrash(`background thread exited (${code})`);
  });

  const send = (m: ToBackground, transfer: MessagePort[] = []) => worker.postMessage(m, transfer);
  return {
    ready,
    alive: () => alive,
    metrics: async () => {
      if (!alive) return [];
      const { port1, port2 } = new MessageChannel();
      send({ kind: 'metrics', reply: port2 }, [port2]);
      // The port closes if the thread dies. A scrape must not hang on a busy or stuck background: after 2 s
      // it is served without those series.
      const answer = Promise.race([once(port1, 'message').then(([m]) => m as MetricsSnapshot), once(port1, 'close').then(() => [])]);
      return withTimeout(answer, METRICS_WAIT_MS, () => new Error('late'))
        .catch(() => [])
        .finally(() => port1.close());
    },
    stop: async () => {
      if (!alive) return;
      stopping = true;
      send({ kind: 'stop' });
      await stopped;
      await worker.terminate();
    },
  };
}

/**
 * Background side: the same service modules with `thread: 'background'`, as a Nest application
 * context (no HTTP server). Migrations are the front's job; it has run them before starting us.
 */
export async function serveBackground(options: RunOptions): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveBackground runs in a worker thread');
  const config = { ...loadRuntimeConfig(process.env, options.deployables), migrateOnStart: false };
  const runtime = await createPlatformRuntime(config, options.processName, 'background');

  @Module({ imports: [PlatformModule.forRoot(runtime), ...options.modules(runtime)] })
  class BackgroundModule {}

  const app = await NestFactory.createApplicationContext(BackgroundModule, { logger: runtime.logger, abortOnError: false });
  await app.init();
  // 10 nice steps below the front from here on, once started (a lowered start waits longer for the CPU
  // on a busy machine, and the front listens only once it is ready): the front takes the cores a
  // redirect burst needs, and the relays and consumers catch up after it (docs/benchmarks.md, "What we
  // tried"). On Linux a nice value is the calling thread's; elsewhere it would lower the whole process.
  if (process.platform === 'linux') lowerPriority(BACKGROUND_NICE_STEPS, runtime.logger);
  const reply = (m: FromBackground) => port.postMessage(m);
  port.on('message', (m: ToBackground) => {
    if (m.kind === 'metrics') {
      void runtime.metrics
        .snapshot()
        .catch(() => [])
        .then((metrics) => m.reply.postMessage(metrics));
    } else if (m.kind === 'stop') {
      void (async () => {
        // Each part closes even if one before it failed, and the front always hears back.
        for (const [part, close] of [
          ['modules', () => app.close()],
          ['event log', () => runtime.eventLog.close()],
        ] as const) {
          await Promise.resolve()
            .then(close)
            .catch((err: unknown) => runtime.logger.event('error', 'background thread: closing failed', { part, error: errorText(err) }));
        }
        reply({ kind: 'stopped' });
      })();
    }
  });
  runtime.logger.event('info', 'background thread running', { deployables: options.deployables });
  reply({ kind: 'ready' });
}
