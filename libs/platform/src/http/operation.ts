import { Reflector } from '@nestjs/core';

/** A declared class (its schema is the component named as the class), or the name of a derived schema (`QrCodePatch`). */
export type SchemaOf = (abstract new (...args: never[]) => object) | string;

/** One answer of a route: its body's declaration, or the media types of a non-JSON body, or none (304). */
export interface AnswerDoc {
  description: string;
  body?: SchemaOf;
  /** Bodies that are not JSON (images, CSV): their media types. */
  media?: readonly string[];
}

/**
 * What the OpenAPI document says of one route, declared on the controller's method. Its path, method
 * and path parameters come from the route itself. The errors every route of its kind answers are
 * added when the document is built: 404 when the path names an object, 422 with a body or a query,
 * 400 and 413 with a JSON body, and 401, 403, 429 and 5XX unless the route is `public`.
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** The request body: one declaration as JSON, or one per media type. */
  body?: SchemaOf | Readonly<Record<string, SchemaOf>>;
  /** The query's declaration: each of its fields a query parameter. */
  query?: new () => object;
  /** Path parameters that say more than "a string" (`{file}` of a preview). */
  params?: Readonly<Record<string, { schema: object; description?: string }>>;
  /** Success answers, and the errors particular to this route: a shared response by name (`Conflict`), or a problem described here. */
  answers: Readonly<Record<string, AnswerDoc | { problem: string } | 'Conflict'>>;
  /** Served without a key or a session, and counted against no quota. */
  public?: boolean;
}

/** `@Operation({...})` on a route of the public API or the dashboard's JSON API: read back by the documents built from them (@qr/gateway's openapi-document.ts). */
export const Operation = Reflector.createDecorator<OperationDoc>();
