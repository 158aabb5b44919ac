import { CodesModule } from '@qr/codes';
import { runDeployables } from '@qr/platform';

runDeployables({
  processName: 'qr-service',
  deployables: ['qr-service'],
  modules: (runtime) => [CodesModule.register(runtime)],
});
