import { AUTHENTICATED_ERRORS, BODY_ERRORS } from './openapi-components';
import { WEBHOOK_EVENT_SCHEMAS } from './webhook-events.schemas';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const tags = ['Webhooks'];
const e404 = { '404': { $ref: '#/components/responses/NotFound' } };
const e422 = { '422': { $ref: '#/components/responses/ValidationFailed' }, ...BODY_ERRORS };

const timestamp = { type: 'string', format: 'date-time' };
const nullable = (type: string) => ({ type: [type, 'null'] });
const answer = (properties: Record<string, object>) => ({ type: 'object', required: Object.keys(properties), properties });
const list = (item: string, description: string) =>
  answer({
    object: { const: 'list' },
    data: { type: 'array', items: ref(item), description },
    has_more: { type: 'boolean' },
    next_cursor: { type: 'null', description: 'These lists have one page' },
  });

export const WEBHOOK_SCHEMAS = {
  // The request bodies (WebhookEndpointInput, WebhookEndpointPatch) come from the declarations (@qr/api-contract).
  ...WEBHOOK_EVENT_SCHEMAS,
  WebhookEndpoint: answer({
    id: { type: 'string', example: 'we_00VbbQ5mGtVbp9Yc' },
    object: { const: 'webhook_endpoint' },
    url: { type: 'string', format: 'uri' },
    description: nullable('string'),
    events: { type: 'array', items: ref('WebhookEventType') },
    status: { enum: ['enabled', 'disabled'] },
    disabled_reason: { type: ['string', 'null'], description: 'endpoint_gone_410, failing_for_5_days or disabled_by_user' },
    created_at: timestamp,
  }),
  WebhookEndpointWithSecret: {
    allOf: [
      ref('WebhookEndpoint'),
      { type: 'object', required: ['secret'], properties: { secret: { type: 'string', description: 'whsec_…: verifies the signatures. Shown only here' } } },
    ],
  },
  WebhookEndpointList: list('WebhookEndpoint', 'Every endpoint of the workspace (at most 100)'),
  DeletedWebhookEndpoint: answer({ id: { type: 'string' }, object: { const: 'webhook_endpoint' }, deleted: { const: true } }),
  WebhookDelivery: answer({
    id: { type: 'string', example: 'wd_00VbbQ5mGtVbp9Yc' },
    object: { const: 'webhook_delivery' },
    endpoint_id: { type: 'string' },
    event_id: { type: 'string', description: 'also the webhook-id header, the same on every attempt' },
    event_type: ref('WebhookEventType'),
    status: { enum: ['pending', 'delivered', 'failed', 'cancelled'], description: 'failed: no retry left; cancelled: the endpoint was deleted or disabled' },
    attempts: { type: 'integer' },
    last_status_code: nullable('integer'),
    last_error: { type: ['string', 'null'], description: 'e.g. timeout, connection refused, redirect (never the response body)' },
    last_duration_ms: nullable('integer'),
    last_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: timestamp,
  }),
  WebhookDeliveryList: list('WebhookDelivery', 'The endpoint’s latest 100 deliveries, newest first'),
  WebhookTestResult: answer({
    object: { const: 'webhook_test' },
    event_id: { type: 'string' },
    delivery_id: { type: 'string', description: 'The test’s entry in GET /webhook-endpoints/{id}/deliveries' },
    delivered: { type: 'boolean', description: 'The endpoint answered 2xx' },
    status_code: nullable('integer'),
    error: nullable('string'),
    duration_ms: { type: 'integer' },
  }),
} as const;

export const WEBHOOK_PATHS = {
  '/webhook-endpoints': {
    post: {
      operationId: 'createWebhookEndpoint',
      summary: 'Register an endpoint; the answer carries its signing secret once',
      tags,
      description:
        'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,…). 403 when the plan has no webhooks or lacks an event kind.',
      requestBody: { required: true, content: json(ref('WebhookEndpointInput')) },
      responses: { '201': { description: 'Created', content: json(ref('WebhookEndpointWithSecret')) }, ...e422, ...AUTHENTICATED_ERRORS },
    },
    get: {
      operationId: 'listWebhookEndpoints',
      summary: 'List endpoints',
      tags,
      responses: { '200': { description: 'Endpoints', content: json(ref('WebhookEndpointList')) }, ...AUTHENTICATED_ERRORS },
    },
  },
  '/webhook-endpoints/{id}': {
    get: {
      operationId: 'getWebhookEndpoint',
      summary: 'Get an endpoint',
      tags,
      parameters: [id],
      responses: { '200': { description: 'Endpoint', content: json(ref('WebhookEndpoint')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
    patch: {
      operationId: 'updateWebhookEndpoint',
      summary: 'Change url, description, events or status (re-enabling clears the failure state)',
      tags,
      parameters: [id],
      requestBody: { required: true, content: json(ref('WebhookEndpointPatch')) },
      responses: { '200': { description: 'Endpoint', content: json(ref('WebhookEndpoint')) }, ...e404, ...e422, ...AUTHENTICATED_ERRORS },
    },
    delete: {
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an endpoint (its pending deliveries stop)',
      tags,
      parameters: [id],
      responses: { '200': { description: 'Deleted', content: json(ref('DeletedWebhookEndpoint')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/webhook-endpoints/{id}/rotate-secret': {
    post: {
      operationId: 'rotateWebhookSecret',
      summary: 'New secret (shown once); the old one stays valid 24 h and both signatures are sent meanwhile',
      tags,
      parameters: [id],
      responses: { '200': { description: 'Endpoint with its new secret', content: json(ref('WebhookEndpointWithSecret')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/webhook-endpoints/{id}/deliveries': {
    get: {
      operationId: 'listWebhookDeliveries',
      summary: 'Delivery log: status, attempts, response code, duration (never the response body)',
      tags,
      parameters: [id],
      responses: { '200': { description: 'Deliveries', content: json(ref('WebhookDeliveryList')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/webhook-endpoints/{id}/test': {
    post: {
      operationId: 'testWebhookEndpoint',
      summary: 'Send a sample event now: one attempt, recorded in the delivery log (never retried on its own, never counted toward disabling the endpoint)',
      tags,
      parameters: [id],
      responses: { '200': { description: 'What the endpoint answered', content: json(ref('WebhookTestResult')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/webhook-deliveries/{id}/retry': {
    post: {
      operationId: 'retryWebhookDelivery',
      summary: 'Send a delivery again now',
      tags,
      parameters: [id],
      responses: { '202': { description: 'Queued', content: json(ref('WebhookDelivery')) }, ...e404, ...AUTHENTICATED_ERRORS },
    },
  },
} as const;
