import { formatOpensAt } from './format-opens-at';
import { type ClosedReason, renderClosedPage } from './render-closed-page';
import { ParsedPage, attr } from './testing/parsed-page';

const OPENS_AT = new Date('2026-11-20T08:00:00Z');

describe('renderClosedPage', () => {
  it.each<[ClosedReason, number, string]>([
    ['not_found', 404, 'This code does not exist'],
    ['deleted', 410, 'This code is no longer active'],
    ['expired', 410, 'This code has expired'],
    ['limit_reached', 410, 'This code has reached its scan limit'],
    ['paused', 403, 'This code is paused'],
    ['scheduled', 403, 'This code is not active yet'],
    ['outside_hours', 403, 'This code is closed right now'],
  ])('says why for %s (%d)', (reason, status, heading) => {
    const page = renderClosedPage(reason, { status, opensAt: null, timezone: 'UTC' });
    const parsed = new ParsedPage(page.html);
    expect(page.status).toBe(status);
    expect(parsed.texts('title')).toEqual([heading]);
    expect(parsed.texts('h1')).toEqual([heading]);
    expect(parsed.all('time')).toHaveLength(0);
    expect(page.html).not.toMatch(/\b(qr_|state|limit_reached|outside_hours|not_found)\b/);
  });

  it.each<ClosedReason>(['scheduled', 'outside_hours'])('tells when a %s code opens, in its time zone', (reason) => {
    const parsed = new ParsedPage(renderClosedPage(reason, { status: 403, opensAt: OPENS_AT, timezone: 'Europe/Berlin' }).html);
    expect(parsed.texts('p')[0]).toBe('Opens Fri, 20 Nov 2026, 09:00 (Europe/Berlin)');
    expect(attr(parsed.one('time'), 'datetime')).toBe('2026-11-20T08:00:00Z');
  });

  it.each<ClosedReason>(['paused', 'expired', 'not_found'])('never gives an opening time for %s', (reason) => {
    const parsed = new ParsedPage(renderClosedPage(reason, { status: 403, opensAt: OPENS_AT, timezone: 'UTC' }).html);
    expect(parsed.all('time')).toHaveLength(0);
  });
});

describe('formatOpensAt', () => {
  it.each([
    ['Europe/Berlin', 'Fri, 20 Nov 2026, 09:00 (Europe/Berlin)'],
    ['America/New_York', 'Fri, 20 Nov 2026, 03:00 (America/New_York)'],
    ['Asia/Tokyo', 'Fri, 20 Nov 2026, 17:00 (Asia/Tokyo)'],
    ['Pacific/Kiritimati', 'Fri, 20 Nov 2026, 22:00 (Pacific/Kiritimati)'],
    ['Pacific/Pago_Pago', 'Thu, 19 Nov 2026, 21:00 (Pacific/Pago_Pago)'],
    ['UTC', 'Fri, 20 Nov 2026, 08:00 (UTC)'],
  ])('shows 08:00 UTC in %s as %s', (timezone, expected) => {
    expect(formatOpensAt(OPENS_AT, timezone)).toBe(expected);
  });

  it('uses the offset in force on that date (summer time)', () => {
    expect(formatOpensAt(new Date('2026-07-03T07:30:00Z'), 'Europe/Berlin')).toBe('Fri, 3 Jul 2026, 09:30 (Europe/Berlin)');
  });

  it('shows midnight as 00:00', () => {
    expect(formatOpensAt(new Date('2026-11-20T23:00:00Z'), 'Europe/Berlin')).toBe('Sat, 21 Nov 2026, 00:00 (Europe/Berlin)');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(formatOpensAt(OPENS_AT, 'Mars/Olympus')).toBe('Fri, 20 Nov 2026, 08:00 (UTC)');
  });
});
