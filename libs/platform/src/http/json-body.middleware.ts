import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Errors } from '@qr/domain';
import { requestIdOf, writeProblem } from './problem-response';

type Next = (err?: unknown) => void;

/**
 * express.json with its two failure modes turned into our problems: malformed JSON is a 400
 * `invalid_json`, an oversized body a 413. Written here rather than in the filter because body
 * parsing happens before Nest's pipeline sees the request.
 */
export function jsonBodyMiddleware(maxBytes: number, docsBaseUrl: string) {
  const parse = express.json({ limit: maxBytes, strict: false, type: ['application/json', 'application/*+json'] });
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    parse(req as express.Request, res as express.Response, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      const error = type === 'entity.too.large' ? Errors.payloadTooLarge(`${maxBytes} bytes`) : Errors.invalidJson();
      writeProblem(res, error, requestIdOf(req), docsBaseUrl);
    });
  };
}
