import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from './verify-webhook.js';

/** Deliveries signed with the official Standard Webhooks library, as our dispatcher's are. */
describe('verifyWebhook', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const other = `whsec_${Buffer.from('fedcba9876543210fedcba9876543210').toString('base64')}`;
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'qr.scanned',
    created_at: '2026-03-01T10:00:00Z',
    workspace_id: 'ws_1',
    data: { qr_id: 'qr_1', country: 'DE' },
  });
  const sign = (key: string, at = new Date(), payload = body) => ({
    'webhook-id': 'evt_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign('evt_1', at, payload),
  });

  it('returns the parsed event for a string or byte body, plain or fetch headers, any header case', () => {
    const headers = sign(secret);
    expect(verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toEqual(JSON.parse(body));
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(Buffer.from(body), shouted, secret).id).toBe('evt_1');
  });

  it('accepts either of two signatures (a rotation) and any of several secrets', () => {
    const now = new Date();
    const both = { ...sign(secret, now), 'webhook-signature': `${sign(other, now)['webhook-signature']} ${sign(secret, now)['webhook-signature']}` };
    expect(verifyWebhook(body, both, secret).id).toBe('evt_1');
    expect(verifyWebhook(body, both, other).id).toBe('evt_1');
    expect(verifyWebhook(body, sign(secret), [other, secret]).id).toBe('evt_1');
  });

  it.each([
    ['a changed body', () => verifyWebhook(body.replace('DE', 'FR'), sign(secret), secret), /No matching signature/],
    ['another secret', () => verifyWebhook(body, sign(other), secret), /No matching signature/],
    ['a timestamp 6 minutes old', () => verifyWebhook(body, sign(secret, new Date(Date.now() - 6 * 60_000)), secret), /too old/],
    ['a timestamp 6 minutes ahead', () => verifyWebhook(body, sign(secret, new Date(Date.now() + 6 * 60_000)), secret), /too new/],
    ['no signature header', () => verifyWebhook(body, { ...sign(secret), 'webhook-signature': undefined }, secret), /missing header webhook-signature/],
    ['no headers at all', () => verifyWebhook(body, {}, secret), /missing header webhook-id, webhook-timestamp, webhook-signature/],
  ])('refuses %s', (_label, verify, message) => {
    expect(verify).toThrow(WebhookVerificationError);
    expect(verify).toThrow(message);
  });

  it('says plainly when the secret is not an endpoint secret', () => {
    expect(() => verifyWebhook(body, sign(secret), 'my-password')).toThrow(TypeError);
    expect(() => verifyWebhook(body, sign(secret), [])).toThrow(/no secret/);
  });
});
