import type { EventEnvelope } from '@qr/contracts';
import { webhookPayloadOf } from './webhook-payload-of';

const envelope = (type: string, data: Record<string, unknown>, occurred_at = '2026-03-01T12:00:00Z'): EventEnvelope => ({
  id: 'evt_0Jb1xW3kq9ZzYyXxWwVvUuTt',
  type,
  version: 1,
  occurred_at,
  workspace_id: 'ws_1',
  qr_id: 'qr_1',
  data,
});

const SCAN = {
  qr_id: 'qr_1',
  client_ref: 'order-42',
  short_code: 'aB3dE',
  country: 'DE',
  device: 'mobile',
  os: 'iOS',
  browser: 'Safari',
  is_bot: false,
  scanned_at: '2026-03-01T12:00:00Z',
  destination: 'https://example.com/spring',
  visitor_hash: 'deadbeefdeadbeef',
  scan_number: 17,
};

describe('webhookPayloadOf', () => {
  it('reduces a scan to exactly the public fields', () => {
    const payload = webhookPayloadOf(envelope('qr.scanned', SCAN));
    expect(payload).toEqual({
      id: 'evt_0Jb1xW3kq9ZzYyXxWwVvUuTt',
      type: 'qr.scanned',
      created_at: '2026-03-01T12:00:00Z',
      workspace_id: 'ws_1',
      data: {
        qr_id: 'qr_1',
        client_ref: 'order-42',
        short_code: 'aB3dE',
        destination: 'https://example.com/spring',
        link_type: null,
        country: 'DE',
        device: 'mobile',
        os: 'iOS',
        browser: 'Safari',
        is_bot: false,
        scanned_at: '2026-03-01T12:00:00Z',
      },
    });
    expect(Object.keys(payload?.data ?? {}).sort()).toEqual([
      'browser',
      'client_ref',
      'country',
      'destination',
      'device',
      'is_bot',
      'link_type',
      'os',
      'qr_id',
      'scanned_at',
      'short_code',
    ]);
    expect(JSON.stringify(payload)).not.toMatch(/visitor_hash|scan_number|deadbeef/);
  });

  it('drops any future internal scan field and keeps nulls as null', () => {
    const data = webhookPayloadOf(envelope('qr.scanned', { ...SCAN, ip: '203.0.113.9', country: null, os: null }))?.data;
    expect(data).not.toHaveProperty('ip');
    expect(data).toMatchObject({ country: null, os: null });
  });

  it('gives destination null for a scan recorded before events carried it', () => {
    const { destination: _, ...older } = SCAN;
    expect(webhookPayloadOf(envelope('qr.scanned', older))?.data).toMatchObject({ qr_id: 'qr_1', destination: null });
  });

  it('publishes the GS1 link type a resolver scan served', () => {
    expect(webhookPayloadOf(envelope('qr.scanned', { ...SCAN, link_type: 'gs1:recallStatus' }))?.data).toMatchObject({ link_type: 'gs1:recallStatus' });
  });

  it.each([
    ['lead.created', { lead_id: 'lead_1', qr_id: 'qr_1', client_ref: null, fields: { email: 'a@b.c' }, submitted_at: '2026-03-01T12:00:00Z' }],
    ['qr.scan_limit_reached', { qr_id: 'qr_1', client_ref: null, scan_limit: 100, reached_at: '2026-03-01T12:00:00Z' }],
    ['qr.scan_milestone_reached', { qr_id: 'qr_1', client_ref: 'x', milestone: 1000, reached_at: '2026-03-01T12:00:00Z' }],
  ])('passes %s data through', (type, data) => {
    const event = envelope(type, data);
    const payload = webhookPayloadOf(event);
    expect(payload).toEqual({ id: event.id, type, created_at: event.occurred_at, workspace_id: 'ws_1', data });
    expect(payload?.data).not.toBe(event.data);
  });

  it.each(['qr.code.created', 'qr.code.updated', 'qr.code.deleted', 'something.else'])('%s is not a webhook → null', (type) => {
    expect(webhookPayloadOf(envelope(type, { qr_id: 'qr_1' }))).toBeNull();
  });

  it('emits created_at in the API timestamp shape even if occurred_at has fractions', () => {
    expect(webhookPayloadOf(envelope('qr.scanned', SCAN, '2026-03-01T12:00:00.789Z'))?.created_at).toBe('2026-03-01T12:00:00Z');
  });
});
