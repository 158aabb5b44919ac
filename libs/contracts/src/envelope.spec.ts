import { ENVELOPE_SCHEMA, type EventEnvelope, partitionKeyOf } from './envelope';

const event = (qr_id: string | null): EventEnvelope => ({
  id: 'evt_0000AbCdEfGhIjKlMnOpQrSt',
  type: 'qr.scanned',
  version: 1,
  occurred_at: '2026-03-01T10:00:00Z',
  workspace_id: 'ws_1',
  qr_id,
  data: {},
});

describe('partitionKeyOf', () => {
  it('uses qr_id when present', () => {
    expect(partitionKeyOf(event('qr_1'))).toBe('qr_1');
  });

  it('falls back to workspace_id when qr_id is null', () => {
    expect(partitionKeyOf(event(null))).toBe('ws_1');
  });

  it('keeps all events of one code on the same key regardless of workspace', () => {
    expect(partitionKeyOf({ ...event('qr_9'), workspace_id: 'ws_a' })).toBe(partitionKeyOf({ ...event('qr_9'), workspace_id: 'ws_b' }));
  });
});

describe('ENVELOPE_SCHEMA', () => {
  it('requires every envelope field and forbids others', () => {
    expect([...ENVELOPE_SCHEMA.required].sort()).toEqual(['data', 'id', 'occurred_at', 'qr_id', 'type', 'version', 'workspace_id']);
    expect(ENVELOPE_SCHEMA.additionalProperties).toBe(false);
  });
});
