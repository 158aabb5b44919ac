import { validateEvent } from './event-validator';
import { type EventEnvelope } from './envelope';
import { type QrScannedV1 } from './events/qr-scanned/qr-scanned.v1';

function scannedData(overrides: Partial<Record<keyof QrScannedV1, unknown>> = {}): Record<string, unknown> {
  return {
    qr_id: 'qr_0000AbCdEfGhIjKlMnOpQrSt',
    client_ref: 'campaign-42',
    short_code: 'aB3dE9',
    country: 'DE',
    device: 'mobile',
    os: 'iOS',
    browser: 'Safari',
    is_bot: false,
    scanned_at: '2026-03-01T10:00:00Z',
    visitor_hash: '0123456789abcdef0123456789abcdef',
    scan_number: 1,
    ...overrides,
  };
}

function scannedEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'evt_0000AbCdEfGhIjKlMnOpQrSt',
    type: 'qr.scanned',
    version: 1,
    occurred_at: '2026-03-01T10:00:00Z',
    workspace_id: 'ws_0000AbCdEfGhIjKlMnOpQrSt',
    qr_id: 'qr_0000AbCdEfGhIjKlMnOpQrSt',
    data: scannedData(),
    ...overrides,
  };
}

function without(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...obj };
  delete copy[key];
  return copy;
}

function expectRejected(payload: unknown, reason?: RegExp): void {
  const result = validateEvent(payload);
  expect(result.ok).toBe(false);
  if (!result.ok && reason) expect(result.reason).toMatch(reason);
}

describe('validateEvent: envelope', () => {
  it('accepts a valid qr.scanned v1 event and returns it', () => {
    const payload = scannedEvent();
    const result = validateEvent(payload);
    expect(result).toEqual({ ok: true, event: payload });
  });

  it('accepts fractional seconds in occurred_at', () => {
    expect(validateEvent(scannedEvent({ occurred_at: '2026-03-01T10:00:00.123Z' })).ok).toBe(true);
  });

  it('accepts a null qr_id on the envelope', () => {
    expect(validateEvent(scannedEvent({ qr_id: null })).ok).toBe(true);
  });

  it.each(['id', 'type', 'version', 'occurred_at', 'workspace_id', 'qr_id', 'data'])('rejects an envelope missing %s', (field) => {
    expectRejected(without(scannedEvent(), field), /^envelope: /);
  });

  it('rejects an extra envelope property', () => {
    expectRejected(scannedEvent({ extra: 1 }), /^envelope: /);
  });

  it.each([
    ['wrong prefix', 'ev_0000AbCdEfGhIjKl'],
    ['dash instead of underscore', 'evt-0000AbCdEfGhIjKl'],
    ['too short', 'evt_123456789'],
    ['too long', 'evt_' + 'a'.repeat(41)],
    ['non-base62 character', 'evt_0000AbCdEf-hIjKl'],
    ['uuid', 'evt_6f1c1c3e-8a1b-4f1e-9b1a-2b1c3d4e5f60'],
    ['empty', ''],
  ])('rejects a bad event id (%s)', (_label, id) => {
    expectRejected(scannedEvent({ id }), /^envelope: /);
  });

  it('accepts event ids at the length limits (10 and 40)', () => {
    expect(validateEvent(scannedEvent({ id: 'evt_' + 'a'.repeat(10) })).ok).toBe(true);
    expect(validateEvent(scannedEvent({ id: 'evt_' + 'Z'.repeat(40) })).ok).toBe(true);
  });

  it.each([
    ['no Z', '2026-03-01T10:00:00'],
    ['an offset', '2026-03-01T10:00:00+02:00'],
    ['date only', '2026-03-01'],
    ['a space', '2026-03-01 10:00:00Z'],
  ])('rejects occurred_at with %s', (_label, occurred_at) => {
    expectRejected(scannedEvent({ occurred_at }), /^envelope: /);
  });

  it.each([
    ['0', 0],
    ['a fraction', 1.5],
    ['a string', '1'],
  ])('rejects version %s', (_label, version) => {
    expectRejected(scannedEvent({ version }), /^envelope: /);
  });

  it('rejects an empty type or workspace_id', () => {
    expectRejected(scannedEvent({ type: '' }), /^envelope: /);
    expectRejected(scannedEvent({ workspace_id: '' }), /^envelope: /);
  });

  it('rejects non-object data', () => {
    expectRejected(scannedEvent({ data: 'hello' }), /^envelope: /);
    expectRejected(scannedEvent({ data: null }), /^envelope: /);
  });

  it.each([null, undefined, 'x', 42, [], true])('rejects a non-object payload %j', (payload) => {
    expectRejected(payload, /^envelope: /);
  });
});

describe('validateEvent: catalog', () => {
  it('rejects an unknown type', () => {
    expectRejected(scannedEvent({ type: 'qr.exploded' }), /^unknown event qr\.exploded v1$/);
  });

  it('rejects an unknown version of a known type', () => {
    expectRejected(scannedEvent({ version: 2 }), /^unknown event qr\.scanned v2$/);
  });

  it('rejects a topic name used as a type', () => {
    expectRejected(scannedEvent({ type: 'qr.scanned.v1' }), /^unknown event/);
  });
});

