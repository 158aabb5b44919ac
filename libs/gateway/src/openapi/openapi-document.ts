import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { contractSchemas, DASHBOARD_ERROR_CODES, dashboardSchemas, ERROR_CODES, queryParameters, WEBHOOK_EVENTS } from '@qr/api-contract';
import { API_PREFIX } from '../http/api-prefix';
import { PUBLIC_API_CONTROLLERS } from '../public-api-controllers';
import { type AnswerDoc, Operation, type OperationDoc, type SchemaOf } from '@qr/platform';
import { WEBHOOK_SIGNATURE_HEADERS } from './webhook-signature-headers';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Json & { operationId: string; summary: string; description?: string }>>;
  webhooks: Record<string, { post: Json & { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
  components: { securitySchemes: Record<string, Json>; headers: Record<string, Json>; schemas: Record<string, Json>; responses: Record<string, Json> };
}

/**
 * The OpenAPI 3.1 document of the public API, generated: the schemas from the declarations
 * (@qr/api-contract), the operations from each route's `@Operation` and Nest's own route metadata.
 * Paths are relative to the server URL (`…/api/public/v1`).
 */
export function openApiDocument(publicBaseUrl: string): OpenApiDocument {
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
    paths: operations(PUBLIC_API_CONTROLLERS, API_PREFIX),
    // What we send to registered endpoints (OpenAPI 3.1): one entry per event type.
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e.type, delivery(e.body.name, e.summary)])),
    components: { securitySchemes: SECURITY_SCHEMES, headers: HEADERS, schemas: contractSchemas(), responses: RESPONSES },
  };
}

/**
 * The dashboard's own JSON API (`/app/api`), built from its controllers' `@Operation`s as the public
 * document is. It is not published: the dashboard's answer types are generated from it (scripts/sdk.js)
 * and its e2e suites check every answer they see against it. Paths are absolute.
 */
export function dashboardApiDocument(controllers: readonly Controller[]) {
  const schemas = contractSchemas();
  const problemSchema = schemas.Problem as { properties: Record<string, Json> };
  const codes = [...ERROR_CODES, ...DASHBOARD_ERROR_CODES].map((e) => e.code);
  // Every route of a signed-in page may meet a session that switched workspace in another tab.
  const paths = operations(controllers, '', { '409': shared('WorkspaceChanged') });
  return {
    openapi: '3.1.0' as const,
    info: { title: 'QR platform dashboard API (internal: the dashboard app is its only client)', version: '1.0.0' },
    security: [{ dashboardSession: [] }],
    paths,
    components: {
      securitySchemes: { dashboardSession: SECURITY_SCHEMES.dashboardSession },
      schemas: {
        ...schemas,
        Problem: { ...problemSchema, properties: { ...problemSchema.properties, code: { ...problemSchema.properties.code, enum: codes } } },
        ...dashboardSchemas(),
        SessionAnswer: { oneOf: [{ $ref: '#/components/schemas/MeAnswer' }, { $ref: '#/components/schemas/SignedOutAnswer' }] },
      },
      responses: {
        ...RESPONSES,
        WorkspaceChanged: problem('workspace_changed: the page shows another workspace than the session now has; nothing was changed'),
      },
    },
  };
}

type Controller = abstract new (...args: never[]) => object;

/** Every documented route of the controllers, by path (below `prefix`) and method; `everyRoute`: errors all of them answer. */
function operations(controllers: readonly Controller[], prefix: string, everyRoute: Record<string, object> = {}): OpenApiDocument['paths'] {
  const reflector = new Reflector();
  const paths: OpenApiDocument['paths'] = {};
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const proto = controller.prototype as unknown as Record<string, unknown>;
    for (const handler of Object.getOwnPropertyNames(proto)) {
      const fn = proto[handler];
      if (typeof fn !== 'function') continue;
      const doc = reflector.get(Operation, fn);
      if (!doc) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod].toLowerCase();
      const nestPath = [base, String(Reflect.getMetadata(PATH_METADATA, fn) ?? '')]
        .flatMap((p) => p.split('/'))
        .filter(Boolean)
        .join('/');
      const path = nestPath
        .slice(prefix.length)
        .replace(/^\/?/, '/')
        .replace(/(.)\/$/, '$1')
        .replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      (paths[path] ??= {})[method] = operation(
        doc,
        [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        everyRoute,
      );
    }
  }
  return paths;
}

const ref = (schema: SchemaOf) => ({ $ref: `#/components/schemas/${typeof schema === 'string' ? schema : schema.name}` });
const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });

