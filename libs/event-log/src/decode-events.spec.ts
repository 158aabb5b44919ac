import { scannedEvent } from '@qr/testing';
import { decodeEvents } from './decode-events';

describe('decodeEvents', () => {
  const skipped: string[] = [];
  const skip = (reason: string) => void skipped.push(reason);

  it('gives a one-event payload’s event, each event of a payload of several lines, and each of a packed array, in order', () => {
    const [a, b] = [scannedEvent('qr_a', 1), scannedEvent('qr_a', 2)];
    expect(decodeEvents(JSON.stringify(a), skip)).toEqual([a]);
    expect(decodeEvents(`${JSON.stringify(a)}\n${JSON.stringify(b)}`, skip)).toEqual([a, b]);
    expect(decodeEvents(JSON.stringify([a, b]), skip)).toEqual([a, b]);
    expect(skipped).toEqual([]);
  });

  it('skips and reports an invalid event, keeping the others of its payload', () => {
    const good = scannedEvent('qr_a', 3);
    expect(decodeEvents(`not json\n${JSON.stringify(good)}`, skip)).toEqual([good]);
    expect(decodeEvents('', skip)).toEqual([]);
    expect(decodeEvents(JSON.stringify([good, { ...good, type: 'qr.unknown' }]), skip)).toEqual([good]);
    expect(skipped).toHaveLength(3);
    expect(skipped[2]).toMatch(/unknown event qr.unknown/);
  });
});
