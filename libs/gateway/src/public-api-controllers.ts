import { ApiKeysController } from './http/api-keys.controller';
import { WorkspaceAnalyticsController } from './qrcodes/analytics.controller';
import { DesignPresetsController } from './qrcodes/design-presets.controller';
import { DomainsController, FoldersController } from './qrcodes/folders-domains.controller';
import { LogosController } from './qrcodes/logos.controller';
import { PreviewsController } from './qrcodes/previews.controller';
import { QrCodesController } from './qrcodes/qr-codes.controller';
import { WebhookDeliveriesController, WebhookEndpointsController } from './qrcodes/webhooks.controller';

/** The controllers of /api/public/v1 whose routes the OpenAPI document describes (each route by its `@Operation`). */
export const PUBLIC_API_CONTROLLERS = [
  QrCodesController,
  WorkspaceAnalyticsController,
  PreviewsController,
  FoldersController,
  DesignPresetsController,
  LogosController,
  DomainsController,
  WebhookEndpointsController,
  WebhookDeliveriesController,
  ApiKeysController,
] as const;
