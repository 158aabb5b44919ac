import { TOPICS } from '@qr/contracts';
import { type Log } from '@qr/domain';
import { scannedEvent } from '../testing/scanned-event';
import { decodeRow } from './decode-rows';
import { packRecords, payloadEvents } from './packed-rows';

const errors: string[] = [];
const log = { event: (_level: string, msg: string) => void errors.push(msg) } as Log;
const scan = (qrId: string, n: number) => ({ topic: TOPICS.qrScanned, key: qrId, event: scannedEvent(qrId, n) });

describe('packed rows', () => {
  beforeEach(() => (errors.length = 0));

  it('packs a transaction’s records of one topic and key into one row, in order; a record alone keeps its own row', () => {
    const other = { topic: 'test.other.v1', key: 'qr_a', event: scannedEvent('qr_a', 99) };
    const records = [scan('qr_a', 1), scan('qr_b', 1), other, scan('qr_a', 2), scan('qr_a', 3)];
    const rows = packRecords(records);
    expect(rows.map((r) => [r.topic, r.key, r.events])).toEqual([
      [TOPICS.qrScanned, 'qr_a', 3],
      [TOPICS.qrScanned, 'qr_b', 1],
      ['test.other.v1', 'qr_a', 1],
    ]);
    expect((payloadEvents(rows[0].payload!) as Array<{ data: { scan_number: number } }>).map((e) => e.data.scan_number)).toEqual([1, 2, 3]);
    // The row's event id is its first event's; a lone record is stored as it always was.
    expect(rows[0].event.id).toBe(records[0].event.id);
    expect(rows[1].payload).toBeUndefined();
    expect(payloadEvents(JSON.stringify(records[1].event))).toEqual([records[1].event]);
  });

  it('reads a packed row back as its events, each at the row’s position, and drops only an event that fails its schema', () => {
    const [packed] = packRecords([scan('qr_a', 1), scan('qr_a', 2)]);
    const stored = { position: 7, topic: TOPICS.qrScanned, partition_key: 'qr_a', partition_no: 3, payload: packed.payload! };
    const records = decodeRow(stored, log);
    expect(records.map((r) => [r.position, r.key, (r.event.data as { scan_number: number }).scan_number])).toEqual([
      ['7', 'qr_a', 1],
      ['7', 'qr_a', 2],
    ]);
    const broken = JSON.stringify([scannedEvent('qr_a', 1), { id: 'evt_x', type: 'qr.scanned' }, scannedEvent('qr_a', 3)]);
    expect(decodeRow({ ...stored, payload: broken }, log).map((r) => (r.event.data as { scan_number: number }).scan_number)).toEqual([1, 3]);
    expect(errors).toEqual(['event log row failed validation; skipped']);
    expect(decodeRow({ ...stored, payload: 'not json' }, log)).toEqual([]);
  });
});
