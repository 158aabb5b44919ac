import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateWebhookSecret } from './generate-webhook-secret';
import { signMessage } from './sign-message';
import { signatureHeader } from './signature-header';
import { webhookHeaders } from './webhook-headers';

// 24 bytes of 0x01, base64-encoded.
const ONES_SECRET = `whsec_${'AQEB'.repeat(8)}`;
const BODY = JSON.stringify({ id: 'evt_1', type: 'qr.scanned', data: { country: 'DE', note: 'ünïcödé ✓' } });

describe('generateWebhookSecret', () => {
  it('is whsec_ + base64 of 24 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe('signMessage', () => {
  it('matches the Standard Webhooks / Svix published vector', () => {
    const sig = signMessage('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(sig).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('matches a known answer computed independently with node:crypto (UTF-8 body)', () => {
    const key = Buffer.alloc(24, 1);
    const body = '{"a":"é"}';
    const expected = createHmac('sha256', key)
      .update(Buffer.from(`evt_0000000001.1767225600.${body}`, 'utf8'))
      .digest('base64');
    expect(expected).toBe('0kt7h8WqagNjWVaoVLWYlk1/tLSEh8IoG895MK0Pb10=');
    expect(signMessage(`whsec_${key.toString('base64')}`, 'evt_0000000001', 1767225600, body)).toBe(`v1,${expected}`);
  });

  it('accepts a bare base64 key like the official libraries', () => {
    expect(signMessage(ONES_SECRET.slice(6), 'm', 1, '')).toBe(signMessage(ONES_SECRET, 'm', 1, ''));
  });

  it.each(['whsec_', 'whsec_not base64!', 'whsec_AQE', ''])('refuses the malformed secret %p', (secret) => {
    expect(() => signMessage(secret, 'm', 1, '')).toThrow(/not whsec_/);
  });

  it('refuses a fractional or non-finite timestamp', () => {
    expect(() => signMessage(ONES_SECRET, 'm', 1.5, '')).toThrow(RangeError);
    expect(() => signMessage(ONES_SECRET, 'm', NaN, '')).toThrow(RangeError);
  });
});

describe('signatureHeader', () => {
  it('lists one v1 signature per secret, new first, space-separated', () => {
    const [a, b] = [generateWebhookSecret(), generateWebhookSecret()];
    expect(signatureHeader([a, b], 'm', 10, 'x')).toBe(`${signMessage(a, 'm', 10, 'x')} ${signMessage(b, 'm', 10, 'x')}`);
  });

  it('refuses to sign with no secret', () => {
    expect(() => signatureHeader([], 'm', 10, 'x')).toThrow();
  });
});

describe('webhookHeaders verified by the official standardwebhooks package', () => {
  const now = new Date(); // the package checks its 5-minute tolerance against the real clock
  const msgId = 'evt_0Jb1xW3kq9ZzYyXxWwVvUuTt';

  it('carries id, whole-second timestamp, signature and content type', () => {
    const at = new Date('2026-01-01T00:00:00.999Z');
    const headers = webhookHeaders({ secrets: [ONES_SECRET], msgId, now: at, body: BODY });
    expect(headers).toEqual({
      'webhook-id': msgId,
      'webhook-timestamp': '1767225600',
      'webhook-signature': signMessage(ONES_SECRET, msgId, 1767225600, BODY),
      'content-type': 'application/json',
    });
  });

  it('verifies, and the package returns the parsed body', () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ secrets: [secret], msgId, now, body: BODY });
    expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it('rejects a tampered body, another id, and another secret', () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ secrets: [secret], msgId, now, body: BODY });
    expect(() => new Webhook(secret).verify(BODY.replace('DE', 'FR'), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(BODY, { ...headers, 'webhook-id': 'evt_other' })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(generateWebhookSecret()).verify(BODY, headers)).toThrow(WebhookVerificationError);
  });

  it('during a rotation window verifies with either secret alone', () => {
    const [fresh, old] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = webhookHeaders({ secrets: [fresh, old], msgId, now, body: BODY });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(new Webhook(old).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(generateWebhookSecret()).verify(BODY, headers)).toThrow(WebhookVerificationError);
  });

  it('a timestamp outside the receiver tolerance is refused, so retries must be re-signed', () => {
    const secret = generateWebhookSecret();
    const stale = webhookHeaders({ secrets: [secret], msgId, now: new Date(now.getTime() - 10 * 60_000), body: BODY });
    expect(() => new Webhook(secret).verify(BODY, stale)).toThrow(/too old/);
  });
});
