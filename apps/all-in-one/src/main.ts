import { AnalyticsModule } from '@qr/analytics';
import { CodesModule } from '@qr/codes';
import { GatewayModule } from '@qr/gateway';
import { DEPLOYABLES, runDeployables } from '@qr/platform';
import { RedirectModule } from '@qr/redirect';
import { WebhooksModule } from '@qr/webhooks';

/** All five deployables in one process on one port, on SQLite files and the embedded event log. */
void runDeployables({
  processName: 'all-in-one',
  deployables: DEPLOYABLES,
  modules: (runtime) => [
    CodesModule.register(runtime),
    RedirectModule.register(runtime),
    AnalyticsModule.register(runtime),
    WebhooksModule.register(runtime),
    GatewayModule.register(runtime),
  ],
}).catch((err) => {
  process.stderr.write(`all-in-one failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
