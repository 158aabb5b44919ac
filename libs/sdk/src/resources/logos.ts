import type { DeletedLogo, Logo } from '../api-types.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

/** `qr.logos`: pictures a code's `design.logo` shows, kept as PNGs the server drew from the upload. */
export class Logos {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Uploads a PNG, JPEG or SVG (sent as base64 JSON, so up to about 760 KB; the dashboard's multipart
   * upload takes 1 MB). The server decodes and re-encodes it, strips an SVG to drawing elements, and
   * answers what it kept; a bad file is a 422 at `/data` and nothing is stored.
   *
   * @example
   * const logo = await qr.logos.upload(await fs.promises.readFile('brand.svg'), { name: 'Brand' });
   * await qr.codes.create({ type: 'website', content: { url: 'https://example.com' }, design: { logo: { id: logo.id } } });
   */
  async upload(file: Uint8Array, input: { name?: string } = {}, options?: CallOptions): Promise<Logo> {
    const body = { ...(input.name === undefined ? {} : { name: input.name }), data: base64(file) };
    return this.http.send<Logo>({ method: 'POST', path: '/logos', body, signal: options?.signal });
  }

  /** The workspace's logos, newest first (at most 100). */
  async list(options?: CallOptions): Promise<Logo[]> {
    return (await this.http.send<{ data: Logo[] }>({ method: 'GET', path: '/logos', signal: options?.signal })).data;
  }

  async get(logoId: string, options?: CallOptions): Promise<Logo> {
    return this.http.send<Logo>({ method: 'GET', path: `/logos/${id(logoId)}`, signal: options?.signal });
  }

  /** The logo as stored: a PNG, at most 512 pixels a side. */
  async image(logoId: string, options?: CallOptions): Promise<Uint8Array> {
    return this.http.send<Uint8Array>({ method: 'GET', path: `/logos/${id(logoId)}/image`, expect: 'bytes', signal: options?.signal });
  }

  /** Deletes a logo no live code and no brand preset shows (409 `logo_in_use` otherwise, naming them). */
  async delete(logoId: string, options?: CallOptions): Promise<DeletedLogo> {
    return this.http.send<DeletedLogo>({ method: 'DELETE', path: `/logos/${id(logoId)}`, signal: options?.signal });
  }
}

/** Base64 with what every runtime has (btoa), a slice at a time so a large file does not overflow the call stack. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
