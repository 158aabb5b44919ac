import { planOf, type PlanName, WEBHOOK_EVENT_TYPES } from '@qr/domain';
import { validateSubscription } from './validate-subscription';

const PRO = ['qr.scanned', 'lead.created', 'qr.scan_limit_reached'];

describe('the event types a plan may subscribe to', () => {
  it.each<[PlanName, readonly string[]]>([
    ['free', []],
    ['starter', []],
    ['pro', PRO],
    ['agency', [...PRO, 'qr.scan_milestone_reached']],
  ])('%s → %p', (plan, events) => {
    expect([...planOf(plan).webhookEvents]).toEqual(events);
  });
});

describe('validateSubscription', () => {
  it.each<PlanName>(['free', 'starter'])('%s has no webhooks: 403 whatever the body', (plan) => {
    for (const events of [['qr.scanned'], [], 'junk']) {
      expect(validateSubscription(plan, events)).toEqual({
        ok: false,
        status: 403,
        errors: [expect.objectContaining({ pointer: '/events', code: 'plan_has_no_webhooks' })],
      });
    }
  });

  it.each(PRO)('pro may subscribe to %s', (type) => {
    expect(validateSubscription('pro', [type])).toEqual({ ok: true, events: [type] });
  });

  it('pro may not subscribe to milestones: 403 event_not_in_plan at the item', () => {
    expect(validateSubscription('pro', ['qr.scanned', 'qr.scan_milestone_reached'])).toEqual({
      ok: false,
      status: 403,
      errors: [{ pointer: '/events/1', code: 'event_not_in_plan', detail: expect.stringContaining('qr.scan_milestone_reached') }],
    });
  });

  it('agency may subscribe to all four, order kept', () => {
    const all = [...WEBHOOK_EVENT_TYPES].reverse();
    expect(validateSubscription('agency', all)).toEqual({ ok: true, events: all });
  });

  it('an unknown type is 422 at its pointer', () => {
    expect(validateSubscription('agency', ['qr.scanned', 'qr.exploded'])).toEqual({
      ok: false,
      status: 422,
      errors: [{ pointer: '/events/1', code: 'unknown_event_type', detail: expect.any(String) }],
    });
  });

  it('shape problems win over plan problems (422 before 403)', () => {
    const result = validateSubscription('pro', ['qr.scan_milestone_reached', 'nope']);
    expect(result).toMatchObject({ ok: false, status: 422, errors: [{ pointer: '/events/1', code: 'unknown_event_type' }] });
  });

  it.each<[unknown, string, string]>([
    [[], '/events', 'required'],
    ['qr.scanned', '/events', 'invalid_type'],
    [undefined, '/events', 'invalid_type'],
    [{ 0: 'qr.scanned' }, '/events', 'invalid_type'],
    [['qr.scanned', 7], '/events/1', 'invalid_type'],
    [['qr.scanned', 'lead.created', 'qr.scanned'], '/events/2', 'duplicate'],
    [['QR.SCANNED'], '/events/0', 'unknown_event_type'],
    [['*'], '/events/0', 'unknown_event_type'],
  ])('%p → 422 at %s (%s)', (events, pointer, code) => {
    expect(validateSubscription('agency', events)).toMatchObject({ ok: false, status: 422, errors: [{ pointer, code }] });
  });

  it('reports every bad item, under a custom pointer', () => {
    const result = validateSubscription('agency', ['x', 'qr.scanned', 'qr.scanned', 3], '/items/2/events');
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      errors: [{ pointer: '/items/2/events/0' }, { pointer: '/items/2/events/2', code: 'duplicate' }, { pointer: '/items/2/events/3' }],
    });
  });
});
