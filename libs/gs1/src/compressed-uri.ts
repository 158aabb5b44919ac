import type { FieldError } from '@qr/domain';

/*
 * Compressed GS1 Digital Link URIs (GS1 Digital Link: Compression) carry the element string as
 * base64url: fully compressed `/{b64}`, or partially `/01/{gtin}/{b64}`. Decompression is GS1's
 * Digital Link toolkit as bundled by digital-link.js (Apache-2.0). The toolkit checks less than this library does (order, placement, dates), so what it returns is
 * parsed again like any other request.
 */

interface DigitalLinkUtils {
  decompressWebUri(uri: string): string;
}

// Any origin will do: the toolkit needs an absolute URI and we keep only its path and query.
const PLACEHOLDER_ORIGIN = 'https://decompress.invalid';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

let utils: DigitalLinkUtils | undefined;

/**
 * True when `path` has the shape of a compressed Digital Link path: one base64url segment, or a
 * `/01/{digits}` path whose pairs are followed by one base64url segment. The shape only: platform
 * short codes have it too, so the caller decides which paths to try.
 *
 * @example isCompressedDigitalLinkPath('/CxFKk4XBoI1XgkYug-Kg') // true
 */
export function isCompressedDigitalLinkPath(path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/').slice(1);
  if (segments.length === 0 || !BASE64URL.test(segments[segments.length - 1])) return false;
  if (segments.length === 1) return true;
  return segments.length % 2 === 1 && segments[0] === '01' && /^\d+$/.test(segments[1]);
}

export type Decompression = { ok: true; path: string; query: string } | { ok: false; problems: FieldError[] };

/**
 * The uncompressed path and query of a compressed Digital Link path, or a 400's problem.
 *
 * @example decompressDigitalLinkPath('/CxFKk4XBoI1XgkYug-Kg') // { ok: true, path: '/01/09506000134352/10/ABC123', query: '17=270101' }
 */
export function decompressDigitalLinkPath(path: string): Decompression {
  let uri: string;
  try {
    uri = digitalLinkUtils().decompressWebUri(PLACEHOLDER_ORIGIN + path.replace(/\/$/, ''));
  } catch (error) {
    // The toolkit throws strings as often as Errors.
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ pointer: '/path', code: 'invalid_compression', detail: `Not a compressed GS1 Digital Link URI: ${reason}` }] };
  }
  const rest = uri.startsWith(PLACEHOLDER_ORIGIN) ? uri.slice(PLACEHOLDER_ORIGIN.length) : '';
  const queryAt = rest.indexOf('?');
  return queryAt === -1 ? { ok: true, path: rest, query: '' } : { ok: true, path: rest.slice(0, queryAt), query: rest.slice(queryAt + 1) };
}

function digitalLinkUtils(): DigitalLinkUtils {
  // Loading digital-link.js builds the toolkit's tables and a URI grammar (about 0.1 s of CPU), so
  // the first compressed request pays for it, not every process that imports this lib.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  utils ??= (require('digital-link.js') as { Utils: DigitalLinkUtils }).Utils;
  return utils;
}
