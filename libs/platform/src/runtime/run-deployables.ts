import 'reflect-metadata';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { workerData } from 'node:worker_threads';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { sqliteFilesIn, WalCheckpointThread } from '@qr/persistence';
import { ConfigError, loadRuntimeConfig } from '../config/runtime-config';
import { jsonBodyMiddleware } from '../http/json-body.middleware';
import { ProblemFilter } from '../http/problem.filter';
import { assignRequestId } from '../http/request-id';
import { answerClientError } from '../http/client-error';
import { PlatformModule } from '../platform.module';
import { type BackgroundThread, type RunOptions, serveBackground, startBackgroundThread } from './background-thread';
import { createPlatformRuntime } from './platform-runtime';

/**
 * Boots one process: validated config, shared runtime, Nest app, and a node:http server that
 * tries the fast routes first and hands everything else to Nest. Used by every app's main.ts,
 * so all-in-one and single deployables start the same way.
 */
export function runDeployables(options: RunOptions): void {
  // All-in-one's background thread runs the same main (RunOptions.backgroundEntry).
  const started = workerData?.thread === 'background' ? serveBackground(options) : start(options);
  started.catch((err) => {
    process.stderr.write(`${options.processName} failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    // In the background thread this ends the thread, and the front's start fails with the cause.
    process.exit(1);
  });
}

async function start(options: RunOptions): Promise<void> {
  let config;
  try {
    config = loadRuntimeConfig(process.env, options.deployables);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const runtime = await createPlatformRuntime(config, options.processName, options.backgroundEntry ? 'front' : 'single');
  const { logger } = runtime;

  @Module({ imports: [PlatformModule.forRoot(runtime), ...options.modules(runtime)] })
  class RootModule {}

  const app = await NestFactory.create(RootModule, new ExpressAdapter(), { logger, bodyParser: false, abortOnError: false });
  const expressApp = app.getHttpAdapter().getInstance();
  expressApp.disable('x-powered-by');
  expressApp.set('trust proxy', config.trustProxy);
  expressApp.set('etag', false);
  app.use(jsonBodyMiddleware(config.maxBodyBytes, config.publicBaseUrl));
  app.useGlobalFilters(new ProblemFilter(logger, config.publicBaseUrl));
  await app.init();

  let closing: Promise<void> | null = null;
  let background: BackgroundThread | null = null;
  let checkpoints: WalCheckpointThread | null = null;
  if (options.backgroundEntry) {
    // The front's stores are open (OpenDatabaseOptions.checkpointsElsewhere): their logs are copied back on a thread of their own.
    const { storage } = config;
    if (storage.kind === 'sqlite')
      checkpoints = WalCheckpointThread.start(sqliteFilesIn(storage.dataDir), storage.synchronous, (problem) =>
        logger.event('warn', 'WAL checkpoints: the front checkpoints this itself past 64 MB of log', { problem }),
      );
    // Before the server listens, a failed start rejects `ready` and the app's main exits.
    background = startBackgroundThread(options.backgroundEntry, logger, (reason) => runtime.fatal(reason));
    const thread = background;
    await thread.ready;
    runtime.health.add({
      name: 'background_thread',
      check: async () => {
        if (!thread.alive()) throw new Error('not running');
      },
    });
    runtime.metrics.addSource(() => thread.metrics());
  }

  let inFlight = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    const started = process.hrtime.bigint();
    res.once('close', () => {
      inFlight -= 1;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (res as ServerResponse & { routeClass?: string }).routeClass ?? 'api';
      runtime.metrics.http.record(options.processName, route, res.statusCode, seconds);
    });
    const pathname = pathOf(req.url);
    for (const route of runtime.fastRoutes) {
      if (route.matches(req, pathname)) {
        (res as ServerResponse & { routeClass?: string }).routeClass = route.name;
        void Promise.resolve(route.handle(req, res, pathname)).catch((err) => {
          logger.event('error', 'fast route failed', { route: route.name, error: err instanceof Error ? err.stack : String(err) });
          if (!res.headersSent) {
            res.statusCode = 500;
            res.end();
          }
        });
        return;
      }
    }
    assignRequestId(req, res);
    expressApp(req, res);
  };

  const server = createServer({ keepAliveTimeout: 65_000 }, handler);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.event('info', 'listening', { port, deployables: options.deployables, storage: config.storage.kind, event_log: runtime.eventLog.transport });

  const shutdown = (reason: string): Promise<void> => {
    closing ??= (async () => {
      logger.event('info', 'shutting down', { reason, in_flight: inFlight });
      runtime.health.markShuttingDown();
      server.close();
      server.closeIdleConnections();
      const deadline = Date.now() + config.shutdownTimeoutMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      server.closeAllConnections();
      await app.close();
      // After the front's last commits, so the background relays them before it ends.
      await background?.stop();
      await runtime.eventLog.close();
      // Last: every thread's commits are in, and this copies them into the files.
      await checkpoints?.close();
      logger.event('info', 'stopped', { reason });
    })();
    return closing;
  };
  runtime.fatal = (reason) => {
    logger.event('error', 'a required part stopped; shutting down', { reason });
    void shutdown(reason).finally(() => process.exit(70));
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      const timer = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 5000);
      timer.unref();
      void shutdown(signal).then(() => process.exit(0));
    });
  }
}

function pathOf(url: string | undefined): string {
  if (!url) return '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
