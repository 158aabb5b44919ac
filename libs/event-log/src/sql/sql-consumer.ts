import { setTimeout as sleep } from 'node:timers/promises';
import { errorText, type Log } from '@qr/domain';
import { type Database } from '@qr/persistence';
import type { BatchHandler, ConsumedRecord, Subscription } from '../event-log.port';
import { backoffMs, lingers, Waker } from '../wait-for';
import { type ThreadSignal } from '../thread-signal';
import { decodeEvents } from '../decode-events';

export interface SqlConsumerOptions {
  group: string;
  topics: readonly string[];
  handler: BatchHandler;
  batchSize: number;
  pollMs: number;
  log: Log;
  onStop: () => void;
}

/** How long to wait before the next read when `lingers` says so. */
const LINGER_MS = 10;

/** One event_log row as stored. */
interface StoredRow {
  position: number;
  topic: string;
  partition_key: string;
  payload: string;
}

/** The group's committed offset and the reset count it was read in. */
interface Offset {
  position: number;
  generation: number;
}

/**
 * A consumer group of the embedded log: one offset per group (`consumer_groups.position`), one member,
 * in the one process that runs everything (all-in-one). It reads the group's topics after its offset in
 * log order, hands them to the handler, and moves the offset past them once the handler succeeded: at
 * least once, in order. A handler that throws gets the same batch again after a backoff.
 *
 * `resetGroup` (the admin CLI, possibly another process) sets the offset back to 0 and counts a reset in
 * `generation`. The consumer reads the generation with the log's head at every poll and starts again
 * from the offset when it changed; its commit moves the offset only in the generation it read, so a batch
 * in flight across a reset is not committed over it.
 */
export class SqlConsumer implements Subscription {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private offset: Offset | null = null;
  private readonly waker = new Waker();
  private unsubscribe: () => void = () => undefined;
  private readonly topics: ReadonlySet<string>;
  /**
   * Positions from the offset up to here hold none of this group's topics (the log never changes below its
   * head): the next range starts after. Not committed; forgotten with the offset (a reset reads again).
   */
  private quietThrough = 0;
  private handledRecords = 0;

  constructor(
    private readonly db: Database,
    /** Appends' topics, after they committed. */
    private readonly appended: ThreadSignal,
    private readonly o: SqlConsumerOptions,
  ) {
    this.topics = new Set(o.topics);
  }

  get group(): string {
    return this.o.group;
  }

  start(): void {
    this.unsubscribe = this.appended.on((topics) => {
      if (!topics || topics.some((t) => this.topics.has(t))) this.waker.wake();
    });
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waker.wake();
    await this.loop;
    this.unsubscribe();
    this.o.onStop();
  }

  assignment(): { partitions: number[]; handled: number } {
    return { partitions: [0], handled: this.handledRecords };
  }

