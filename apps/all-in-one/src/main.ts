import { isMainThread } from 'node:worker_threads';
import { AnalyticsModule } from '@qr/analytics';
import { CodesModule } from '@qr/codes';
import { DashboardModule } from '@qr/dashboard';
import { shareSignalsAcrossThreads } from '@qr/event-log';
import { GatewayModule } from '@qr/gateway';
import { DEPLOYABLES, runDeployables, serveBackground } from '@qr/platform';
import { RedirectModule } from '@qr/redirect';
import { WebhooksModule } from '@qr/webhooks';

/**
 * All five deployables in one process on one port, on SQLite files and the embedded event log.
 * The main thread is the front (HTTP: API, redirects, scan recording); this same file runs again as
 * a worker thread for the background (outbox relays, event consumers, webhook sends).
 */
shareSignalsAcrossThreads();
const processName = 'all-in-one';
const started = isMainThread
  ? runDeployables({
      processName,
      deployables: DEPLOYABLES,
      backgroundEntry: __filename,
      modules: (runtime) => {
        const gateway = GatewayModule.register(runtime);
        return [
          CodesModule.register(runtime),
          RedirectModule.register(runtime),
          AnalyticsModule.register(runtime),
          WebhooksModule.register(runtime),
          gateway,
          DashboardModule.register(runtime, gateway),
        ];
      },
    })
  : serveBackground({
      processName,
      deployables: DEPLOYABLES,
      modules: (runtime) => [
        CodesModule.register(runtime),
        RedirectModule.register(runtime),
        AnalyticsModule.register(runtime),
        WebhooksModule.register(runtime),
      ],
    });
started.catch((err) => {
  process.stderr.write(`all-in-one failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
