import { type DynamicModule, Module } from '@nestjs/common';
import { CommandRegistry } from './commands/command-bus';
import { InternalCommandsController } from './commands/internal-commands.controller';
import { HealthController } from './health/health.controller';
import { HealthRegistry } from './health/health-registry';
import { JsonLogger } from './logging/json-logger';
import { Metrics } from './metrics/metrics';
import { COMMAND_BUS, RUNTIME_CONFIG } from './platform.tokens';
import { type PlatformRuntime } from './runtime/platform-runtime';

export const PLATFORM_RUNTIME = Symbol('PLATFORM_RUNTIME');

/** Global providers for the shared runtime, plus probes and (outside all-in-one) the command endpoint. */
@Module({})
export class PlatformModule {
  static forRoot(runtime: PlatformRuntime): DynamicModule {
    const providers = [
      { provide: PLATFORM_RUNTIME, useValue: runtime },
      { provide: RUNTIME_CONFIG, useValue: runtime.config },
      { provide: JsonLogger, useValue: runtime.logger },
      { provide: HealthRegistry, useValue: runtime.health },
      { provide: Metrics, useValue: runtime.metrics },
      { provide: CommandRegistry, useValue: runtime.commands },
      { provide: COMMAND_BUS, useValue: runtime.bus },
    ];
    return {
      module: PlatformModule,
      global: true,
      controllers: runtime.config.allInOne ? [HealthController] : [HealthController, InternalCommandsController],
      providers,
      exports: providers.map((p) => p.provide),
    };
  }
}
