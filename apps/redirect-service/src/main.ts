import { RedirectModule } from '@qr/redirect';
import { runDeployables } from '@qr/platform';

runDeployables({
  processName: 'redirect-service',
  deployables: ['redirect-service'],
  modules: (runtime) => [RedirectModule.register(runtime)],
});
