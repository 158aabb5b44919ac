import { ProblemError } from './problem';

/** The public API, which the dashboard calls with its session cookie (never an API key). */
export const PUBLIC_API = '/api/public/v1';
/** The public API's reference page (Scalar, from the OpenAPI document). */
export const API_DOCS = `${PUBLIC_API}/docs`;
/** The dashboard's own endpoints: sign-in, account, usage, previews, print sheets, imports. */
export const APP_API = '/app/api';

let csrfToken = '';
let shownWorkspaceId: string | null = null;
const signedOutListeners = new Set<() => void>();
const workspaceChangedListeners = new Set<() => void>();

/**
 * What the session says: its CSRF token (sent as X-CSRF-Token on every request that is not a
 * read) and the workspace this tab shows (sent as X-Workspace-Id, so that a page still showing
 * workspace A never writes into B after another tab switched the shared session to B).
 */
export function setSessionContext(csrf: string, workspaceId: string | null): void {
  csrfToken = csrf;
  shownWorkspaceId = workspaceId;
}

function csrfHeader(): Record<string, string> {
  return { 'X-CSRF-Token': csrfToken };
}

/** The session's own endpoints: they are about the person, not the workspace a tab shows. */
const SESSION_WIDE = [`${APP_API}/session`, `${APP_API}/account`, `${APP_API}/sign-in-links`];

function workspaceHeader(url: string): Record<string, string> {
  if (!shownWorkspaceId || SESSION_WIDE.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return {};
  return { 'X-Workspace-Id': shownWorkspaceId };
}

/** Called when the server says the session has ended (401), so the app can ask to sign in again. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Called when the server says the session now has another workspace than this tab shows (409). */
export function onWorkspaceChanged(listener: () => void): () => void {
  workspaceChangedListeners.add(listener);
  return () => workspaceChangedListeners.delete(listener);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Don't treat a 401 as "signed out" (the sign-in form's own 401 is a wrong password). */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
}

/** JSON in and out; any non-2xx becomes a ProblemError. */
export async function request<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const res = await send(method, url, body === undefined ? undefined : JSON.stringify(body), 'application/json', options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The raw response of a request (streams, files), after the same error handling. */
export async function send(
  method: Method,
  url: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...workspaceHeader(url) };
  if (contentType && body !== undefined) headers['Content-Type'] = contentType;
  if (method !== 'GET') Object.assign(headers, csrfHeader());
  const res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  if (res.ok) return res;
  const problem = await problemOf(res);
  if (res.status === 401 && !options.expectUnauthorized) signedOutListeners.forEach((l) => l());
  if (res.status === 409 && problem.code === 'workspace_changed') workspaceChangedListeners.forEach((l) => l());
  throw problem;
}

async function problemOf(res: Response): Promise<ProblemError> {
  const retryAfter = Number(res.headers.get('Retry-After')) || null;
  try {
    const p = (await res.json()) as { code?: string; title?: string; detail?: string; errors?: ProblemError['errors']; request_id?: string };
    return new ProblemError(res.status, p.code ?? 'error', p.title ?? res.statusText, p.detail ?? '', p.errors ?? [], p.request_id ?? null, retryAfter);
  } catch {
    return new ProblemError(res.status, 'error', res.statusText || 'Request failed', `The server answered ${res.status}.`, [], null, retryAfter);
  }
}

/** Shorthands for one of the two APIs: paths are relative to `base`. */
function jsonApi(base: string) {
  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', `${base}${path}`, undefined, options),
    post: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('POST', `${base}${path}`, body, options),
    patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', `${base}${path}`, body, options),
    del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', `${base}${path}`, undefined, options),
  };
}

export const api = jsonApi(PUBLIC_API);
export const appApi = jsonApi(APP_API);

/** `?a=1&b=2` from the set values of an object (undefined, null and '' are left out). */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}
