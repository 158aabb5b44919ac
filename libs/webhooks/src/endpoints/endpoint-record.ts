import { formatUtc } from '@qr/domain';
import { type WebhookEventType } from '@qr/webhook-rules';

export interface EndpointRecord {
  id: string;
  workspace_id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: number | null;
  failing_since: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export function endpointFromRow(row: Record<string, unknown>): EndpointRecord {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(row as unknown as EndpointRecord),
    events: JSON.parse(String(row.events)),
    previous_secret_expires_at: num(row.previous_secret_expires_at),
    failing_since: num(row.failing_since),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    deleted_at: num(row.deleted_at),
  };
}

/** The API object. The secret appears only in the create and rotate answers, added by their use cases. */
export function endpointView(e: EndpointRecord) {
  return {
    id: e.id,
    object: 'webhook_endpoint' as const,
    url: e.url,
    description: e.description,
    events: e.events,
    status: e.status,
    disabled_reason: e.disabled_reason,
    created_at: formatUtc(new Date(e.created_at)),
  };
}
