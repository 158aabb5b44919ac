/** Shared OpenAPI pieces: the problem body, error codes and standard responses. */
export const ERROR_CODES: ReadonlyArray<{ code: string; status: number; meaning: string }> = [
  { code: 'invalid_json', status: 400, meaning: 'The body is not valid JSON.' },
  {
    code: 'bad_request',
    status: 400,
    meaning: 'The request could not be understood: not valid HTTP (the connection is then closed), or e.g. an unsupported content type.',
  },
  { code: 'unauthorized', status: 401, meaning: 'Missing, unknown, revoked or expired API key (one answer for all).' },
  { code: 'plan_has_no_api_access', status: 403, meaning: 'The workspace plan (free, starter) does not include the API.' },
  { code: 'forbidden', status: 403, meaning: 'The key’s role or the plan does not allow this action.' },
  { code: 'csrf_failed', status: 403, meaning: 'A dashboard session’s change without its X-CSRF-Token (never for API keys).' },
  { code: 'plan_has_no_webhooks', status: 403, meaning: 'The workspace plan (free, starter) has no webhooks; `errors` points at /events.' },
  { code: 'event_not_in_plan', status: 403, meaning: 'An event type the plan does not include (milestones need agency); `errors` points at the item.' },
  { code: 'not_found', status: 404, meaning: 'No such object in this workspace (another workspace’s objects are not found either).' },
  { code: 'method_not_allowed', status: 405, meaning: 'The method is not allowed on this resource.' },
  {
    code: 'workspace_changed',
    status: 409,
    meaning: 'A dashboard page sent X-Workspace-Id of a workspace its session no longer shows (switched in another tab); nothing was changed.',
  },
  { code: 'conflict', status: 409, meaning: 'The code was changed concurrently several times while this PATCH ran; send it again.' },
  { code: 'logo_in_use', status: 409, meaning: 'A live code or a brand preset shows the logo; the detail names them. Change their design first.' },
  { code: 'preset_in_use', status: 409, meaning: 'Live codes follow the brand preset; give them another look first.' },
  { code: 'too_many_logos', status: 409, meaning: 'The workspace has 100 logos, the most it keeps; delete one first.' },
  {
    code: 'short_code_taken',
    status: 409,
    meaning: 'A chosen short_code is held by another code on that domain; `errors` points at each, naming the holder when it is of this workspace.',
  },
  { code: 'short_code_scanned', status: 409, meaning: 'A PATCH of short_code on a code that has been scanned: its path is printed somewhere.' },
  { code: 'request_timeout', status: 408, meaning: 'The request was not received in full in time; the connection is closed.' },
  { code: 'payload_too_large', status: 413, meaning: 'The body is larger than the limit (1 MiB by default).' },
  { code: 'unsupported_media_type', status: 415, meaning: 'A logo upload that is neither multipart/form-data nor JSON.' },
  { code: 'validation_failed', status: 422, meaning: 'The request is well-formed JSON but not valid; `errors` lists each problem with a JSON pointer.' },
  { code: 'quota_exceeded', status: 429, meaning: 'The monthly call quota is used up; Retry-After gives the seconds until the 1st, 00:00 UTC.' },
  { code: 'dynamic_allowance_exceeded', status: 429, meaning: 'The plan’s number of dynamic codes is reached.' },
  { code: 'rate_limited', status: 429, meaning: 'Too many requests per second for this key; retry after Retry-After seconds.' },
  { code: 'headers_too_large', status: 431, meaning: 'The request line and headers are larger than 16 KiB; the connection is closed.' },
  { code: 'internal_error', status: 500, meaning: 'Our fault. The request_id finds it in our logs.' },
  { code: 'service_unavailable', status: 503, meaning: 'A service this request needs is down; retry shortly.' },
];

