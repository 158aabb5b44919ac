import { type EventLog, openEventLog } from '@qr/event-log';
import { type RuntimeConfig } from '../config/runtime-config';
import { CommandRegistry, type CommandBus, HttpCommandBus, InProcessCommandBus } from '../commands/command-bus';
import { HealthRegistry } from '../health/health-registry';
import { JsonLogger } from '../logging/json-logger';
import { Metrics } from '../metrics/metrics';
import { type FastRoute } from '../server/fast-route';

/**
 * Which share of the work this thread does. `single`: everything (every deployable process).
 * All-in-one splits itself in two: `front` answers HTTP (API, redirects, scan recording) and
 * `background` runs outbox relays, event consumers and webhook sends, so they use the second core
 * instead of delaying redirects.
 */
export type ThreadRole = 'single' | 'front' | 'background';

/** What every service module of one process shares; PlatformModule provides each piece. */
export interface PlatformRuntime {
  config: RuntimeConfig;
  thread: ThreadRole;
  logger: JsonLogger;
  health: HealthRegistry;
  metrics: Metrics;
  commands: CommandRegistry;
  bus: CommandBus;
  eventLog: EventLog;
  fastRoutes: FastRoute[];
  /**
   * A part this process cannot run without has died (one of all-in-one's threads): stop, and let
   * the supervisor restart the process. Nothing is lost; everything acknowledged is committed.
   */
  fatal(reason: string): void;
}

export async function createPlatformRuntime(config: RuntimeConfig, processName: string, thread: ThreadRole = 'single'): Promise<PlatformRuntime> {
  const logger = new JsonLogger(config.logLevel, thread === 'background' ? { process: processName, thread } : { process: processName });
  const commands = new CommandRegistry();
  const bus = config.allInOne ? new InProcessCommandBus(commands) : new HttpCommandBus(config.serviceUrls, config.internalToken!);
  const eventLog = await openEventLog({
    transport: config.eventTransport,
    storage: config.storage,
    runMigrations: config.migrateOnStart,
    clientId: processName,
    log: logger,
    partitions: config.eventLogPartitions,
    sessionTimeoutMs: config.kafkaSessionTimeoutMs,
  });
  const health = new HealthRegistry();
  // Kafka is a degradable dependency: producers keep their events in their outboxes while it is away,
  // and consumers catch up when it returns. The embedded log is in the process's own database.
  if (eventLog.transport === 'kafka') health.add({ name: 'kafka', check: () => eventLog.ping(), optional: true });
  else health.add({ name: 'event_log', check: () => eventLog.ping() });
  const metrics = thread === 'background' ? new Metrics({ process: processName, thread }, { processMetrics: false }) : new Metrics({ process: processName });
  const fatal = (reason: string) => {
    logger.event('error', 'a required part stopped; exiting', { reason });
    process.exit(70);
  };
  return { config, thread, logger, health, metrics, commands, bus, eventLog, fastRoutes: [], fatal };
}

/** Whether this thread runs work placed on `side` (the only thread of a process runs everything). */
export function runsHere(runtime: Pick<PlatformRuntime, 'thread'>, side: 'front' | 'background'): boolean {
  return runtime.thread === 'single' || runtime.thread === side;
}
