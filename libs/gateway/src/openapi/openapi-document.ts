import { API_KEYS_PATHS } from './api-keys.paths';
import { COMPONENTS } from './openapi-components';
import { QR_CODES_PATHS } from './qr-codes.paths';
import { QR_CODE_SCHEMAS } from './qr-codes.schemas';
import { WEBHOOKS } from './webhook-events.schemas';
import { WEBHOOK_PATHS, WEBHOOK_SCHEMAS } from './webhooks.paths';

/**
 * The OpenAPI 3.1 document of the public API. Paths are relative to the server URL
 * (`…/api/public/v1`); a unit test checks every public route appears here.
 */
export function openApiDocument(publicBaseUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'QR platform public API',
      version: '1.0.0',
      description:
        'Create, edit and analyse QR codes for a workspace. JSON in and out; errors are RFC 9457 problem+json. ' +
        'Every authenticated call counts one call of the monthly quota (a bulk call one per item); calls answered 401, 403 or 429 do not count. ' +
        'The full reference, with the rules behind each field and error, is docs/api.md in the repository.',
    },
    servers: [{ url: `${publicBaseUrl}/api/public/v1` }],
    security: [{ apiKey: [] }, { dashboardSession: [] }],
    paths: { ...QR_CODES_PATHS, ...WEBHOOK_PATHS, ...API_KEYS_PATHS },
    // What we send to registered endpoints (OpenAPI 3.1): one entry per event type.
    webhooks: WEBHOOKS,
    components: { ...COMPONENTS, schemas: { ...COMPONENTS.schemas, ...QR_CODE_SCHEMAS, ...WEBHOOK_SCHEMAS } },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
