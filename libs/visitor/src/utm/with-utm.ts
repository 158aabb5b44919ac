import { UTM_FIELDS as UTM_KEYS, type UtmField as UtmKey } from '@qr/qr-content';

/**
 * Appends the code's UTM fields (non-null, non-empty ones) to the target URL's query, replacing
 * same-named params; returns `new URL(...).href` so a non-ASCII URL becomes a valid Location
 * header value (punycode host, percent-encoded path and query).
 *
 * The customer's other params keep their exact bytes and order: rewriting the query through
 * `URLSearchParams` would turn `%20` into `+` and `?flag` into `?flag=`, which breaks signed URLs.
 *
 * @throws TypeError when `targetUrl` is not an absolute URL (validation guarantees it is).
 * @example
 * withUtm('https://shop.example/p?utm_source=old&id=7#top', { utm_source: 'qr', utm_medium: null })
 * // 'https://shop.example/p?id=7&utm_source=qr#top'
 */
export function withUtm(targetUrl: string, utm: Partial<Record<UtmKey, string | null>>): string {
  const url = new URL(targetUrl);
  const fields = UTM_KEYS.flatMap((key) => {
    const value = utm[key];
    return value ? [[key, value] as [string, string]] : [];
  });
  if (fields.length === 0) return url.href;
  const replaced = new Set(fields.map(([key]) => key));
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !replaced.has(paramName(pair)));
  // URLSearchParams encodes the new values, lone surrogates included, where encodeURIComponent throws.
  url.search = [...kept, new URLSearchParams(fields).toString()].join('&');
  return url.href;
}

function paramName(pair: string): string {
  const name = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a malformed escape is not a UTM key either way
  }
}
