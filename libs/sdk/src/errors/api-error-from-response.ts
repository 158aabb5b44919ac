import type { FieldError } from '../api-types.js';
import { parseRetryAfter } from '../transport/parse-retry-after.js';
import { QrApiError } from './qr-error.js';

/**
 * Turns an error answer into a {@link QrApiError}. Problem bodies give code, detail and field
 * errors; anything else (a proxy's HTML page, an empty 502) still gives a typed error, with code
 * `http_error`, so callers handle one type.
 */
export async function apiErrorFromResponse(res: Response): Promise<QrApiError> {
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> | null = null;
  if (/json/i.test(res.headers.get('content-type') ?? '')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
  }
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const requestId = str(body?.request_id) ?? res.headers.get('x-request-id');
  return new QrApiError({
    status: res.status,
    code: str(body?.code) ?? 'http_error',
    title: str(body?.title) ?? (res.statusText || `HTTP ${res.status}`),
    detail: str(body?.detail) ?? `The server answered HTTP ${res.status}${text && !body ? `: ${text.slice(0, 200)}` : ''}.`,
    requestId,
    errors: Array.isArray(body?.errors) ? body.errors.filter(isFieldError) : [],
    type: str(body?.type),
    retryAfter: parseRetryAfter(res.headers.get('retry-after')),
  });
}

function isFieldError(value: unknown): value is FieldError {
  const v = value as FieldError;
  return !!v && typeof v === 'object' && typeof v.pointer === 'string' && typeof v.code === 'string';
}
