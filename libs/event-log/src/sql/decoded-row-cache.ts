import { type Log } from '@qr/domain';
import type { ConsumedRecord } from '../event-log.port';
import { decodeRow, type StoredRow } from './decode-rows';

/** A log row without its payload: what a consumer reads first. */
export type RowRef = Omit<StoredRow, 'payload'> & { payload?: string };

/** A row as a consumer's range read gives it: with the time it was appended. */
export type RangeRow = RowRef & { appended_at: number };

interface Entry {
  topic: string;
  key: string;
  appendedAt: number | null;
  /** The row's records (none when every event failed validation); undefined: known row, payload not decoded (no consumer here reads its topic). */
  records: ConsumedRecord[] | undefined;
}

/**
 * Log rows by position, shared by every consumer group of one log instance and primed by its appends.
 * In all-in-one the relays append on the thread where the projection, the dispatcher and qr-service
 * consume: each event is parsed and checked against its schema once, its payload is not read back
 * from the database, and while this instance appended every position a consumer is behind on, the
 * consumer's range comes from here instead of an index read (`rangeOf`). Rows that failed validation
 * are remembered as such. Eviction is first-in first-out over a ring of positions (deleting a Map's
 * oldest key in a loop leaves holes that every later `keys().next()` walks over).
 */
export class DecodedRowCache {
  private readonly entries = new Map<number, Entry>();
  private readonly ring: number[];
  private next = 0;
  /** Events held: a packed row counts its events. Bounded by the capacity too, so memory is. */
  private held = 0;
  /** The ring slot where the oldest row still held may be (at or after `next`, in ring order). */
  private oldest = 0;

  constructor(
    private readonly capacity: number,
    private readonly log: Log,
  ) {
    this.ring = new Array<number>(capacity).fill(-1);
  }

  /** The records of these rows in order; rows not decoded before get their payloads from `fetch` and are decoded once. */
  async decode(rows: readonly RowRef[], fetch: (missing: RowRef[]) => Promise<StoredRow[]>): Promise<ConsumedRecord[]> {
    const missing = rows.filter((r) => this.entries.get(Number(r.position))?.records === undefined);
    if (missing.length) {
      const withPayload = missing.every((r) => r.payload !== undefined) ? (missing as StoredRow[]) : await fetch(missing);
      this.remember(withPayload);
      // A row that vanished between the two reads (it cannot: the log is append-only) is skipped, not retried forever.
      for (const r of missing)
        if (this.entries.get(Number(r.position))?.records === undefined)
          this.put(Number(r.position), { topic: r.topic, key: r.partition_key, appendedAt: null, records: [] });
    }
    const records: ConsumedRecord[] = [];
    for (const r of rows) {
      const decoded = this.entries.get(Number(r.position))?.records;
      if (decoded) records.push(...decoded);
    }
    return records;
  }

  /**
   * Keeps stored rows by position (just appended, or just fetched). Those whose topic `decodes` accepts
   * are parsed and checked now; the others are only marked as known positions.
   */
  remember(rows: readonly (StoredRow & { appended_at?: number })[], decodes: (topic: string) => boolean = () => true): void {
    for (const r of rows) {
      const position = Number(r.position);
      const records = decodes(r.topic) ? decodeRow(r, this.log) : undefined;
      this.put(position, { topic: r.topic, key: r.partition_key, appendedAt: r.appended_at ?? this.entries.get(position)?.appendedAt ?? null, records });
    }
  }

  /**
   * What `SELECT … WHERE topic IN (topics) AND position > after AND position <= head ORDER BY position
   * LIMIT limit` would return, when this cache holds every position from `after + 1` until the batch is
   * full or `head` is reached (so no row in between can be missing); otherwise null, and the caller reads
   * the database. Positions it holds were committed before they were put here.
   */
  rangeOf(after: number, head: number, topics: ReadonlySet<string>, limit: number): RangeRow[] | null {
    const rows: RangeRow[] = [];
    for (let position = after + 1; position <= head && rows.length < limit; position++) {
      const entry = this.entries.get(position);
      if (!entry || entry.appendedAt === null) return null;
      if (topics.has(entry.topic)) rows.push({ position, topic: entry.topic, partition_key: entry.key, appended_at: entry.appendedAt });
    }
    return rows;
  }

  private put(position: number, entry: Entry): void {
    const current = this.entries.get(position);
    if (current) {
      this.held += weightOf(entry) - weightOf(current);
      this.entries.set(position, entry);
    } else {
      const evicted = this.ring[this.next];
      if (evicted !== -1) this.drop(evicted);
      this.ring[this.next] = position;
      if (this.oldest === this.next) this.oldest = (this.next + 1) % this.capacity;
      this.next = (this.next + 1) % this.capacity;
      this.entries.set(position, entry);
      this.held += weightOf(entry);
    }
    // Rows packed by an earlier version hold many events each: the oldest rows go until the events held fit again.
    while (this.held > this.capacity && this.entries.size > 1) this.dropOldest();
  }

  private dropOldest(): void {
    for (let i = 0; i < this.capacity; i++) {
      const slot = this.oldest;
      this.oldest = (this.oldest + 1) % this.capacity;
      const position = this.ring[slot];
      if (position !== -1 && this.entries.has(position)) {
        this.drop(position);
        this.ring[slot] = -1;
        return;
      }
    }
  }

  private drop(position: number): void {
    const entry = this.entries.get(position);
    if (!entry) return;
    this.held -= weightOf(entry);
    this.entries.delete(position);
  }
}

/** A row's share of the cache: its events (a packed row's several), at least one. */
function weightOf(entry: Entry): number {
  return Math.max(1, entry.records?.length ?? 1);
}
