import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from './problem-response';

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A request id of our own: `req_` and 32 hex digits. */
export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

/** Accepts a caller's X-Request-Id when it is plain enough to log safely; otherwise mints one. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const offered = req.headers[REQUEST_ID_HEADER];
  const id = typeof offered === 'string' && SANE_ID.test(offered) ? offered : newRequestId();
  (req as IncomingMessage & { requestId?: string }).requestId = id;
  res.setHeader('X-Request-Id', id);
  return id;
}
