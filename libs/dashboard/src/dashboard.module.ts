import { type DynamicModule, Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CreateQrCodesFlow, dashboardApiDocument, ImportLinksFlow, QuotaRepository } from '@qr/gateway';
import { MembersController, SessionController } from '@qr/identity';
import { COMMAND_BUS, type CommandBus, PLATFORM_RUNTIME, type PlatformRuntime, rawBodyMiddleware, textBodyMiddleware } from '@qr/platform';
import { DraftPreviewController } from './codes/draft-preview.controller';
import { ExportsController } from './imports/exports.controller';
import { ImportCodes } from './imports/import-codes';
import { CSV_TYPES, ImportsController, MAX_CSV_BYTES } from './imports/imports.controller';
import { EXPORT_FILE_TYPES, LinkImportsController, MAX_EXPORT_BYTES } from './imports/link-imports.controller';
import { BuildPrintSheet } from './print/build-print-sheet';
import { PrintSheetController } from './print/print-sheet.controller';
import { DashboardAssets } from './spa/dashboard-assets';
import { setDashboardHeaders } from './spa/security-headers';
import { SpaController } from './spa/spa.controller';
import { AuditLogController } from './audit/audit-log.controller';
import { UsageController } from './usage/usage.controller';

/** The controllers of the dashboard's JSON API (`/app/api`), each route with its `@Operation`. */
export const DASHBOARD_API_CONTROLLERS = [
  SessionController,
  MembersController,
  AuditLogController,
  UsageController,
  DraftPreviewController,
  PrintSheetController,
  ImportsController,
  LinkImportsController,
  ExportsController,
] as const;

/** The dashboard's document (not published): the dashboard's answer types and the e2e contract checks come from it. */
export const dashboardDocument = () => dashboardApiDocument(DASHBOARD_API_CONTROLLERS);

/**
 * The workspace dashboard, served by the api-gateway under /app: the single-page app and its own
 * JSON (/app/api: sign-in, account, usage, previews, print sheets, imports). Everything else it shows
 * comes from the public API's routes, which accept the session cookie: one rule, one place.
 */
@Module({})
export class DashboardModule implements NestModule {
  constructor(@Inject(PLATFORM_RUNTIME) private readonly runtime: PlatformRuntime) {}

  /** `gateway` is the very GatewayModule the process registers (the same object, so Nest makes one instance). */
  static register(runtime: PlatformRuntime, gateway: DynamicModule): DynamicModule {
    const { config } = runtime;
    const assets = DashboardAssets.load(config.dashboardDir);
    if (!assets.index)
      runtime.logger.event('warn', 'the dashboard is not built; /app answers 503 until `npm run build` has run', { directory: assets.directory });
    return {
      module: DashboardModule,
      imports: [gateway],
      controllers: [...DASHBOARD_API_CONTROLLERS, SpaController],
      providers: [
        { provide: DashboardAssets, useValue: assets },
        { provide: BuildPrintSheet, useFactory: (bus: CommandBus) => new BuildPrintSheet(bus), inject: [COMMAND_BUS] },
        {
          provide: ImportCodes,
          useFactory: (bus: CommandBus, create: CreateQrCodesFlow) => new ImportCodes(bus, create),
          inject: [COMMAND_BUS, CreateQrCodesFlow],
        },
        {
          provide: ImportLinksFlow,
          useFactory: (bus: CommandBus, quota: QuotaRepository, create: CreateQrCodesFlow) => new ImportLinksFlow(bus, quota, create),
          inject: [COMMAND_BUS, QuotaRepository, CreateQrCodesFlow],
        },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(textBodyMiddleware(CSV_TYPES, MAX_CSV_BYTES, this.runtime.config.publicBaseUrl)).forRoutes('app/api/imports');
    consumer
      .apply(rawBodyMiddleware(EXPORT_FILE_TYPES, MAX_EXPORT_BYTES, this.runtime.config.publicBaseUrl))
      .forRoutes('app/api/link-imports', 'app/api/link-imports/*path');
    consumer
      .apply((_req: Request, res: Response, next: NextFunction) => {
        setDashboardHeaders(res);
        res.setHeader('Cache-Control', 'no-store');
        next();
      })
      .forRoutes('app/api/*path');
  }
}
