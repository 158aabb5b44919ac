import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApiError } from '@qr/domain';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The request id given to this request (by the caller when it is sane, else by us). */
export function requestIdOf(req: IncomingMessage): string {
  return (req as IncomingMessage & { requestId?: string }).requestId ?? 'unknown';
}

/** RFC 9457 body for an ApiError. The `type` URI points at the error's entry in the docs page. */
export function problemBody(error: ApiError, requestId: string, docsBaseUrl = '') {
  return {
    type: `${docsBaseUrl}/api/public/v1/docs#error-${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    request_id: requestId,
    ...(error.errors?.length ? { errors: error.errors } : {}),
  };
}

/** Writes a problem+json answer straight to a node response; the Nest filter and raw handlers share it. */
export function writeProblem(res: ServerResponse, error: ApiError, requestId: string, docsBaseUrl = ''): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(problemBody(error, requestId, docsBaseUrl));
  res.statusCode = error.status;
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/problem+json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}
