/** One field-level problem, located by a JSON pointer into the request body (`/items/3/content/url`). */
export interface FieldError {
  pointer: string;
  code: string;
  detail: string;
}

/**
 * The one error type use cases throw. It carries everything an RFC 9457 problem needs and
 * survives a trip over the internal command transport unchanged (see `toJSON` / `fromJSON`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  toJSON(): SerializedApiError {
    return { status: this.status, code: this.code, title: this.title, detail: this.detail, errors: this.errors, headers: this.headers };
  }

  static fromJSON(json: SerializedApiError): ApiError {
    return new ApiError(json.status, json.code, json.title, json.detail, json.errors, json.headers);
  }

  static isSerialized(value: unknown): value is SerializedApiError {
    const v = value as SerializedApiError;
    return !!v && typeof v === 'object' && typeof v.status === 'number' && typeof v.code === 'string' && typeof v.title === 'string';
  }
}

export interface SerializedApiError {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

export const Errors = {
  invalidJson: (detail = 'The request body is not valid JSON.') => new ApiError(400, 'invalid_json', 'Invalid JSON', detail),
  unauthorized: () => new ApiError(401, 'unauthorized', 'Unauthorized', 'A valid API key is required: Authorization: Bearer qrk_…'),
  planHasNoApiAccess: (plan: string) =>
    new ApiError(403, 'plan_has_no_api_access', 'Plan has no API access', `The ${plan} plan does not include API access; upgrade to pro or agency.`),
  forbidden: (detail: string) => new ApiError(403, 'forbidden', 'Forbidden', detail),
  /** The dashboard's 401: no session cookie, or its session ended (idle, absolute, signed out, revoked). */
  signedOut: () => new ApiError(401, 'unauthorized', 'Unauthorized', 'Sign in to continue: there is no session, or it has ended.'),
  /** One answer for an unknown email, a wrong password and an account without a password. */
  invalidCredentials: () => new ApiError(401, 'invalid_credentials', 'Invalid credentials', 'The email or password is not right.'),
  csrfFailed: () =>
    new ApiError(403, 'csrf_failed', 'CSRF check failed', 'This request did not carry the page’s CSRF token (X-CSRF-Token); reload the page and try again.'),
  /** A dashboard tab shows one workspace while its session has moved to another (a switch in another tab). */
  workspaceChanged: () =>
    new ApiError(
      409,
      'workspace_changed',
      'Workspace changed',
      'This page was showing another workspace than the session now has (switched in another tab); reload it.',
    ),
  linkNotUsable: () =>
    new ApiError(
      410,
      'link_not_usable',
      'Link not usable',
      'This sign-in link has expired, was used already or was replaced by a newer one; ask for a new one.',
    ),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new ApiError(429, 'rate_limited', 'Too many attempts', `Too many sign-in attempts; try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
  conflict: (detail: string) => new ApiError(409, 'conflict', 'Conflict', detail),
  notFound: (what = 'resource') => new ApiError(404, 'not_found', 'Not found', `No such ${what}.`),
  payloadTooLarge: (limit: string) => new ApiError(413, 'payload_too_large', 'Payload too large', `The request body exceeds ${limit}.`),
  validationFailed: (errors: FieldError[], detail = 'The request is not valid.') => new ApiError(422, 'validation_failed', 'Validation failed', detail, errors),
  quotaExceeded: (retryAfterSeconds: number, headers: Record<string, string> = {}) =>
    new ApiError(429, 'quota_exceeded', 'Monthly quota exceeded', 'The monthly API call quota of this workspace is used up.', undefined, {
      ...headers,
      'Retry-After': String(retryAfterSeconds),
    }),
  dynamicAllowanceExceeded: (limit: number) =>
    new ApiError(429, 'dynamic_allowance_exceeded', 'Dynamic code allowance exceeded', `The plan allows ${limit} dynamic codes; delete some or upgrade.`),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(429, 'rate_limited', 'Too many requests', 'Too many requests per second for this API key.', undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
  internal: () => new ApiError(500, 'internal_error', 'Internal error', 'Something went wrong on our side; the request id identifies it in our logs.'),
  unavailable: (detail = 'A service this request needs is unavailable; try again shortly.') =>
    new ApiError(503, 'service_unavailable', 'Service unavailable', detail),
};
