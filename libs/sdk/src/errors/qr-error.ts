import type { ErrorCode, FieldError } from '../api-types.js';

/**
 * Base class of every error the SDK throws about a call: {@link QrApiError} when the API answered
 * with an error, {@link QrConnectionError} when no answer arrived.
 */
export class QrError extends Error {
  /** What went wrong, machine-readable; the subclasses document their values. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QrError';
    this.code = code;
  }
}

/**
 * The API answered with an error (RFC 9457 problem). Branch on `code`, which is stable; `detail` is
 * for people. `errors` locate validation problems with JSON pointers into what you sent.
 *
 * @example
 * try {
 *   await qr.codes.create({ type: 'website', content: { url: 'ftp://nope' } });
 * } catch (err) {
 *   if (err instanceof QrApiError && err.code === 'validation_failed') {
 *     console.log(err.errors); // [{ pointer: '/content/url', code: 'unsupported_scheme', detail: … }]
 *   }
 * }
 */
export class QrApiError extends QrError {
  /** HTTP status of the answer. */
  readonly status: number;
  /**
   * Machine-readable reason, e.g. `validation_failed`, `not_found`, `rate_limited`; `http_error` when
   * an error's body was not a problem, `invalid_response` when a success's body was not JSON.
   */
  declare readonly code: ErrorCode | (string & {});
  /** The request's id (`request_id`, also the X-Request-Id header): quote it when asking for help. */
  readonly requestId: string | null;
  /** One entry per field problem; empty when the error is not about fields. */
  readonly errors: FieldError[];
  readonly title: string;
  readonly detail: string;
  /** Link to the error's documentation. */
  readonly type: string | null;
  /** Seconds the API asked to wait (Retry-After), for 429 and 503 answers. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail: string;
    requestId: string | null;
    errors?: FieldError[];
    type?: string | null;
    retryAfter?: number | null;
  }) {
    super(init.code, `${init.status} ${init.code}: ${init.detail}${init.requestId ? ` (request ${init.requestId})` : ''}`);
    this.name = 'QrApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.errors = init.errors ?? [];
    this.type = init.type ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * No answer arrived: the connection failed or an attempt ran past `timeoutMs`. Whether the API
 * acted on the request is unknown; requests that are safe to repeat were already retried.
 */
export class QrConnectionError extends QrError {
  /** `timeout` when the attempt ran past `timeoutMs`, else `connection_failed`. */
  declare readonly code: 'timeout' | 'connection_failed';

  constructor(code: 'timeout' | 'connection_failed', message: string, cause: unknown) {
    super(code, message, { cause });
    this.name = 'QrConnectionError';
  }
}

/**
 * Whether a value is a {@link QrApiError}, also across the ESM and CommonJS copies of the SDK
 * (where `instanceof` cannot tell, as each copy has its own class).
 *
 * @example
 * if (isQrApiError(err) && err.status === 404) return null;
 */
export function isQrApiError(value: unknown): value is QrApiError {
  return value instanceof QrApiError || (value instanceof Error && value.name === 'QrApiError' && typeof (value as QrApiError).status === 'number');
}
