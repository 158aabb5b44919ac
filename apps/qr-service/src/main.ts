import { CodesModule } from '@qr/codes';
import { runDeployables } from '@qr/platform';

void runDeployables({
  processName: 'qr-service',
  deployables: ['qr-service'],
  modules: (runtime) => [CodesModule.register(runtime)],
}).catch((err) => {
  process.stderr.write(`qr-service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
