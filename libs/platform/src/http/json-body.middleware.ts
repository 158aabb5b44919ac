import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Errors, jsonDepthExceeds, MAX_JSON_DEPTH } from '@qr/domain';
import { requestIdOf, writeProblem } from './problem-response';

type Next = (err?: unknown) => void;
type Parser = (req: express.Request, res: express.Response, next: Next) => void;

/**
 * express.json with its two failure modes turned into our problems: malformed JSON is a 400
 * `invalid_json`, an oversized body a 413. Written here rather than in the filter because body
 * parsing happens before Nest's pipeline sees the request.
 */
export function jsonBodyMiddleware(maxBytes: number, docsBaseUrl: string) {
  const parse = answeringProblems(express.json({ limit: maxBytes, strict: false, type: ['application/json', 'application/*+json'] }), maxBytes, docsBaseUrl);
  return (req: IncomingMessage, res: ServerResponse, next: Next) =>
    parse(req, res, () => {
      // Found by fuzzing: a body nested thousands deep parses, then overflows JSON.stringify on its way to a service.
      if (jsonDepthExceeds((req as express.Request).body)) {
        return writeProblem(res, Errors.invalidJson(`The JSON nests deeper than ${MAX_JSON_DEPTH} levels.`), requestIdOf(req), docsBaseUrl);
      }
      next();
    });
}

/**
 * A body of the given types as a string (`text`: a CSV upload) or as its bytes (`raw`: an export file
 * that need not be UTF-8), with the same 413 as JSON bodies.
 */
export function bodyMiddleware(as: 'text' | 'raw', types: string[], maxBytes: number, docsBaseUrl: string) {
  return answeringProblems(express[as]({ limit: maxBytes, type: types }), maxBytes, docsBaseUrl);
}

function answeringProblems(parse: Parser, maxBytes: number, docsBaseUrl: string) {
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    parse(req as express.Request, res as express.Response, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      const error = type === 'entity.too.large' ? Errors.payloadTooLarge(`${maxBytes} bytes`) : Errors.invalidJson();
      writeProblem(res, error, requestIdOf(req), docsBaseUrl);
    });
  };
}
