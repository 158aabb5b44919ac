import { WebhooksModule } from '@qr/webhooks';
import { runDeployables } from '@qr/platform';

void runDeployables({
  processName: 'webhook-dispatcher',
  deployables: ['webhook-dispatcher'],
  modules: (runtime) => [WebhooksModule.register(runtime)],
}).catch((err) => {
  process.stderr.write(`webhook-dispatcher failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