  /** Events of the group's topics after its committed offset. */
  async lag(): Promise<number> {
    const [group] = await this.db.query<{ position: number }>('SELECT position FROM consumer_groups WHERE group_id = $1', [this.o.group]);
    const topics = this.o.topics.map((_, i) => `$${i + 2}`).join(', ');
    // Events, not rows: a row packed by an earlier version holds several.
    const [row] = await this.db.query<{ n: number }>(`SELECT COALESCE(SUM(event_count), 0) AS n FROM event_log WHERE position > $1 AND topic IN (${topics})`, [
      Number(group?.position ?? 0),
      ...this.o.topics,
    ]);
    return Number(row?.n ?? 0);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const read = await this.pollOnce();
        failures = 0;
        if (!read.rows) await this.waker.wait(this.o.pollMs);
        else if (lingers(read.events, read.rows >= this.o.batchSize)) await sleep(LINGER_MS);
      } catch (err) {
        failures += 1;
        this.offset = null;
        this.o.log.event('warn', 'event consumer batch failed; will retry', { group: this.o.group, failures, error: errorText(err) });
        if (!this.stopped) await this.waker.wait(backoffMs(failures));
      }
    }
  }

  /** How many rows it read and events it handled (no rows when idle). */
  private async pollOnce(): Promise<{ rows: number; events: number }> {
    this.offset ??= await this.readOffset();
    const [top] = await this.db.query<{ head: number | null; generation: number | null }>(
      'SELECT (SELECT MAX(position) FROM event_log) AS head, (SELECT generation FROM consumer_groups WHERE group_id = $1) AS generation',
      [this.o.group],
    );
    // Reset meanwhile (the admin CLI, also from another process): start again from the committed offset.
    if (Number(top?.generation ?? 0) !== this.offset.generation) this.offset = await this.readOffset();
    const offset = this.offset;
    const { rows, cut } = await this.nextRows(offset, Number(top?.head ?? 0));
    if (rows.length === 0) return { rows: 0, events: 0 };
    const records = rows.flatMap((row) => this.decode(row));
    if (records.length > 0) await this.o.handler(records);
    await this.commit(offset, cut, records.length);
    return { rows: rows.length, events: records.length };
  }

  /** A row's events (a row packed by an earlier version holds several), all at the row's position: a group's offset moves by rows. */
  private decode(row: StoredRow): ConsumedRecord[] {
    const skipped = (reason: string) =>
      this.o.log.event('error', 'event log row failed validation; skipped', { position: row.position, topic: row.topic, reason });
    return decodeEvents(row.payload, skipped).map((event) => ({ position: String(row.position), topic: row.topic, key: row.partition_key, event }));
  }

  private async readOffset(): Promise<Offset> {
    await this.db.execute('INSERT INTO consumer_groups (group_id) VALUES ($1) ON CONFLICT (group_id) DO NOTHING', [this.o.group]);
    const [row] = await this.db.query<{ position: number; generation: number }>('SELECT position, generation FROM consumer_groups WHERE group_id = $1', [
      this.o.group,
    ]);
    this.quietThrough = 0;
    return { position: Number(row.position), generation: Number(row.generation) };
  }

  /**
   * The next batch of the group's topics after the offset, in log order, and how far it covers them
   * (`cut`: every row of these topics up to there is in the batch). One ordered index range per topic,
   * merged here: a single `topic IN (…) ORDER BY position` query makes the database read and sort every
   * matching row after the offset (all of a lagging consumer's backlog) on every poll. All ranges are
   * cut at the head, read before them: every position up to it has committed (appends commit in position
   * order), so a row appended between two reads cannot be passed over.
   */
  private async nextRows(offset: Offset, head: number): Promise<{ rows: StoredRow[]; cut: number }> {
    const after = Math.max(offset.position, this.quietThrough);
    if (head <= after) return { rows: [], cut: head };
    const rows = await this.rangeThrough(after, head);
    if (rows.length === 0) this.quietThrough = head;
    return { rows, cut: rows.length >= this.o.batchSize ? Number(rows[rows.length - 1].position) : head };
  }

  private async rangeThrough(after: number, head: number): Promise<StoredRow[]> {
    const rows: StoredRow[] = [];
    for (const topic of this.o.topics) rows.push(...(await this.db.query<StoredRow>(RANGE_SQL, [topic, after, head, this.o.batchSize])));
    if (this.o.topics.length > 1) rows.sort((a, b) => Number(a.position) - Number(b.position));
    return rows.length > this.o.batchSize ? rows.slice(0, this.o.batchSize) : rows;
  }

  /** Moves the offset to `cut` if the group is still in the generation read; after a reset, reads the offset again. */
  private async commit(offset: Offset, cut: number, handled: number): Promise<void> {
    const { affected } = await this.db.execute('UPDATE consumer_groups SET position = $1 WHERE group_id = $2 AND generation = $3 AND position < $1', [
      cut,
      this.o.group,
      offset.generation,
    ]);
    this.handledRecords += handled;
    if (affected === 1) {
      offset.position = cut;
    } else {
      // Reset meanwhile (or moved by someone else): start again from whatever is committed now.
      this.offset = null;
    }
  }
}

/**
 * One topic's next rows after a position, up to the head, in position order: $1 topic, $2 after, $3 head,
 * $4 limit. It walks the index (topic, position) in order and stops after the batch.
 */
export const RANGE_SQL =
  'SELECT position, topic, partition_key, payload FROM event_log WHERE topic = $1 AND position > $2 AND position <= $3 ORDER BY position LIMIT $4';
