/**
 * The envelope every event travels in, whatever the transport.
 * `qr_id` is the partition key: all events of one code stay in order.
 */
export interface EventEnvelope<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  version: number;
  occurred_at: string;
  workspace_id: string;
  qr_id: string | null;
  data: TData;
}

export const ENVELOPE_SCHEMA = {
  $id: 'https://qr-platform.dev/schemas/envelope.json',
  type: 'object',
  required: ['id', 'type', 'version', 'occurred_at', 'workspace_id', 'qr_id', 'data'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^evt_[0-9A-Za-z]{10,40}$' },
    type: { type: 'string', minLength: 1 },
    version: { type: 'integer', minimum: 1 },
    occurred_at: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' },
    workspace_id: { type: 'string', minLength: 1 },
    qr_id: { type: ['string', 'null'] },
    data: { type: 'object' },
  },
} as const;

/** The partition key of an event: its code, or its workspace for events about no code. */
export function partitionKeyOf(event: EventEnvelope): string {
  return event.qr_id ?? event.workspace_id;
}
