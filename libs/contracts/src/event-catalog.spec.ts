import { EVENT_CATALOG, TOPICS, findEventDefinition } from './event-catalog';
import { defineEvent } from './event-definition';
import { QR_SCANNED_V1 } from './events/qr-scanned/qr-scanned.v1';

describe('EVENT_CATALOG', () => {
  it('contains every event type the platform emits', () => {
    expect(EVENT_CATALOG.map((d) => d.type).sort()).toEqual([
      'lead.created',
      'qr.code.created',
      'qr.code.deleted',
      'qr.code.updated',
      'qr.password_gate',
      'qr.scan_limit_reached',
      'qr.scan_milestone_reached',
      'qr.scanned',
    ]);
  });

  it('names every topic `${type}.v${version}`', () => {
    for (const d of EVENT_CATALOG) expect(d.topic).toBe(`${d.type}.v${d.version}`);
  });

  it('has unique topics', () => {
    const topics = EVENT_CATALOG.map((d) => d.topic);
    expect(new Set(topics).size).toBe(topics.length);
  });

  it('has unique (type, version) pairs', () => {
    const pairs = EVENT_CATALOG.map((d) => `${d.type}@${d.version}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('gives every definition a positive integer version and an object data schema', () => {
    for (const d of EVENT_CATALOG) {
      expect(Number.isInteger(d.version)).toBe(true);
      expect(d.version).toBeGreaterThanOrEqual(1);
      expect(d.dataSchema).toMatchObject({ type: 'object' });
    }
  });

  it('includes the four event types webhook endpoints subscribe to', () => {
    const types = EVENT_CATALOG.map((d) => d.type);
    for (const t of ['qr.scanned', 'lead.created', 'qr.scan_limit_reached', 'qr.scan_milestone_reached']) expect(types).toContain(t);
  });
});

describe('TOPICS', () => {
  it('lists exactly the catalog topics', () => {
    expect(Object.values(TOPICS).sort()).toEqual(EVENT_CATALOG.map((d) => d.topic).sort());
  });

  it('maps the names to the right topics', () => {
    expect(TOPICS.qrScanned).toBe('qr.scanned.v1');
    expect(TOPICS.leadCreated).toBe('lead.created.v1');
    expect(TOPICS.qrCodeCreated).toBe('qr.code.created.v1');
    expect(TOPICS.qrCodeUpdated).toBe('qr.code.updated.v1');
    expect(TOPICS.qrCodeDeleted).toBe('qr.code.deleted.v1');
    expect(TOPICS.qrScanLimitReached).toBe('qr.scan_limit_reached.v1');
    expect(TOPICS.qrScanMilestoneReached).toBe('qr.scan_milestone_reached.v1');
  });
});

describe('findEventDefinition', () => {
  it('finds a definition by type and version', () => {
    expect(findEventDefinition('qr.scanned', 1)).toBe(QR_SCANNED_V1);
  });

  it('returns undefined for an unknown type or version', () => {
    expect(findEventDefinition('qr.scanned', 2)).toBeUndefined();
    expect(findEventDefinition('qr.nope', 1)).toBeUndefined();
    expect(findEventDefinition('qr.scanned.v1', 1)).toBeUndefined();
  });
});

describe('defineEvent', () => {
  it('derives the topic from type and version, and an object schema whose fields are required but the optional ones', () => {
    const properties = { a: { type: 'string' }, b: { type: 'integer' } };
    expect(defineEvent('thing.happened', 3, properties)).toEqual({
      type: 'thing.happened',
      version: 3,
      topic: 'thing.happened.v3',
      dataSchema: { type: 'object', required: ['a', 'b'], properties },
    });
    expect(defineEvent('thing.happened', 3, properties, { optional: ['b'], closed: true }).dataSchema).toEqual({
      type: 'object',
      required: ['a'],
      additionalProperties: false,
      properties,
    });
  });
});
