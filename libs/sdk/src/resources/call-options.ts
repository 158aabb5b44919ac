/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call, waits between retries included; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A path parameter, encoded: ids come from answers, but a stray `/` or `?` must not change the route. */
export function id(value: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError('an id must be a non-empty string');
  return encodeURIComponent(value);
}
