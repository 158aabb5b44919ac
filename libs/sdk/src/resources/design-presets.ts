import type { DeletedDesignPreset, DesignPreset, DesignPresetInput } from '../api-types.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

/**
 * `qr.designPresets`: named designs of the workspace. A code follows one with `design_preset_id`
 * and keeps only what it sets differently; a change to the preset shows on every code that follows it.
 */
export class DesignPresets {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Creates a preset (names are unique in the workspace), checked for scannability as a dynamic code
   * would show it (422 at `/design` when it would not scan).
   *
   * @example
   * const brand = await qr.designPresets.create({ name: 'Brand', design: { foreground: '#1a237e', modules: 'rounded' } });
   * await qr.codes.create({ type: 'website', content: { url: 'https://example.com' }, design_preset_id: brand.id });
   */
  async create(input: DesignPresetInput & { name: string }, options?: CallOptions): Promise<DesignPreset> {
    return this.http.send<DesignPreset>({ method: 'POST', path: '/design-presets', body: input, signal: options?.signal });
  }

  /** The workspace's presets. */
  async list(options?: CallOptions): Promise<DesignPreset[]> {
    return (await this.http.send<{ data: DesignPreset[] }>({ method: 'GET', path: '/design-presets', signal: options?.signal })).data;
  }

  async get(presetId: string, options?: CallOptions): Promise<DesignPreset> {
    return this.http.send<DesignPreset>({ method: 'GET', path: `/design-presets/${id(presetId)}`, signal: options?.signal });
  }

  /**
   * Renames a preset or changes its design (a JSON merge patch onto it). The server first checks the
   * changed preset on every kind of code that follows it: a 422 names the code it would not scan on,
   * and nothing changes.
   */
  async update(presetId: string, patch: DesignPresetInput, options?: CallOptions): Promise<DesignPreset> {
    return this.http.send<DesignPreset>({ method: 'PATCH', path: `/design-presets/${id(presetId)}`, body: patch, signal: options?.signal });
  }

  /** Deletes a preset no live code follows (409 `preset_in_use` otherwise). */
  async delete(presetId: string, options?: CallOptions): Promise<DeletedDesignPreset> {
    return this.http.send<DeletedDesignPreset>({ method: 'DELETE', path: `/design-presets/${id(presetId)}`, signal: options?.signal });
  }
}
