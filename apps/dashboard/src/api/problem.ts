/** One field-level problem of a 422, located by a JSON pointer into what was sent. */
export interface FieldProblem {
  pointer: string;
  code: string;
  detail: string;
}

/** An RFC 9457 problem answered by the server, as an Error the pages can catch and show. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors: FieldProblem[] = [],
    readonly requestId: string | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(detail || title);
  }

  /** The details of the problems at exactly `pointer`, each as a sentence. */
  at(pointer: string): string | undefined {
    const found = this.errors.filter((e) => e.pointer === pointer);
    return found.length ? found.map((e) => sentence(e.detail)).join(' ') : undefined;
  }
}

/** A server's detail as a sentence: capitalised, ending in a full stop. */
export function sentence(text: string): string {
  const t = text.trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : t;
}

/** A new password typed twice, told apart at the second one (`/repeat`) the way the server's 422 tells a field. */
export function checkRepeated(password: string, repeat: string, detail: string): void {
  if (password !== repeat) throw new ProblemError(422, 'validation_failed', 'Validation failed', '', [{ pointer: '/repeat', code: 'mismatch', detail }]);
}
