import { type ScanFacts } from '../scans/scan-link';

/** A dynamic website code's snapshot as qr-service pushes it (ApplyCodeChanges), revision 1 unless `patch` says otherwise. */
export function codeSnapshot(id: string, patch: Record<string, unknown> = {}) {
  return {
    id,
    short_code: `S${id.slice(-6)}`,
    workspace_id: 'ws_1',
    client_ref: null,
    domain_host: null,
    type: 'website',
    category: 'dynamic',
    status: 'active',
    content: { url: 'https://example.com' },
    destinations: [{ target_url: 'https://example.com' }],
    timezone: 'UTC',
    scan_limit: null,
    revision: 1,
    updated_at: 1,
    ...patch,
  };
}

/** What the tests' scans say about their visitor. */
export const SCAN_FACTS: ScanFacts = { country: 'DE', device: 'mobile', os: 'iOS', browser: 'Safari', is_bot: false, visitor_hash: 'ab'.repeat(16) };
