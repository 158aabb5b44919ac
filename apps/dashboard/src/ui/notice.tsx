import { type ComponentChildren } from 'preact';
import { ProblemError } from '../api/problem';

/** A message in the page. Errors interrupt (role=alert); the rest are polite (role=status). */
export function Notice({ kind, children, title }: { kind: 'error' | 'success' | 'info' | 'warning'; title?: string; children?: ComponentChildren }) {
  return (
    <div class={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title ? <strong class="notice__title">{title}</strong> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}

/**
 * What went wrong with a request: the server's own words, and the request id to quote to support.
 * `inline`: the page has no field to show a 422's errors under (a button, a select in a table), so
 * they are listed here. `atFields`: the form shows a 422's errors at its fields, so nothing is said here.
 */
export function ErrorNotice({ error, title, inline = false, atFields = false }: { error: unknown; title?: string; inline?: boolean; atFields?: boolean }) {
  if (!error || (atFields && error instanceof ProblemError && error.status === 422)) return null;
  if (error instanceof ProblemError) {
    const fields = error.errors.length > 0 && error.status === 422;
    return (
      <Notice kind="error" title={title ?? error.title}>
        {fields && inline ? (
          <ul>
            {error.errors.map((e) => (
              <li key={e.pointer + e.code}>{e.detail}</li>
            ))}
          </ul>
        ) : (
          <p>{fields ? 'Some fields need attention; each says what is wrong.' : error.detail}</p>
        )}
        {error.requestId ? <p class="muted small">Request id: {error.requestId}</p> : null}
      </Notice>
    );
  }
  return (
    <Notice kind="error" title={title ?? 'Something went wrong'}>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </Notice>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="loading" role="status">
      <span class="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** What a page shows of data not loaded yet: the error it met (with `title`), or a spinner until it is here. */
export function Pending({ resource, title }: { resource: { data: unknown; error: unknown }; title?: string }) {
  if (resource.error) return <ErrorNotice error={resource.error} title={title} />;
  return resource.data === undefined ? <Loading /> : null;
}
