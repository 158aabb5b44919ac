import { AnalyticsModule } from '@qr/analytics';
import { runDeployables } from '@qr/platform';

void runDeployables({
  processName: 'analytics-service',
  deployables: ['analytics-service'],
  modules: (runtime) => [AnalyticsModule.register(runtime)],
}).catch((err) => {
  process.stderr.write(`analytics-service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