export const COMPONENTS = {
  securitySchemes: {
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
  },
  headers: {
    RateLimitPolicy: { description: 'IETF RateLimit-Policy for the monthly quota, e.g. `"monthly";q=3000;w=2592000`', schema: { type: 'string' } },
    RateLimit: { description: 'IETF RateLimit: remaining calls and seconds to reset, e.g. `"monthly";r=2975;t=864000`', schema: { type: 'string' } },
  },
  schemas: {
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details.',
      required: ['type', 'title', 'status', 'detail', 'code', 'request_id'],
      properties: {
        type: { type: 'string', format: 'uri-reference' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        code: { type: 'string', enum: ERROR_CODES.map((e) => e.code), description: 'Stable: branch on this, not on title or detail' },
        request_id: { type: 'string', description: 'Also the X-Request-Id header; quote it when asking for help' },
        errors: {
          type: 'array',
          items: { $ref: '#/components/schemas/FieldError' },
          description: 'One entry per problem (validation, and the 403s about webhook events)',
        },
      },
    },
    FieldError: {
      type: 'object',
      required: ['pointer', 'code', 'detail'],
      properties: {
        pointer: {
          type: 'string',
          description: 'JSON pointer (RFC 6901) into the request body, or to the query parameter (`/limit`); bulk: `/items/3/content/url`',
        },
        code: { type: 'string', description: 'required, invalid_type, unknown_field, too_long, invalid_url, … (see docs/api.md)' },
        detail: { type: 'string' },
      },
    },
    ApiKey: {
      type: 'object',
      required: ['id', 'object', 'name', 'role', 'key_hint', 'created_at', 'expires_at', 'last_used_at'],
      properties: {
        id: { type: 'string', example: 'key_00VbayHbnbI0mAOB5TZyTCWm' },
        object: { const: 'api_key' },
        name: { type: 'string' },
        role: { enum: ['owner', 'editor', 'viewer'] },
        key_hint: { type: 'string', description: 'First and last characters only, e.g. `qrk_AbC1…x9Z`' },
        created_at: { type: 'string', format: 'date-time' },
        expires_at: { type: ['string', 'null'], format: 'date-time' },
        last_used_at: { type: ['string', 'null'], format: 'date-time', description: 'Last authenticated call, to the minute; null if never used' },
      },
    },
    ApiKeyList: {
      type: 'object',
      required: ['object', 'data'],
      properties: {
        object: { const: 'list' },
        data: { type: 'array', items: { $ref: '#/components/schemas/ApiKey' }, description: 'Live keys (not revoked, not expired)' },
      },
    },
    DeletedApiKey: {
      type: 'object',
      required: ['id', 'object', 'deleted'],
      properties: { id: { type: 'string' }, object: { const: 'api_key' }, deleted: { const: true } },
    },
    CreatedApiKey: {
      allOf: [
        { $ref: '#/components/schemas/ApiKey' },
        { type: 'object', required: ['secret'], properties: { secret: { type: 'string', description: 'The key. Shown once, never again.' } } },
      ],
    },
  },
  responses: {
    Unauthorized: problemResponse('Missing, unknown, revoked or expired key'),
    Forbidden: problemResponse('The plan or the key’s role does not allow this'),
    NotFound: problemResponse('Not found in this workspace'),
    ValidationFailed: problemResponse('Validation failed; `errors` has one entry per problem'),
    TooManyRequests: problemResponse('quota_exceeded, dynamic_allowance_exceeded or rate_limited; Retry-After says when to try again'),
    BadRequest: problemResponse('invalid_json: the body is not JSON (or bad_request)'),
    PayloadTooLarge: problemResponse('payload_too_large: the body is over 1 MiB'),
    Conflict: problemResponse('conflict: concurrent changes; send the request again'),
    ServerError: problemResponse(
      'internal_error (500) or service_unavailable (503): retry reads, and writes that are safe to repeat (a create with a client_ref)',
    ),
  },
} as const;

function problemResponse(description: string) {
  return { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
}

/** The errors an operation with a JSON body can answer with, besides validation. */
export const BODY_ERRORS = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '413': { $ref: '#/components/responses/PayloadTooLarge' },
} as const;

/** The errors every authenticated operation can answer with. */
export const AUTHENTICATED_ERRORS = {
  '401': { $ref: '#/components/responses/Unauthorized' },
  '403': { $ref: '#/components/responses/Forbidden' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
  '5XX': { $ref: '#/components/responses/ServerError' },
} as const;
