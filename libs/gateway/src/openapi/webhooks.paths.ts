import { AUTHENTICATED_ERRORS } from './openapi-components';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const tags = ['Webhooks'];
const e404 = { '404': { $ref: '#/components/responses/NotFound' } };
const e422 = { '422': { $ref: '#/components/responses/ValidationFailed' } };
const input = {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: { type: 'string', format: 'uri', description: 'http(s); must resolve to public addresses only' },
    description: { type: ['string', 'null'], maxLength: 500 },
    events: { type: 'array', items: { enum: ['qr.scanned', 'lead.created', 'qr.scan_limit_reached', 'qr.scan_milestone_reached'] }, description: 'pro: all but milestones; agency: all' },
    status: { enum: ['enabled', 'disabled'] },
  },
};

export const WEBHOOK_SCHEMAS = {
  WebhookEndpoint: {
    type: 'object',
    properties: {
      id: { type: 'string', example: 'we_…' }, object: { const: 'webhook_endpoint' }, url: { type: 'string' }, description: { type: ['string', 'null'] },
      events: { type: 'array', items: { type: 'string' } }, status: { enum: ['enabled', 'disabled'] },
      disabled_reason: { type: ['string', 'null'], description: 'endpoint_gone_410, failing_for_5_days, disabled_by_user' }, created_at: { type: 'string', format: 'date-time' },
    },
  },
  WebhookEndpointWithSecret: { allOf: [ref('WebhookEndpoint'), { type: 'object', properties: { secret: { type: 'string', description: 'whsec_…, shown only here' } } }] },
  WebhookDelivery: {
    type: 'object',
    properties: {
      id: { type: 'string' }, object: { const: 'webhook_delivery' }, endpoint_id: { type: 'string' }, event_id: { type: 'string', description: 'also the webhook-id header, the same on every attempt' },
      event_type: { type: 'string' }, status: { enum: ['pending', 'delivered', 'failed', 'cancelled'] }, attempts: { type: 'integer' },
      last_status_code: { type: ['integer', 'null'] }, last_error: { type: ['string', 'null'] }, last_duration_ms: { type: ['integer', 'null'] },
      last_attempt_at: { type: ['string', 'null'] }, next_attempt_at: { type: ['string', 'null'] }, created_at: { type: 'string' },
    },
  },
} as const;

export const WEBHOOK_PATHS = {
  '/webhook-endpoints': {
    post: {
      operationId: 'createWebhookEndpoint', summary: 'Register an endpoint; the answer carries its signing secret once', tags,
      description: 'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,…). 403 when the plan has no webhooks or lacks an event kind.',
      requestBody: { required: true, content: json({ ...input, required: ['url', 'events'] }) },
      responses: { '201': { description: 'Created', content: json(ref('WebhookEndpointWithSecret')) }, ...e422, ...AUTHENTICATED_ERRORS },
    },
    get: { operationId: 'listWebhookEndpoints', summary: 'List endpoints', tags, responses: { '200': { description: 'Endpoints', content: json({ type: 'object' }) }, ...AUTHENTICATED_ERRORS } },
  },
  '/webhook-endpoints/{id}': {
    get: { operationId: 'getWebhookEndpoint', summary: 'Get an endpoint', tags, parameters: [id], responses: { '200': { description: 'Endpoint', content: json(ref('WebhookEndpoint')) }, ...e404, ...AUTHENTICATED_ERRORS } },
    patch: {
      operationId: 'updateWebhookEndpoint', summary: 'Change url, description, events or status (re-enabling clears the failure state)', tags, parameters: [id],
      requestBody: { required: true, content: json(input) },
      responses: { '200': { description: 'Endpoint', content: json(ref('WebhookEndpoint')) }, ...e404, ...e422, ...AUTHENTICATED_ERRORS },
    },
    delete: { operationId: 'deleteWebhookEndpoint', summary: 'Delete an endpoint (its pending deliveries stop)', tags, parameters: [id], responses: { '200': { description: 'Deleted' }, ...e404, ...AUTHENTICATED_ERRORS } },
  },
  '/webhook-endpoints/{id}/rotate-secret': {
    post: {
      operationId: 'rotateWebhookSecret', summary: 'New secret (shown once); the old one stays valid 24 h and both signatures are sent meanwhile', tags, parameters: [id],
      responses: { '200': { description: 'Endpoint with its new secret', content: json(ref('WebhookEndpointWithSecret')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/webhook-endpoints/{id}/deliveries': {
    get: { operationId: 'listWebhookDeliveries', summary: 'Delivery log: status, attempts, response code, duration (never the response body)', tags, parameters: [id], responses: { '200': { description: 'Deliveries', content: json({ type: 'object' }) }, ...e404, ...AUTHENTICATED_ERRORS } },
  },
  '/webhook-endpoints/{id}/test': {
    post: {
      operationId: 'testWebhookEndpoint',
      summary: 'Send a sample event now: one attempt, recorded in the delivery log (never retried on its own, never counted toward disabling the endpoint)',
      tags,
      parameters: [id],
      responses: {
        '200': {
          description: 'What the endpoint answered',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['object', 'event_id', 'delivery_id', 'delivered', 'status_code', 'error', 'duration_ms'],
                properties: {
                  object: { const: 'webhook_test' },
                  event_id: { type: 'string' },
                  delivery_id: { type: 'string', description: 'The test’s entry in GET /webhook-endpoints/{id}/deliveries' },
                  delivered: { type: 'boolean' },
                  status_code: { type: ['integer', 'null'] },
                  error: { type: ['string', 'null'] },
                  duration_ms: { type: 'integer' },
                },
              },
            },
          },
        },
        ...e404,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/webhook-deliveries/{id}/retry': {
    post: { operationId: 'retryWebhookDelivery', summary: 'Send a delivery again now', tags, parameters: [id], responses: { '202': { description: 'Queued', content: json(ref('WebhookDelivery')) }, ...e404, ...AUTHENTICATED_ERRORS } },
  },
} as const;
