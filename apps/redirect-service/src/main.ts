import { RedirectModule } from '@qr/redirect';
import { runDeployables } from '@qr/platform';

void runDeployables({
  processName: 'redirect-service',
  deployables: ['redirect-service'],
  modules: (runtime) => [RedirectModule.register(runtime)],
}).catch((err) => {
  process.stderr.write(`redirect-service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
