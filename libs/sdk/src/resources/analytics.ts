import type { WorkspaceAnalytics, WorkspaceAnalyticsParams } from '../api-types.js';
import type { HttpTransport } from '../transport/http-transport.js';
import type { CallOptions } from './call-options.js';

/** `qr.analytics`: figures across codes (one code's: `qr.codes.analytics`). */
export class Analytics {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Scans by day and the ten most scanned codes, for the workspace or one folder.
   *
   * @example
   * const { total_scans, top_codes } = await qr.analytics.workspace({ folder_id: spring.id, tz: 'Europe/Berlin' });
   */
  async workspace(params: WorkspaceAnalyticsParams = {}, options?: CallOptions): Promise<WorkspaceAnalytics> {
    return this.http.send<WorkspaceAnalytics>({ method: 'GET', path: '/analytics', query: { ...params }, signal: options?.signal });
  }
}
