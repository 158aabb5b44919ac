import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A route answered before Nest and Express see the request: the scan redirect is the hot path,
 * and a framework pipeline would cost it most of its throughput.
 */
export interface FastRoute {
  name: string;
  matches(req: IncomingMessage, pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): void | Promise<void>;
}
