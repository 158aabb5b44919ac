import { type Log } from '@qr/domain';
import type { ConsumedRecord } from '../event-log.port';
import { decodeRows, type StoredRow } from './decode-rows';

/** A log row without its payload: what a consumer reads first. */
export type RowRef = Omit<StoredRow, 'payload'> & { payload?: string };

/**
 * Decoded rows by log position, shared by every consumer group of one log instance and primed by
 * its appends. In all-in-one the relays append on the thread where the projection, the dispatcher and
 * qr-service consume: each event is parsed and checked against its schema once, and its payload is
 * not read back from the database at all. Rows that failed validation are remembered as such (null).
 * Eviction is first-in first-out over a ring of positions (deleting a Map's oldest key in a loop
 * leaves holes that every later `keys().next()` walks over).
 */
export class DecodedRowCache {
  private readonly entries = new Map<number, ConsumedRecord | null>();
  private readonly ring: number[];
  private next = 0;

  constructor(
    private readonly capacity: number,
    private readonly log: Log,
  ) {
    this.ring = new Array<number>(capacity).fill(-1);
  }

  /** The records of these rows in order; rows not seen before get their payloads from `fetch` and are decoded once. */
  async decode(rows: readonly RowRef[], fetch: (missing: RowRef[]) => Promise<StoredRow[]>): Promise<ConsumedRecord[]> {
    const missing = rows.filter((r) => !this.entries.has(Number(r.position)));
    if (missing.length) {
      const withPayload = missing.every((r) => r.payload !== undefined) ? (missing as StoredRow[]) : await fetch(missing);
      this.remember(withPayload);
      // A row that vanished between the two reads (it cannot: the log is append-only) is skipped, not retried forever.
      for (const r of missing) if (!this.entries.has(Number(r.position))) this.put(Number(r.position), null);
    }
    const records: ConsumedRecord[] = [];
    for (const r of rows) {
      const record = this.entries.get(Number(r.position));
      if (record) records.push(record);
    }
    return records;
  }

  /** Decodes stored rows (just appended, or just fetched) and keeps them by position. */
  remember(rows: readonly StoredRow[]): void {
    const decoded = new Map(decodeRows(rows, this.log).map((r) => [Number(r.position), r]));
    for (const r of rows) this.put(Number(r.position), decoded.get(Number(r.position)) ?? null);
  }

  private put(position: number, record: ConsumedRecord | null): void {
    if (this.entries.has(position)) return void this.entries.set(position, record);
    const evicted = this.ring[this.next];
    if (evicted !== -1) this.entries.delete(evicted);
    this.ring[this.next] = position;
    this.next = (this.next + 1) % this.capacity;
    this.entries.set(position, record);
  }
}
