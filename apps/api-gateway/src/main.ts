import { DashboardModule } from '@qr/dashboard';
import { GatewayModule } from '@qr/gateway';
import { runDeployables } from '@qr/platform';

runDeployables({
  processName: 'api-gateway',
  deployables: ['api-gateway'],
  modules: (runtime) => {
    const gateway = GatewayModule.register(runtime);
    return [gateway, DashboardModule.register(runtime, gateway)];
  },
});
