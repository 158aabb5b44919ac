import { type Log } from '@qr/domain';
import { DecodedRowCache, type RowRef } from './decoded-row-cache';
import { type StoredRow } from './decode-rows';

const errors: string[] = [];
const log = { event: (_level: string, msg: string) => void errors.push(msg) } as Log;

function row(position: number, payload?: string): StoredRow {
  const event = {
    id: `evt_${String(position).padStart(12, '0')}`, type: 'qr.scanned', version: 1, occurred_at: '2026-11-21T10:00:00Z', workspace_id: 'ws_test', qr_id: 'qr_one',
    data: {
      qr_id: 'qr_one', client_ref: null, short_code: 'abc', country: 'DE', device: 'mobile', os: 'iOS', browser: 'Safari',
      is_bot: false, scanned_at: '2026-11-21T10:00:00Z', visitor_hash: 'ab'.repeat(16), scan_number: position,
    },
  };
  return { position, topic: 'qr.scanned.v1', partition_key: 'qr_one', payload: payload ?? JSON.stringify(event) };
}
const ref = ({ position, topic, partition_key }: StoredRow): RowRef => ({ position, topic, partition_key });

describe('DecodedRowCache', () => {
  beforeEach(() => (errors.length = 0));

  it('serves rows remembered at append without fetching their payloads, and fetches only the others, once', async () => {
    const cache = new DecodedRowCache(100, log);
    cache.remember([row(1), row(2)]);
    const fetched: number[][] = [];
    const fetch = async (missing: RowRef[]) => {
      fetched.push(missing.map((r) => r.position));
      return missing.map((r) => row(r.position));
    };
    const first = await cache.decode([1, 2, 3, 4].map((p) => ref(row(p))), fetch);
    expect(first.map((r) => r.position)).toEqual(['1', '2', '3', '4']);
    expect(first.map((r) => (r.event.data as { scan_number: number }).scan_number)).toEqual([1, 2, 3, 4]);
    const second = await cache.decode([2, 3, 4].map((p) => ref(row(p))), fetch);
    expect(second.map((r) => r.position)).toEqual(['2', '3', '4']);
    expect(fetched).toEqual([[3, 4]]);
    // The same decoded record is handed to every group (parsed and checked once).
    expect(second[0]).toBe(first[1]);
  });

  it('uses payloads that came with the range (PostgreSQL) without fetching', async () => {
    const cache = new DecodedRowCache(100, log);
    const fetch = jest.fn();
    const records = await cache.decode([row(7), row(8)], fetch);
    expect(records).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('skips a payload that fails its schema, reports it once, and remembers the verdict', async () => {
    const cache = new DecodedRowCache(100, log);
    const fetch = jest.fn(async (missing: RowRef[]) => missing.map((r) => row(r.position, r.position === 2 ? '{"id":"nope"}' : undefined)));
    expect((await cache.decode([1, 2, 3].map((p) => ref(row(p))), fetch)).map((r) => r.position)).toEqual(['1', '3']);
    expect((await cache.decode([1, 2, 3].map((p) => ref(row(p))), fetch)).map((r) => r.position)).toEqual(['1', '3']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['event log row failed validation; skipped']);
  });

  it('evicts the oldest positions first once full, and fetches an evicted row again', async () => {
    const cache = new DecodedRowCache(3, log);
    cache.remember([1, 2, 3, 4, 5].map((p) => row(p)));
    const fetched: number[] = [];
    const fetch = async (missing: RowRef[]) => {
      fetched.push(...missing.map((r) => r.position));
      return missing.map((r) => row(r.position));
    };
    expect(await cache.decode([3, 4, 5].map((p) => ref(row(p))), fetch)).toHaveLength(3);
    expect(fetched).toEqual([]);
    expect(await cache.decode([1, 2].map((p) => ref(row(p))), fetch)).toHaveLength(2);
    expect(fetched).toEqual([1, 2]);
  });
});
