import { WebhooksModule } from '@qr/webhooks';
import { runDeployables } from '@qr/platform';

runDeployables({
  processName: 'webhook-dispatcher',
  deployables: ['webhook-dispatcher'],
  modules: (runtime) => [WebhooksModule.register(runtime)],
});
