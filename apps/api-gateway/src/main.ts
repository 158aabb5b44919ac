import { DashboardModule } from '@qr/dashboard';
import { GatewayModule } from '@qr/gateway';
import { runDeployables } from '@qr/platform';

void runDeployables({
  processName: 'api-gateway',
  deployables: ['api-gateway'],
  modules: (runtime) => {
    const gateway = GatewayModule.register(runtime);
    return [gateway, DashboardModule.register(runtime, gateway)];
  },
}).catch((err) => {
  process.stderr.write(`api-gateway failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
