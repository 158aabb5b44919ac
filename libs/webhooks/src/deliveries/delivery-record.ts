import { formatUtc } from '@qr/domain';

export interface DeliveryRecord {
  id: string;
  endpoint_id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  body: string;
  status: 'pending' | 'delivering' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  next_attempt_at: number | null;
  lease_until: number | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: number;
  updated_at: number;
}

export function deliveryFromRow(row: Record<string, unknown>): DeliveryRecord {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(row as unknown as DeliveryRecord),
    attempts: Number(row.attempts),
    next_attempt_at: num(row.next_attempt_at),
    lease_until: num(row.lease_until),
    last_attempt_at: num(row.last_attempt_at),
    last_status_code: num(row.last_status_code),
    last_duration_ms: num(row.last_duration_ms),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The delivery log entry as the API shows it: never the response body. */
export function deliveryView(d: DeliveryRecord) {
  const time = (ms: number | null) => (ms === null ? null : formatUtc(new Date(ms)));
  return {
    id: d.id,
    object: 'webhook_delivery' as const,
    endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status === 'delivering' ? 'pending' : d.status,
    attempts: d.attempts,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    last_duration_ms: d.last_duration_ms,
    last_attempt_at: time(d.last_attempt_at),
    next_attempt_at: time(d.next_attempt_at),
    created_at: time(d.created_at)!,
  };
}
