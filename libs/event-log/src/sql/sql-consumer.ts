import { type Clock, errorText, type Log } from '@qr/domain';
import { type Database } from '@qr/persistence';
import type { BatchHandler, Subscription } from '../event-log.port';
import { backoffMs, lingers, sleep, Waker } from '../wait-for';
import { type AppendPacer } from './append-pacer';
import { type DecodedRowCache, type RangeRow, type RowRef } from './decoded-row-cache';
import { type StoredRow } from './decode-rows';
import { type WakeupChannel } from './wakeup-channel';

export interface SqlConsumerOptions {
  group: string;
  topics: readonly string[];
  handler: BatchHandler;
  batchSize: number;
  owner: string;
  pollMs: number;
  /** How long to wait before the next read when `lingers` says so. */
  lingerMs: number;
  leaseMs: number;
  clock: Clock;
  log: Log;
  decoded: DecodedRowCache;
  /** Told how far this consumer has read, so this instance's appends do not outrun it (see AppendPacer). */
  pacer: AppendPacer;
  onBacklog?: (ageMs: number) => void;
  onStop: () => void;
}

interface Claim {
  position: number;
  generation: number;
  validUntil: number;
}

/**
 * One consumer of one group. A group has one active consumer at a time, chosen by a lease row;
 * the lease moves to another process when its holder stops renewing (crash, kill -9). The offset
 * is committed only after the handler succeeds, and only while the lease and generation still hold.
 */
export class SqlConsumer implements Subscription {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private claim: Claim | null = null;
  private readonly waker = new Waker();
  private unsubscribe: () => void = () => undefined;
  private readonly topics: ReadonlySet<string>;
  /** Positions up to here hold none of this group's topics (the cache showed it): the next range starts after. */
  private quietThrough = 0;

  constructor(
    private readonly db: Database,
    private readonly wakeups: WakeupChannel,
    private readonly o: SqlConsumerOptions,
  ) {
    this.topics = new Set(o.topics);
  }

  get group(): string {
    return this.o.group;
  }

  start(): void {
    this.unsubscribe = this.wakeups.onWake(this.waker.wake);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waker.wake();
    await this.loop;
    this.o.pacer.readThrough(this, null);
    this.unsubscribe();
    await this.releaseLease().catch(() => undefined);
    this.o.onStop();
  }

