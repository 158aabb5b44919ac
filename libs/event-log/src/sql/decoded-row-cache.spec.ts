import { type Log } from '@qr/domain';
import { DecodedRowCache, type RowRef } from './decoded-row-cache';
import { type StoredRow } from './decode-rows';

const errors: string[] = [];
const log = { event: (_level: string, msg: string) => void errors.push(msg) } as Log;

function row(position: number, payload?: string, topic = 'qr.scanned.v1'): StoredRow {
  const event = {
    id: `evt_${String(position).padStart(12, '0')}`,
    type: 'qr.scanned',
    version: 1,
    occurred_at: '2026-11-21T10:00:00Z',
    workspace_id: 'ws_test',
    qr_id: 'qr_one',
    data: {
      qr_id: 'qr_one',
      client_ref: null,
      short_code: 'abc',
      country: 'DE',
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      is_bot: false,
      scanned_at: '2026-11-21T10:00:00Z',
      visitor_hash: 'ab'.repeat(16),
      scan_number: position,
    },
  };
  return { position, topic, partition_key: 'qr_one', payload: payload ?? JSON.stringify(event) };
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
    const first = await cache.decode(
      [1, 2, 3, 4].map((p) => ref(row(p))),
      fetch,
    );
    expect(first.map((r) => r.position)).toEqual(['1', '2', '3', '4']);
    expect(first.map((r) => (r.event.data as { scan_number: number }).scan_number)).toEqual([1, 2, 3, 4]);
    const second = await cache.decode(
      [2, 3, 4].map((p) => ref(row(p))),
      fetch,
    );
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
    expect(
      (
        await cache.decode(
          [1, 2, 3].map((p) => ref(row(p))),
          fetch,
        )
      ).map((r) => r.position),
    ).toEqual(['1', '3']);
    expect(
      (
        await cache.decode(
          [1, 2, 3].map((p) => ref(row(p))),
          fetch,
        )
      ).map((r) => r.position),
    ).toEqual(['1', '3']);
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
    expect(
      await cache.decode(
        [3, 4, 5].map((p) => ref(row(p))),
        fetch,
      ),
    ).toHaveLength(3);
    expect(fetched).toEqual([]);
    expect(
      await cache.decode(
        [1, 2].map((p) => ref(row(p))),
        fetch,
      ),
    ).toHaveLength(2);
    expect(fetched).toEqual([1, 2]);
  });

  it('counts a packed row by its events: the oldest rows go until the events held fit the capacity', async () => {
    const cache = new DecodedRowCache(10, log);
    const packed = (position: number, n: number): StoredRow => ({
      ...row(position),
      payload: JSON.stringify(Array.from({ length: n }, (_, i) => JSON.parse(row(position * 100 + i).payload))),
    });
    cache.remember([packed(1, 4), packed(2, 4), row(3)]);
    const fetched: number[] = [];
    const fetch = async (missing: RowRef[]) => {
      fetched.push(...missing.map((r) => r.position));
      return missing.map((r) => (r.position === 3 ? row(3) : packed(r.position, 4)));
    };
    expect(
      await cache.decode(
        [1, 2, 3].map((p) => ref(row(p))),
        fetch,
      ),
    ).toHaveLength(9);
    expect(fetched).toEqual([]);
    // 9 events held; 4 more make 13: row 1 (4 events) goes, the rest fit.
    cache.remember([packed(4, 4)]);
    expect(
      await cache.decode(
        [2, 3, 4].map((p) => ref(row(p))),
        fetch,
      ),
    ).toHaveLength(9);
    expect(fetched).toEqual([]);
    expect(await cache.decode([ref(row(1))], fetch)).toHaveLength(4);
    expect(fetched).toEqual([1]);
    // One row bigger than the whole capacity is still kept (alone).
    cache.remember([packed(5, 30)]);
    expect(await cache.decode([ref(row(5))], fetch)).toHaveLength(30);
    expect(fetched).toEqual([1]);
  });

  describe('rangeOf: a consumer\u2019s range without reading the database', () => {
    const SCANS = new Set(['qr.scanned.v1']);
    const appended = (positions: number[], topicOf: (p: number) => string = () => 'qr.scanned.v1') =>
      positions.map((p) => ({ ...row(p, undefined, topicOf(p)), appended_at: 1000 + p }));

    it('answers from remembered appends in position order, only the asked topics, with their append times', () => {
      const cache = new DecodedRowCache(100, log);
      cache.remember(
        appended([4, 5, 6, 7], (p) => (p === 5 ? 'webhook.other.v1' : 'qr.scanned.v1')),
        (t) => t === 'qr.scanned.v1',
      );
      expect(cache.rangeOf(3, 7, SCANS, 10)).toEqual([
        { position: 4, topic: 'qr.scanned.v1', partition_key: 'qr_one', appended_at: 1004 },
        { position: 6, topic: 'qr.scanned.v1', partition_key: 'qr_one', appended_at: 1006 },
        { position: 7, topic: 'qr.scanned.v1', partition_key: 'qr_one', appended_at: 1007 },
      ]);
      expect(cache.rangeOf(5, 6, SCANS, 10)!.map((r) => r.position)).toEqual([6]);
      expect(cache.rangeOf(4, 5, SCANS, 10)).toEqual([]);
    });

    it('stops at the batch size, even before positions it does not hold', () => {
      const cache = new DecodedRowCache(100, log);
      cache.remember(appended([1, 2, 3]));
      expect(cache.rangeOf(0, 50, SCANS, 2)!.map((r) => r.position)).toEqual([1, 2]);
      expect(cache.rangeOf(0, 50, SCANS, 3)!.map((r) => r.position)).toEqual([1, 2, 3]);
      expect(cache.rangeOf(0, 50, SCANS, 4)).toBeNull();
    });

    it('gives up (null) when any position up to the head is unknown: appended elsewhere, evicted, or read without its append time', async () => {
      const cache = new DecodedRowCache(4, log);
      cache.remember(appended([1, 2, 4]));
      expect(cache.rangeOf(0, 4, SCANS, 10)).toBeNull();
      expect(cache.rangeOf(2, 3, SCANS, 10)).toBeNull();
      cache.remember(appended([5, 6, 7]));
      // Capacity 4: 1 and 2 are gone.
      expect(cache.rangeOf(0, 2, SCANS, 10)).toBeNull();
      expect(cache.rangeOf(2, 7, SCANS, 10)).toBeNull();
      expect(cache.rangeOf(3, 7, SCANS, 10)!.map((r) => r.position)).toEqual([4, 5, 6, 7]);
      const fetchedOnly = new DecodedRowCache(10, log);
      await fetchedOnly.decode([ref(row(1))], async (missing) => missing.map((r) => row(r.position)));
      expect(fetchedOnly.rangeOf(0, 1, SCANS, 10)).toBeNull();
    });

    it('fetches and decodes a known row whose topic was not decoded at append', async () => {
      const cache = new DecodedRowCache(10, log);
      cache.remember(appended([1, 2]), () => false);
      const fetch = jest.fn(async (missing: RowRef[]) => missing.map((r) => row(r.position)));
      const rows = cache.rangeOf(0, 2, SCANS, 10)!;
      expect((await cache.decode(rows, fetch)).map((r) => r.position)).toEqual(['1', '2']);
      expect(fetch).toHaveBeenCalledTimes(1);
      await cache.decode(rows, fetch);
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });
});
