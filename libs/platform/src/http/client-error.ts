import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '@qr/domain';
import { problemBody } from './problem-response';
import { newRequestId } from './request-id';

/**
 * The problem+json answer to a request Node's parser could not read (a broken request line or
 * header, bad chunked framing, headers over the limit, a request that took too long), with the
 * status Node would give it. Without this Node answers such requests with a bare status line, the
 * one place a client would not get a problem body. Nothing reached a handler, so nothing changed.
 */
export function clientErrorProblem(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'headers_too_large', 'Request headers too large', 'The request line and headers are larger than the server accepts (16 KiB).');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(413, 'payload_too_large', 'Payload too large', 'The chunk extensions of the body are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'Request timeout', 'The request was not received in full in time.');
    default:
      return new ApiError(400, 'bad_request', 'Bad request', 'The request is not valid HTTP/1.1 (its request line, a header or the body’s framing).');
  }
}

/**
 * A server's `clientError` listener: answers with `clientErrorProblem` when nothing has been written on
 * the connection yet (as Node's own answer does), then closes it, since the rest of its bytes cannot be
 * framed. A connection the client already reset is only closed.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex & { bytesWritten?: number }): void {
  if (err.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(err.code);
  const body = JSON.stringify(problemBody(problem, newRequestId()));
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
