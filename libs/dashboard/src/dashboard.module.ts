import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { QuotaRepository } from '@qr/gateway';
import { type PlatformRuntime } from '@qr/platform';
import { SessionController } from './session/session.controller';
import { SessionCookies } from './session/session-cookies';
import { DashboardAssets } from './spa/dashboard-assets';
import { setDashboardHeaders } from './spa/security-headers';
import { SpaController } from './spa/spa.controller';
import { UsageController } from './usage/usage.controller';
import { WorkspaceUsage } from './usage/workspace-usage';

/**
 * The workspace dashboard, served by the api-gateway under /app: the single-page app and its own
 * JSON (/app/api: sign-in, account, usage, previews, print sheets, imports). Everything else it shows
 * comes from the public API's routes, which accept the session cookie: one rule, one place.
 */
@Module({})
export class DashboardModule implements NestModule {
  /** `gateway` is the very GatewayModule the process registers (the same object, so Nest makes one instance). */
  static register(runtime: PlatformRuntime, gateway: DynamicModule): DynamicModule {
    const { config } = runtime;
    const assets = DashboardAssets.load(config.dashboardDir);
    if (!assets.built) runtime.logger.event('warn', 'the dashboard is not built; /app answers 503 until `npm run build` has run', { directory: assets.directory });
    return {
      module: DashboardModule,
      imports: [gateway],
      controllers: [SessionController, UsageController, SpaController],
      providers: [
        { provide: DashboardAssets, useValue: assets },
        { provide: SessionCookies, useValue: new SessionCookies(config.publicBaseUrl, config.session.absoluteMs) },
        { provide: WorkspaceUsage, useFactory: (quota: QuotaRepository) => new WorkspaceUsage(quota), inject: [QuotaRepository] },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply((_req: Request, res: Response, next: NextFunction) => {
        setDashboardHeaders(res);
        res.setHeader('Cache-Control', 'no-store');
        next();
      })
      .forRoutes('app/api/*path');
  }
}
