import { AnalyticsModule } from '@qr/analytics';
import { runDeployables } from '@qr/platform';

runDeployables({
  processName: 'analytics-service',
  deployables: ['analytics-service'],
  modules: (runtime) => [AnalyticsModule.register(runtime)],
});