describe('validateEvent: qr.scanned v1 data', () => {
  it.each(['mobile', 'tablet', 'desktop', 'other'])('accepts device %s', (device) => {
    expect(validateEvent(scannedEvent({ data: scannedData({ device }) })).ok).toBe(true);
  });

  it('accepts nulls where the schema allows them', () => {
    expect(validateEvent(scannedEvent({ data: scannedData({ country: null, os: null, browser: null, client_ref: null }) })).ok).toBe(true);
  });

  it('rejects device toaster', () => {
    expectRejected(scannedEvent({ data: scannedData({ device: 'toaster' }) }), /^data: /);
  });

  it.each(['de', 'DEU', 'D', 'd1', ''])('rejects country %j', (country) => {
    expectRejected(scannedEvent({ data: scannedData({ country }) }), /^data: /);
  });

  it('rejects an extra property (e.g. an IP address)', () => {
    expectRejected(scannedEvent({ data: scannedData({ ip: '203.0.113.7' } as Partial<Record<keyof QrScannedV1, unknown>>) }), /^data: /);
  });

  it.each(['qr_id', 'client_ref', 'short_code', 'country', 'device', 'os', 'browser', 'is_bot', 'scanned_at', 'visitor_hash', 'scan_number'])(
    'rejects data missing %s',
    (field) => {
      expectRejected(scannedEvent({ data: without(scannedData(), field) }), /^data: /);
    },
  );

  it.each([
    ['is_bot as string', { is_bot: 'false' }],
    ['scan_number 0', { scan_number: 0 }],
    ['scan_number fractional', { scan_number: 1.5 }],
    ['visitor_hash uppercase', { visitor_hash: '0123456789ABCDEF' }],
    ['visitor_hash too short', { visitor_hash: '0123456789abcde' }],
    ['visitor_hash too long', { visitor_hash: 'a'.repeat(65) }],
    ['short_code null', { short_code: null }],
  ])('rejects %s', (_label, override) => {
    expectRejected(scannedEvent({ data: scannedData(override) }), /^data: /);
  });
});

describe('validateEvent: other event types', () => {
  const base = (type: string, data: Record<string, unknown>): Record<string, unknown> => scannedEvent({ type, data });

  it('accepts and rejects lead.created v1', () => {
    const data = { lead_id: 'lead_1', qr_id: 'qr_1', client_ref: null, fields: { email: 'a@b.c' }, submitted_at: '2026-03-01T10:00:00Z' };
    expect(validateEvent(base('lead.created', data)).ok).toBe(true);
    expectRejected(base('lead.created', { ...data, fields: { age: 42 } }), /^data: /);
    expectRejected(base('lead.created', without(data, 'lead_id')), /^data: /);
  });

  it('accepts and rejects qr.scan_limit_reached v1', () => {
    const data = { qr_id: 'qr_1', client_ref: 'x', scan_limit: 100, reached_at: '2026-03-01T10:00:00Z' };
    expect(validateEvent(base('qr.scan_limit_reached', data)).ok).toBe(true);
    expectRejected(base('qr.scan_limit_reached', { ...data, scan_limit: 0 }), /^data: /);
  });

  it('accepts and rejects qr.scan_milestone_reached v1', () => {
    const data = { qr_id: 'qr_1', client_ref: null, milestone: 1000, reached_at: '2026-03-01T10:00:00Z' };
    expect(validateEvent(base('qr.scan_milestone_reached', data)).ok).toBe(true);
    expectRejected(base('qr.scan_milestone_reached', { ...data, milestone: '1000' }), /^data: /);
  });

  it('accepts and rejects qr.code.created v1', () => {
    const data = { qr_id: 'qr_1', category: 'dynamic', type: 'website', short_code: 'abc', client_ref: null, snapshot: {} };
    expect(validateEvent(base('qr.code.created', data)).ok).toBe(true);
    expectRejected(base('qr.code.created', { ...data, category: 'semi' }), /^data: /);
  });

  it('accepts and rejects qr.code.updated v1', () => {
    const data = { qr_id: 'qr_1', changed: ['name'], snapshot: {} };
    expect(validateEvent(base('qr.code.updated', data)).ok).toBe(true);
    expectRejected(base('qr.code.updated', { ...data, changed: [1] }), /^data: /);
  });

  it('accepts and rejects qr.code.deleted v1', () => {
    const data = { qr_id: 'qr_1', category: 'static', short_code: null };
    expect(validateEvent(base('qr.code.deleted', data)).ok).toBe(true);
    expectRejected(base('qr.code.deleted', without(data, 'category')), /^data: /);
  });

  it('validates data against the schema of its own type, not another one', () => {
    // a valid qr.scanned body under the lead.created type must fail
    expectRejected(base('lead.created', scannedData()), /^data: /);
  });
});

describe('validateEvent: typing', () => {
  it('narrows to the event on success', () => {
    const result = validateEvent(scannedEvent());
    if (!result.ok) throw new Error(result.reason);
    const event: EventEnvelope = result.event;
    expect(event.type).toBe('qr.scanned');
    expect((event.data as QrScannedV1).device).toBe('mobile');
  });
});
