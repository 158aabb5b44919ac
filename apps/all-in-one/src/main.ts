import { AnalyticsModule } from '@qr/analytics';
import { CodesModule } from '@qr/codes';
import { DashboardModule } from '@qr/dashboard';
import { shareSignalsAcrossThreads } from '@qr/event-log';
import { GatewayModule } from '@qr/gateway';
import { DEPLOYABLES, runDeployables } from '@qr/platform';
import { RedirectModule } from '@qr/redirect';
import { WebhooksModule } from '@qr/webhooks';

/**
 * All five deployables in one process on one port, on SQLite files and the embedded event log.
 * The main thread is the front (HTTP: API, redirects, scan recording); this same file runs again as
 * a worker thread for the background (outbox relays, event consumers, webhook sends).
 */
shareSignalsAcrossThreads();
runDeployables({
  processName: 'all-in-one',
  deployables: DEPLOYABLES,
  backgroundEntry: __filename,
  modules: (runtime) => {
    const services = [CodesModule.register(runtime), RedirectModule.register(runtime), AnalyticsModule.register(runtime), WebhooksModule.register(runtime)];
    if (runtime.thread === 'background') return services;
    const gateway = GatewayModule.register(runtime);
    return [...services, gateway, DashboardModule.register(runtime, gateway)];
  },
});
