import { type EventEnvelope } from '@qr/contracts';
import { MAX_REQUEST_CHARS, messagesOf, requestsOf } from './message-requests';

const record = (payload: string, events = 1) => ({ topic: 'qr.scanned.v1', key: 'qr_a', event: {} as EventEnvelope, payload, events });

describe('Kafka messages and requests', () => {
  it('sends a record as one message, several events one per line', () => {
    expect(messagesOf(record('{"a":1}\n{"a":2}', 2))).toEqual([{ topic: 'qr.scanned.v1', key: 'qr_a', value: '{"a":1}\n{"a":2}' }]);
  });

  it('splits a record past the limit by lines, in order, each message under it', () => {
    const line = `{"x":"${'y'.repeat(40_000)}"}`;
    const lines = Array.from({ length: 20 }, (_, i) => line.replace('{"x"', `{"n":${i},"x"`));
    const messages = messagesOf(record(lines.join('\n'), 20));
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(m.value.length).toBeLessThanOrEqual(MAX_REQUEST_CHARS);
    expect(messages.flatMap((m) => m.value.split('\n'))).toEqual(lines);
    expect(new Set(messages.map((m) => m.key))).toEqual(new Set(['qr_a']));
  });

  it('groups messages into requests under the limit, keeping their order; a message past it goes alone', () => {
    const m = (n: number, size: number) => ({ topic: 't', key: `k${n}`, value: 'x'.repeat(size) });
    const big = MAX_REQUEST_CHARS / 2 + 1;
    const requests = requestsOf([m(1, big), m(2, big), m(3, 10), m(4, MAX_REQUEST_CHARS + 5), m(5, 10)]);
    expect(requests.map((r) => r.map((x) => x.key))).toEqual([['k1'], ['k2', 'k3'], ['k4'], ['k5']]);
  });
});
