import { type Log } from '@qr/domain';
import { scannedEvent } from '@qr/testing';
import { decodeMessage } from './decode-message';

describe('decodeMessage', () => {
  const errors: unknown[] = [];
  const log = { event: (_level: string, _msg: string, fields?: unknown) => void errors.push(fields) } as Log;

  it('gives a one-event message’s event, and each event of a message of several lines, in order', () => {
    const [a, b] = [scannedEvent('qr_a', 1), scannedEvent('qr_a', 2)];
    expect(decodeMessage(Buffer.from(JSON.stringify(a)), log, 't', '0')).toEqual([a]);
    expect(decodeMessage(Buffer.from(`${JSON.stringify(a)}\n${JSON.stringify(b)}`), log, 't', '1')).toEqual([a, b]);
  });

  it('skips and reports an invalid event, keeping the others of its message', () => {
    errors.length = 0;
    const good = scannedEvent('qr_a', 3);
    expect(decodeMessage(Buffer.from(`not json\n${JSON.stringify(good)}`), log, 't', '7')).toEqual([good]);
    expect(decodeMessage(null, log, 't', '8')).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ topic: 't', offset: '7' }), expect.objectContaining({ topic: 't', offset: '8' })]);
  });
});
