import type { ApiKeyInput, ApiKeyList, CreatedApiKey, DeletedApiKey } from '../api-types.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

/** `qr.apiKeys`: the workspace's keys (owner and editor keys only). */
export class ApiKeys {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Creates a key; `secret` is in this answer only. Its role defaults to the calling key's and
   * cannot be above it. Not retried after a 5xx (a second key could be made).
   *
   * @example
   * const readOnly = await qr.apiKeys.create({ name: 'dashboard', role: 'viewer' });
   * store(readOnly.secret);
   */
  async create(input: ApiKeyInput, options?: CallOptions): Promise<CreatedApiKey> {
    return this.http.send<CreatedApiKey>({ method: 'POST', path: '/api-keys', body: input, signal: options?.signal });
  }

  /** The live keys (not revoked, not expired), without secrets. */
  async list(options?: CallOptions): Promise<ApiKeyList> {
    return this.http.send<ApiKeyList>({ method: 'GET', path: '/api-keys', signal: options?.signal });
  }

  /** Revokes a key: it answers 401 from its next request on. */
  async revoke(keyId: string, options?: CallOptions): Promise<DeletedApiKey> {
    return this.http.send<DeletedApiKey>({ method: 'DELETE', path: `/api-keys/${id(keyId)}`, signal: options?.signal });
  }
}