function operation(doc: OperationDoc, pathParams: string[], everyRoute: Record<string, object>): OpenApiDocument['paths'][string][string] {
  const parameters = [
    ...pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: doc.params?.[name]?.schema ?? { type: 'string' },
      ...(doc.params?.[name]?.description ? { description: doc.params[name].description } : {}),
    })),
    ...(doc.query ? queryParameters(doc.query) : []),
  ];
  const bodies = doc.body === undefined ? null : typeof doc.body === 'object' ? doc.body : { 'application/json': doc.body };
  const answers = Object.fromEntries(Object.entries(doc.answers).map(([status, answer]) => [status, response(answer)]));
  // The errors every route of its kind answers (see OperationDoc); an answer the route declares for a status wins.
  const derived: Record<string, object> = {
    ...(pathParams.length ? { '404': shared('NotFound') } : {}),
    ...(bodies || doc.query ? { '422': shared('ValidationFailed') } : {}),
    ...(bodies ? { '400': shared('BadRequest'), '413': shared('PayloadTooLarge') } : {}),
    ...(doc.public ? {} : { '401': shared('Unauthorized'), '403': shared('Forbidden'), '429': shared('TooManyRequests'), '5XX': shared('ServerError') }),
    ...everyRoute,
  };
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    tags: [doc.tag],
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(bodies ? { requestBody: { required: true, content: Object.fromEntries(Object.entries(bodies).map(([type, s]) => [type, { schema: ref(s) }])) } } : {}),
    responses: { ...answers, ...Object.fromEntries(Object.entries(derived).filter(([status]) => !(status in answers))) },
  };
}

function response(answer: AnswerDoc | { problem: string } | 'Conflict'): object {
  if (answer === 'Conflict') return shared('Conflict');
  if ('problem' in answer) return problem(answer.problem);
  const content = {
    ...(answer.body ? { 'application/json': { schema: ref(answer.body) } } : {}),
    ...Object.fromEntries((answer.media ?? []).map((type) => [type, {}])),
  };
  return { description: answer.description, ...(Object.keys(content).length ? { content } : {}) };
}

function problem(description: string) {
  return { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
}

/** One event's delivery to a registered endpoint, signed as Standard Webhooks says. */
function delivery(schema: string, summary: string) {
  return {
    post: {
      operationId: `webhook_${schema}`,
      summary,
      tags: ['Webhooks'],
      parameters: WEBHOOK_SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
      responses: {
        '2XX': { description: 'Delivered. Any other answer (3xx included: redirects are not followed) is retried on the schedule; 410 disables the endpoint.' },
      },
    },
  };
}

const SECURITY_SCHEMES = {
  apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'qrk_ + 32 base62 characters', description: 'Authorization: Bearer qrk_…' },
  dashboardSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'qr_session',
    description:
      'The dashboard’s sign-in session (used only when there is no Authorization header), named `__Host-qr_session` when the ' +
      'dashboard is served over https. Every method but GET, HEAD and OPTIONS needs the session’s X-CSRF-Token header; an ' +
      'X-Workspace-Id header, when sent, must name the session’s workspace (409 workspace_changed otherwise). Session calls are ' +
      'not API calls: no plan gate, no monthly quota, no RateLimit headers; 20 requests per second per session.',
  },
};

const HEADERS = {
  RateLimitPolicy: { description: 'IETF RateLimit-Policy for the monthly quota, e.g. `"monthly";q=3000;w=2592000`', schema: { type: 'string' } },
  RateLimit: { description: 'IETF RateLimit: remaining calls and seconds to reset, e.g. `"monthly";r=2975;t=864000`', schema: { type: 'string' } },
};

/** The error answers routes share, each a Problem. */
const RESPONSES = {
  Unauthorized: problem('Missing, unknown, revoked or expired key'),
  Forbidden: problem('The plan or the key’s role does not allow this'),
  NotFound: problem('Not found in this workspace'),
  ValidationFailed: problem('Validation failed; `errors` has one entry per problem'),
  TooManyRequests: problem('quota_exceeded, dynamic_allowance_exceeded or rate_limited; Retry-After says when to try again'),
  BadRequest: problem('invalid_json: the body is not JSON (or bad_request)'),
  PayloadTooLarge: problem('payload_too_large: the body is over 1 MiB'),
  Conflict: problem('conflict: concurrent changes; send the request again'),
  ServerError: problem('internal_error (500) or service_unavailable (503): retry reads, and writes that are safe to repeat (a create with a client_ref)'),
};
