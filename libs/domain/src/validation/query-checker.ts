import { Errors, type FieldError } from '../errors/api-error';
import { childPointer } from './json-pointer';

/**
 * Reads a request's query parameters, the query-string side of {@link FieldChecker}: every value
 * arrives as text (a repeated parameter as an array, which no reader accepts), every problem is
 * collected with a pointer to its parameter (`/limit`), and parameters not in `allowed` are
 * `unknown_parameter`.
 */
export class QueryChecker {
  readonly errors: FieldError[] = [];

  constructor(
    private readonly query: Record<string, unknown>,
    allowed: readonly string[],
  ) {
    for (const key of Object.keys(query)) {
      if (!allowed.includes(key)) this.add(childPointer('', key), 'unknown_parameter', `Unknown query parameter; allowed: ${allowed.join(', ')}.`);
    }
  }

  add(pointer: string, code: string, detail: string): void {
    this.errors.push({ pointer, code, detail });
  }

  /** The raw value, for readers with rules of their own (dates, time zones, cursors). */
  raw(key: string): unknown {
    return this.query[key];
  }

  /** One non-empty value; undefined when absent or refused. */
  single(key: string): string | undefined {
    const value = this.query[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') {
      this.add(`/${key}`, 'invalid', `${key} must be a single value.`);
      return undefined;
    }
    return value;
  }

  /** A whole number within `[min, max]`, or `fallback` when absent. */
  integer<F extends number | null>(key: string, min: number, max: number, fallback: F): number | F {
    const value = this.query[key];
    if (value === undefined) return fallback;
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    this.add(`/${key}`, 'invalid', `${key} must be an integer from ${min} to ${max}.`);
    return fallback;
  }

  /** One of `allowed`, compared exactly, or `fallback` when absent. */
  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.query[key];
    if (value === undefined) return fallback;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.add(`/${key}`, 'invalid', `${key} must be one of ${allowed.join(', ')}.`);
    return fallback;
  }

  /** `true` or `false`, or `fallback` when absent. */
  flag(key: string, fallback: boolean): boolean {
    return this.oneOf(key, ['true', 'false'] as const, fallback ? 'true' : 'false') === 'true';
  }
}

/**
 * Reads a query with `read`; one 422 `validation_failed` names every problem.
 *
 * @example
 * const { limit } = readQuery(req.query, ['limit'], (q) => ({ limit: q.integer('limit', 1, 100, 20) }));
 */
export function readQuery<T>(query: Record<string, unknown>, allowed: readonly string[], read: (q: QueryChecker) => T): T {
  const q = new QueryChecker(query, allowed);
  const value = read(q);
  if (q.errors.length) throw Errors.validationFailed(q.errors, 'The query parameters are not valid.');
  return value;
}
