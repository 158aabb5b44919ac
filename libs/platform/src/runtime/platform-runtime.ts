import { type EventLog, openEventLog } from '@qr/event-log';
import { type RuntimeConfig } from '../config/runtime-config';
import { CommandRegistry, type CommandBus, HttpCommandBus, InProcessCommandBus } from '../commands/command-bus';
import { HealthRegistry } from '../health/health-registry';
import { JsonLogger } from '../logging/json-logger';
import { Metrics } from '../metrics/metrics';
import { type FastRoute } from '../server/fast-route';

/** What every service module of one process shares; PlatformModule provides each piece. */
export interface PlatformRuntime {
  config: RuntimeConfig;
  logger: JsonLogger;
  health: HealthRegistry;
  metrics: Metrics;
  commands: CommandRegistry;
  bus: CommandBus;
  eventLog: EventLog;
  fastRoutes: FastRoute[];
}

export async function createPlatformRuntime(config: RuntimeConfig, processName: string): Promise<PlatformRuntime> {
  const logger = new JsonLogger(config.logLevel, { process: processName });
  const commands = new CommandRegistry();
  const bus = config.allInOne ? new InProcessCommandBus(commands) : new HttpCommandBus(config.serviceUrls, config.internalToken!);
  const eventLog = await openEventLog({
    transport: config.eventTransport,
    storage: config.storage,
    runMigrations: config.migrateOnStart,
    clientId: processName,
    log: logger,
  });
  const health = new HealthRegistry();
  health.add({ name: 'event_log', check: () => eventLog.ping() });
  return { config, logger, health, metrics: new Metrics({ process: processName }), commands, bus, eventLog, fastRoutes: [] };
}
