import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, Errors } from '@qr/domain';
import { type JsonLogger } from '../logging/json-logger';
import { requestIdOf, writeProblem } from './problem-response';

/**
 * Every error leaves as application/problem+json. Unknown errors become a bare 500 whose body
 * carries no message, stack, SQL or path; the details go to the log under the request id.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(
    private readonly logger: JsonLogger,
    private readonly docsBaseUrl: string,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const error = this.toApiError(exception, req);
    writeProblem(res, error, requestIdOf(req), this.docsBaseUrl);
  }

  private toApiError(exception: unknown, req: Request): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof HttpException) return fromHttpException(exception);
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.event('error', 'unhandled error', {
      request_id: requestIdOf(req),
      method: req.method,
      route: req.route?.path,
      error: { name: err.name, message: err.message, stack: err.stack },
    });
    return Errors.internal();
  }
}

function fromHttpException(e: HttpException): ApiError {
  const status = e.getStatus();
  switch (status) {
    case 404:
      return Errors.notFound('route');
    case 405:
      return new ApiError(405, 'method_not_allowed', 'Method not allowed', 'This method is not allowed on this resource.');
    case 413:
      return Errors.payloadTooLarge('the size limit');
    default:
      if (status >= 500) return Errors.internal();
      return new ApiError(status, 'bad_request', 'Bad request', 'The request could not be understood.');
  }
}
