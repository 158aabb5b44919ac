export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a JSON body, returning status, headers and the parsed body. */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; key?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}
