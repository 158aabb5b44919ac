import { type BeforeApplicationShutdown, type DynamicModule, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { WEBHOOK_COMMANDS } from '@qr/contracts';
import { Errors, type PlanName } from '@qr/domain';
import { EventConsumers, type PlatformRuntime, runsHere, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { deliveryFromRow, deliveryView } from './deliveries/delivery-record';
import { DeliveryWorker } from './deliveries/delivery-worker';
import { FANOUT_GROUP, FanOut, WEBHOOK_TOPICS } from './deliveries/fan-out';
import { sampleEvent } from './deliveries/sample-event';
import { endpointView } from './endpoints/endpoint-record';
import { EndpointsRepository } from './endpoints/endpoints.repository';
import { ManageEndpoints } from './endpoints/manage-endpoints';
import { SecretBox } from './secrets/secret-box';
import { createHostResolver } from './sending/host-resolver';
import { WEBHOOKS_MIGRATIONS } from './store/webhooks-migrations';

export const WEBHOOKS_STORE = Symbol('WEBHOOKS_STORE');
export const WEBHOOKS_STORE_SPEC = { name: 'webhooks', migrations: WEBHOOKS_MIGRATIONS, withOutbox: false };
export { WEBHOOK_COMMANDS };
const WORKER = Symbol('WEBHOOK_WORKER');

type P = { workspaceId: string; plan: PlanName; id: string; body: unknown; query: Record<string, unknown> };

/** Starts the delivery worker with the app and drains it on shutdown. */
class WorkerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly worker: DeliveryWorker,
    private readonly runs: boolean,
  ) {}
  async onApplicationBootstrap(): Promise<void> {
    if (this.runs) await this.worker.start();
  }
  async beforeApplicationShutdown(): Promise<void> {
    if (this.runs) await this.worker.stop();
  }
}

/** webhook-dispatcher: endpoints, fan-out of events to deliveries, signed delivery with retries. */
@Module({})
export class WebhooksModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: WebhooksModule,
      providers: [
        serviceStoreProvider(WEBHOOKS_STORE, runtime, WEBHOOKS_STORE_SPEC),
        { provide: WORKER, inject: [WEBHOOKS_STORE], useFactory: (store: ServiceStore) => build(runtime, store) },
        { provide: WorkerLifecycle, inject: [WORKER], useFactory: (parts: Built) => new WorkerLifecycle(parts.worker, runsHere(runtime, 'background')) },
        { provide: EventConsumers, inject: [WORKER], useFactory: (parts: Built) => parts.consumers },
      ],
    };
  }
}

type Built = ReturnType<typeof build>;

function build(runtime: PlatformRuntime, store: ServiceStore) {
  const { config } = runtime;
  const box = SecretBox.fromConfig({
    secretsKeys: config.secretsKeys,
    dataDir: config.dataDir,
    allowKeyFile: config.allInOne || config.storage.kind === 'sqlite',
  });
  const resolve = createHostResolver(config.dnsResolvers);
  const policy = { allowedCidrs: config.webhookAllowedCidrs };
  const endpoints = new EndpointsRepository(store.db);
  const worker = new DeliveryWorker(store.db, endpoints, box, resolve, policy, {
    schedule: config.webhookRetryScheduleMs,
    log: runtime.logger,
    reclaimOnStart: config.allInOne,
  });
  const fanOut = new FanOut(store.db, endpoints, worker.deliveriesDue);
  const manage = new ManageEndpoints(store.db, endpoints, box, resolve, policy);
  const findDelivery = async (workspaceId: string, id: string) => {
    const [row] = await store.db.query('SELECT * FROM webhook_deliveries WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    if (!row) throw Errors.notFound('webhook delivery');
    return deliveryFromRow(row);
  };
  const handlers: Record<string, (p: P) => Promise<unknown>> = {
    [WEBHOOK_COMMANDS.create]: (p) => manage.register(p.workspaceId, p.plan, p.body),
    [WEBHOOK_COMMANDS.list]: async (p) => ({
      object: 'list',
      data: (await endpoints.list(p.workspaceId, 100)).map(endpointView),
      has_more: false,
      next_cursor: null,
    }),
    [WEBHOOK_COMMANDS.get]: async (p) => endpointView(await manage.mustFind(p.workspaceId, p.id)),
    [WEBHOOK_COMMANDS.update]: (p) => manage.update(p.workspaceId, p.plan, p.id, p.body),
    [WEBHOOK_COMMANDS.remove]: (p) => manage.remove(p.workspaceId, p.id),
    [WEBHOOK_COMMANDS.rotate]: (p) => manage.rotateSecret(p.workspaceId, p.id),
    [WEBHOOK_COMMANDS.deliveries]: async (p) => {
      await manage.mustFind(p.workspaceId, p.id);
      const rows = await store.db.query('SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT 100', [p.id]);
      return { object: 'list', data: rows.map((r) => deliveryView(deliveryFromRow(r))), has_more: rows.length === 100, next_cursor: null };
    },
    [WEBHOOK_COMMANDS.retry]: async (p) => {
      const d = await findDelivery(p.workspaceId, p.id);
      const now = Date.now();
      await store.db.execute(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $1, lease_until = NULL, updated_at = $1 WHERE id = $2 AND status <> 'delivering'`,
        [now, d.id],
      );
      worker.deliveriesDue();
      return deliveryView(await findDelivery(p.workspaceId, p.id));
    },
    [WEBHOOK_COMMANDS.test]: async (p) => {
      const endpoint = await manage.mustFind(p.workspaceId, p.id);
      const payload = sampleEvent(endpoint.events[0], p.workspaceId);
      const { deliveryId, result } = await worker.sendTest(endpoint, { id: payload.id, type: payload.type, body: JSON.stringify(payload) });
      return {
        object: 'webhook_test',
        event_id: payload.id,
        delivery_id: deliveryId,
        delivered: result.status !== null && result.status >= 200 && result.status < 300,
        status_code: result.status,
        error: result.error,
        duration_ms: Math.round(result.durationMs),
      };
    },
  };
  for (const [name, handler] of Object.entries(handlers)) runtime.commands.register(name, (payload) => handler(payload as P));
  const consumers = new EventConsumers(runtime, [
    () =>
      runtime.eventLog.subscribe({
        group: FANOUT_GROUP,
        topics: WEBHOOK_TOPICS,
        handler: async (records) => void (await fanOut.apply(records.map((r) => r.event))),
      }),
  ]);
  return { worker, consumers };
}