  async lag(): Promise<number> {
    const placeholders = this.o.topics.map((_, i) => `$${i + 2}`).join(', ');
    const [row] = await this.db.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM event_log WHERE position > $1 AND topic IN (${placeholders})`,
      [this.claim?.position ?? (await this.committedPosition()), ...this.o.topics],
    );
    return Number(row?.n ?? 0);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const handled = await this.pollOnce();
        failures = 0;
        if (!handled) await this.waker.wait(this.claim ? this.o.pollMs : Math.min(this.o.pollMs, this.o.leaseMs / 3));
        else if (lingers(handled, this.o.batchSize)) await sleep(this.o.lingerMs);
      } catch (err) {
        failures += 1;
        this.claim = null;
        this.o.pacer.readThrough(this, null);
        this.o.log.event('warn', 'event consumer batch failed; will retry', {
          group: this.o.group,
          failures,
          error: errorText(err),
        });
        if (!this.stopped) await this.waker.wait(backoffMs(failures));
      }
    }
  }

  /** Returns how many records were handled (0 when idle or not the lease holder). */
  private async pollOnce(): Promise<number> {
    const claim = await this.ensureClaim();
    if (!claim) {
      this.o.pacer.readThrough(this, null);
      return 0;
    }
    const { rows, head } = await this.nextRows(claim.position);
    if (rows.length === 0) {
      // Nothing of ours up to the head: this consumer has read everything appended so far.
      this.o.pacer.readThrough(this, Math.max(claim.position, head));
      return 0;
    }
    this.o.onBacklog?.(this.o.clock().getTime() - Number(rows[0].appended_at));
    const records = await this.o.decoded.decode(rows, (missing) => this.payloadsOf(missing));
    if (records.length > 0) await this.o.handler(records);
    await this.commit(Number(rows[rows.length - 1].position));
    return rows.length;
  }

  /**
   * The next batch across this group's topics, in log order. One ordered index range per topic,
   * merged here: a single `topic IN (…) ORDER BY position` query makes the database read and sort
   * every matching row after the position (all of a lagging consumer's backlog) on every poll, and
   * a group whose topics are quiet would rescan the whole log since its last match.
   * The ranges are read one after another, each in its own snapshot, so all are cut at the head
   * seen first: every position up to it has committed (appends commit in position order), and a
   * row appended between two reads cannot be passed over by a position taken from another topic.
   * When this log instance appended (or read) every position up to the head, the cache answers instead.
   */
  private async nextRows(after: number): Promise<{ rows: RangeRow[]; head: number }> {
    const [top] = await this.db.query<{ head: number | null }>('SELECT MAX(position) AS head FROM event_log');
    const head = Number(top?.head ?? 0);
    return { rows: head <= after ? [] : await this.rangeThrough(after, head), head };
  }

  private async rangeThrough(after: number, head: number): Promise<RangeRow[]> {
    // The log never changes below its head, so a stretch shown to hold none of our topics stays so
    // (a reset group comes back through it without reading it again).
    const cached = this.o.decoded.rangeOf(Math.max(after, this.quietThrough), head, this.topics, this.o.batchSize);
    if (cached?.length === 0) this.quietThrough = head;
    if (cached) return cached;
    const columns = this.db.dialect === 'sqlite' ? 'position, topic, partition_key, appended_at' : 'position, topic, partition_key, appended_at, payload';
    const rows: RangeRow[] = [];
    for (const topic of this.o.topics) {
      rows.push(
        ...(await this.db.query<RangeRow>(
          `SELECT ${columns} FROM event_log WHERE topic = $1 AND position > $2 AND position <= $3 ORDER BY position LIMIT $4`,
          [topic, after, head, this.o.batchSize],
        )),
      );
    }
    if (this.o.topics.length > 1) rows.sort((a, b) => Number(a.position) - Number(b.position));
    return rows.length > this.o.batchSize ? rows.slice(0, this.o.batchSize) : rows;
  }

  /**
   * Payloads of rows no other group of this log instance has decoded yet. On SQLite the ranges are
   * read without payloads and only these are fetched: in all-in-one most rows were primed by the relay's
   * append or read by another group moments before. PostgreSQL reads payloads with the range (one round trip).
   */
  private async payloadsOf(missing: readonly RowRef[]): Promise<StoredRow[]> {
    const rows: StoredRow[] = [];
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      rows.push(
        ...(await this.db.query<StoredRow>(
          `SELECT position, topic, partition_key, payload FROM event_log WHERE position IN (${chunk.map((_, j) => `$${j + 1}`).join(', ')})`,
          chunk.map((r) => r.position),
        )),
      );
    }
    return rows;
  }

  private async ensureClaim(): Promise<Claim | null> {
    const now = this.o.clock().getTime();
    if (this.claim && this.claim.validUntil - now > this.o.leaseMs / 2) return this.claim;
    const expires = now + this.o.leaseMs;
    const rows = await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO consumer_groups (group_id) VALUES ($1) ON CONFLICT (group_id) DO NOTHING', [this.o.group]);
      return (
        await tx.query<{ position: number; generation: number }>(
          `UPDATE consumer_groups SET lease_owner = $2, lease_expires_at = $3
           WHERE group_id = $1 AND (lease_owner = $2 OR lease_owner IS NULL OR lease_expires_at < $4)
           RETURNING position, generation`,
          [this.o.group, this.o.owner, expires, now],
        )
      ).rows;
    });
    this.claim = rows[0] ? { position: Number(rows[0].position), generation: Number(rows[0].generation), validUntil: expires } : null;
    return this.claim;
  }

  private async commit(position: number): Promise<void> {
    const claim = this.claim!;
    const expires = this.o.clock().getTime() + this.o.leaseMs;
    const { affected } = await this.db.execute(
      `UPDATE consumer_groups SET position = $1, lease_expires_at = $2
       WHERE group_id = $3 AND lease_owner = $4 AND generation = $5`,
      [position, expires, this.o.group, this.o.owner, claim.generation],
    );
    if (affected === 1) {
      this.claim = { ...claim, position, validUntil: expires };
      this.o.pacer.readThrough(this, position);
    } else {
      // Lost the lease or the group was reset: start again from whatever is committed now.
      this.claim = null;
      this.o.pacer.readThrough(this, null);
    }
  }

  private async committedPosition(): Promise<number> {
    const [row] = await this.db.query<{ position: number }>('SELECT position FROM consumer_groups WHERE group_id = $1', [this.o.group]);
    return Number(row?.position ?? 0);
  }

  private async releaseLease(): Promise<void> {
    await this.db.execute('UPDATE consumer_groups SET lease_owner = NULL, lease_expires_at = 0 WHERE group_id = $1 AND lease_owner = $2', [
      this.o.group,
      this.o.owner,
    ]);
  }
}
