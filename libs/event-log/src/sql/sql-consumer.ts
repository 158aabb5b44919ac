import { type Clock, errorText, getOrCreate, type Log } from '@qr/domain';
import { assignPartitions, liveMembers } from '@qr/log-partitions';
import { type Database } from '@qr/persistence';
import type { BatchHandler, Subscription } from '../event-log.port';
import { backoffMs, lingers, sleep, Waker } from '../wait-for';
import { type AppendPacer } from './append-pacer';
import { type DecodedRowCache, type RangeRow, type RowRef } from './decoded-row-cache';
import { type StoredRow } from './decode-rows';
import { REBALANCE, type WakeupChannel } from './wakeup-channel';

export interface SqlConsumerOptions {
  group: string;
  topics: readonly string[];
  handler: BatchHandler;
  batchSize: number;
  /** This member's id in its group: unique per subscription. */
  owner: string;
  /** The log's partition count. */
  partitions: number;
  /** The PostgreSQL channel appends notify on; rebalance hints go there too. */
  notifyChannel: string;
  pollMs: number;
  /** How long to wait before the next read when `lingers` says so. */
  lingerMs: number;
  /** How long a member's heartbeat and its partition leases last without renewal. */
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
  generation: number;
  /** The partitions this member holds a lease on, each with its committed offset. */
  offsets: Map<number, number>;
  /** The leases (and the member's heartbeat) hold until then unless renewed. */
  validUntil: number;
  /** What the assignment gave this member, with the live members it saw at `checkedAt`. */
  wanted: readonly number[];
  checkedAt: number;
}

/**
 * One member of one consumer group. The group's partitions are spread over its live members (each
 * renews a heartbeat row; `assignPartitions` over the live ones says who should hold what), and a member
 * handles a partition only while it holds that partition's lease: one member at a time per partition,
 * so each key's events stay in order. A member gives up partitions the assignment moved away at its next
 * heartbeat (between batches), takes free or expired ones, and on a clean stop releases all of its
 * leases at once; a member that dies stops renewing, and the others take its partitions once its
 * heartbeat and leases expire. The offsets are committed only after the handler succeeds, and only for
 * partitions whose lease this member still holds, in the generation it read (`resetGroup` bumps it).
 */
export class SqlConsumer implements Subscription {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private claim: Claim | null = null;
  private readonly waker = new Waker();
  private unsubscribe: () => void = () => undefined;
  private readonly topics: ReadonlySet<string>;
  /**
   * Positions from the held partitions' offsets up to here hold none of this group's topics (the log never
   * changes below its head): the next range starts after. Forgotten when other partitions come in or an
   * offset moves back (a reset), since positions below the old offsets are then to be read again.
   */
  private quietThrough = 0;
  private rebalanceDue = false;
  private joined = false;
  /** True while this consumer sends a local rebalance hint: it is for the others. */
  private hinting = false;
  private handledRecords = 0;

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

  /** How often a member renews its heartbeat and looks at its group's live members again. */
  private get heartbeatMs(): number {
    return this.o.leaseMs / 5;
  }

  start(): void {
    const offWake = this.wakeups.onWake((topics) => {
      if (!topics || topics.some((t) => this.topics.has(t))) this.waker.wake();
    });
    const offRebalance = this.wakeups.onRebalance(() => {
      if (this.hinting) return;
      this.rebalanceDue = true;
      this.waker.wake();
    });
    this.unsubscribe = () => {
      offWake();
      offRebalance();
    };
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waker.wake();
    await this.loop;
    this.o.pacer.readThrough(this, null);
    this.unsubscribe();
    await this.leave().catch(() => undefined);
    this.o.onStop();
  }

  assignment(): { partitions: number[]; handled: number } {
    return { partitions: [...(this.claim?.offsets.keys() ?? [])].sort((a, b) => a - b), handled: this.handledRecords };
  }

  /** The group's lag as committed (every partition, whoever holds it): the same figure from every member. */
  async lag(): Promise<number> {
    const [group] = await this.db.query<{ position: number }>('SELECT position FROM consumer_groups WHERE group_id = $1', [this.o.group]);
    const floor = Number(group?.position ?? 0);
    const rows = await this.db.query<{ partition_no: number; position: number }>('SELECT partition_no, position FROM consumer_partitions WHERE group_id = $1', [this.o.group]);
    const topics = this.o.topics.map((_, i) => `$${i + 2}`).join(', ');
    const known = rows.filter((r) => Number(r.partition_no) < this.o.partitions);
    const cases = known.map((r) => `(partition_no = ${Number(r.partition_no)} AND position > ${Number(r.position)})`);
    // Partitions nobody has taken yet start at the group's position.
    if (known.length < this.o.partitions) cases.push(known.length ? `(partition_no NOT IN (${known.map((r) => Number(r.partition_no)).join(', ')}) AND position > ${floor})` : `position > ${floor}`);
    const low = Math.min(...known.map((r) => Number(r.position)), known.length < this.o.partitions ? floor : Infinity);
    // Events, not rows: a packed row holds several.
    const [row] = await this.db.query<{ n: number }>(`SELECT COALESCE(SUM(event_count), 0) AS n FROM event_log WHERE position > $1 AND topic IN (${topics}) AND (${cases.join(' OR ')})`, [
      low,
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
        // Never sleep through a heartbeat: the group would count this member as gone.
        if (!read.rows) await this.waker.wait(Math.min(this.o.pollMs, this.heartbeatMs));
        else if (lingers(read.events, read.rows >= this.o.batchSize)) await sleep(this.o.lingerMs);
      } catch (err) {
        failures += 1;
        this.claim = null;
        this.o.pacer.readThrough(this, null);
        this.o.log.event('warn', 'event consumer batch failed; will retry', {
          group: this.o.group,
          failures,
          error: errorText(err),
        });
        if (!this.stopped) await this.waker.wait(Math.min(backoffMs(failures), this.heartbeatMs));
      }
    }
  }

  /** How many rows it read and events it handled (no rows when idle or holding no partition). */
  private async pollOnce(): Promise<{ rows: number; events: number }> {
    const claim = await this.ensureClaim();
    if (!claim || claim.offsets.size === 0) {
      this.o.pacer.readThrough(this, null);
      return { rows: 0, events: 0 };
    }
    const { rows, head, cut } = await this.nextRows(claim);
    if (rows.length === 0) {
      // Nothing of ours up to the head: this consumer has read everything appended so far.
      this.o.pacer.readThrough(this, head);
      return { rows: 0, events: 0 };
    }
    this.o.onBacklog?.(this.o.clock().getTime() - Number(rows[0].appended_at));
    const records = await this.o.decoded.decode(rows, (missing) => this.payloadsOf(missing));
    if (records.length > 0) await this.o.handler(records);
    await this.commit(claim, cut, records.length);
    return { rows: rows.length, events: records.length };
  }

  /** Where a held partition's next read starts. */
  private startOf(claim: Claim, partition: number): number {
    return Math.max(claim.offsets.get(partition)!, this.quietThrough);
  }

  /**
   * The next batch across this member's partitions and this group's topics, in log order, and how far it
   * covers them (`cut`: every row of the held partitions up to there is in the batch, so each of their
   * offsets may move there). One ordered index range per topic (per distinct offset, when partitions
   * taken over are behind the others), merged here: a single `topic IN (…) ORDER BY position` query makes
   * the database read and sort every matching row after the position (all of a lagging consumer's
   * backlog) on every poll, and a group whose topics are quiet would rescan the whole log since its last
   * match. All ranges are cut at the head read first: every position up to it has committed (appends
   * commit in position order), so a row appended between two reads cannot be passed over. When this log
   * instance appended (or read) every position up to the head, the cache answers instead.
   */
  private async nextRows(claim: Claim): Promise<{ rows: RangeRow[]; head: number; cut: number }> {
    const [top] = await this.db.query<{ head: number | null }>('SELECT MAX(position) AS head FROM event_log');
    const head = Number(top?.head ?? 0);
    const after = Math.min(...[...claim.offsets.keys()].map((p) => this.startOf(claim, p)));
    if (head <= after) return { rows: [], head, cut: head };
    const rows = await this.rangeThrough(claim, after, head);
    if (rows.length === 0) this.quietThrough = head;
    return { rows, head, cut: rows.length >= this.o.batchSize ? Number(rows[rows.length - 1].position) : head };
  }

  private async rangeThrough(claim: Claim, after: number, head: number): Promise<RangeRow[]> {
    const starts = new Map<number, number[]>();
    for (const p of claim.offsets.keys()) getOrCreate(starts, this.startOf(claim, p), () => []).push(p);
    // All-in-one's log has one partition: its member holds all of it from one offset, and reads as before.
    const whole = starts.size === 1 && claim.offsets.size === this.o.partitions;
    const keep = whole ? undefined : (partition: number, position: number) => claim.offsets.has(partition) && position > this.startOf(claim, partition);
    const cached = this.o.decoded.rangeOf(after, head, this.topics, this.o.batchSize, keep);
    if (cached) return cached;
    const columns = this.db.dialect === 'sqlite' ? 'position, topic, partition_key, partition_no, appended_at' : 'position, topic, partition_key, partition_no, appended_at, payload';
    const rows: RangeRow[] = [];
    for (const topic of this.o.topics) {
      for (const [start, partitions] of starts) {
        const sql = rangeQuery(columns, partitions.length === this.o.partitions ? null : partitions);
        rows.push(...(await this.db.query<RangeRow>(sql, [topic, start, head, this.o.batchSize])));
      }
    }
    if (this.o.topics.length > 1 || starts.size > 1) rows.sort((a, b) => Number(a.position) - Number(b.position));
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
          `SELECT position, topic, partition_key, partition_no, payload FROM event_log WHERE position IN (${chunk.map((_, j) => `$${j + 1}`).join(', ')})`,
          chunk.map((r) => r.position),
        )),
      );
    }
    return rows;
  }

  private async ensureClaim(): Promise<Claim | null> {
    const now = this.o.clock().getTime();
    const c = this.claim;
    const current = c && !this.rebalanceDue && now - c.checkedAt < this.heartbeatMs && c.validUntil - now > this.o.leaseMs / 2;
    // Partitions the assignment gave this member but another still held: asked for again on every poll
    // until that member lets them go (between its batches) or its lease runs out.
    if (current && c.offsets.size === c.wanted.length) return c;
    this.rebalanceDue = false;
    const next = await this.heartbeat(now);
    // Forgotten too when an offset went back (the group was reset): what it skipped is to be read again.
    if (!c || next.generation !== c.generation || [...next.offsets].some(([p, position]) => !c.offsets.has(p) || position < c.offsets.get(p)!)) this.quietThrough = 0;
    this.claim = next;
    return next;
  }

  /**
   * Renews this member's heartbeat, reads the live members, lets go of partitions the assignment gave to
   * others and takes the ones it gives this member that are free or whose lease expired. On PostgreSQL
   * the group's row is locked first (FOR UPDATE): heartbeats of one group take turns, commits (FOR SHARE)
   * wait for them, and every transaction touching the group's rows locks in the same order (group, then
   * partitions), so none deadlocks.
   */
  private async heartbeat(now: number): Promise<Claim> {
    const expires = now + this.o.leaseMs;
    const { group, owner } = this.o;
    const joining = !this.joined;
    let hint = false;
    const claim = await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO consumer_groups (group_id) VALUES ($1) ON CONFLICT (group_id) DO NOTHING', [group]);
      const [g] = (
        await tx.query<{ position: number; generation: number }>(
          `SELECT position, generation FROM consumer_groups WHERE group_id = $1${tx.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
          [group],
        )
      ).rows;
      await tx.query(
        'INSERT INTO consumer_members (group_id, member_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (group_id, member_id) DO UPDATE SET expires_at = excluded.expires_at',
        [group, owner, expires],
      );
      const members = (await tx.query<{ member_id: string; expires_at: number }>('SELECT member_id, expires_at FROM consumer_members WHERE group_id = $1', [group])).rows;
      const live = liveMembers(members.map((m) => ({ id: m.member_id, expiresAt: Number(m.expires_at) })), new Date(now));
      if (live.length < members.length) await tx.query('DELETE FROM consumer_members WHERE group_id = $1 AND expires_at <= $2', [group, now]);
      const wanted = assignPartitions(this.o.partitions, live, owner);
      const list = wanted.join(', ');
      const { affected: released } = await tx.query(
        `UPDATE consumer_partitions SET owner = NULL, lease_expires_at = 0 WHERE group_id = $1 AND owner = $2${wanted.length ? ` AND partition_no NOT IN (${list})` : ''}`,
        [group, owner],
      );
      const offsets = new Map<number, number>();
      if (wanted.length) {
        // A partition this group never held starts where the group is (its position before partitions, or 0).
        await tx.query(
          `INSERT INTO consumer_partitions (group_id, partition_no, position) VALUES ${wanted.map((p) => `($1, ${p}, $2)`).join(', ')} ON CONFLICT (group_id, partition_no) DO NOTHING`,
          [group, Number(g.position)],
        );
        const { rows } = await tx.query<{ partition_no: number; position: number }>(
          `UPDATE consumer_partitions SET owner = $2, lease_expires_at = $3
           WHERE group_id = $1 AND partition_no IN (${list}) AND (owner = $2 OR owner IS NULL OR lease_expires_at < $4)
           RETURNING partition_no, position`,
          [group, owner, expires, now],
        );
        for (const r of rows) offsets.set(Number(r.partition_no), Number(r.position));
      }
      // The others look again now: a member joined, or partitions were let go for them to take.
      hint = joining || released > 0;
      if (hint && tx.dialect === 'postgres') await tx.query('SELECT pg_notify($1, $2)', [this.o.notifyChannel, REBALANCE]);
      return { generation: Number(g.generation), offsets, validUntil: expires, wanted, checkedAt: now };
    });
    this.joined = true;
    if (hint && this.db.dialect === 'sqlite') this.hintOthers();
    return claim;
  }

  private hintOthers(): void {
    this.hinting = true;
    try {
      this.wakeups.notifyRebalance();
    } finally {
      this.hinting = false;
    }
  }

  /**
   * Moves every held partition's offset to `cut`, renewing their leases, if the group is still in the
   * generation this member read. A partition whose lease another member has taken meanwhile is left
   * alone (that member handles it from its own offset: at least once), and so is everything after a
   * reset. On PostgreSQL the generation is read under FOR SHARE, so a reset cannot commit between that
   * read and the update.
   */
  private async commit(claim: Claim, cut: number, handled: number): Promise<void> {
    const expires = this.o.clock().getTime() + this.o.leaseMs;
    const generation =
      this.db.dialect === 'postgres'
        ? 'WITH g AS (SELECT generation FROM consumer_groups WHERE group_id = $3 FOR SHARE) '
        : '';
    const current = this.db.dialect === 'postgres' ? '(SELECT generation FROM g)' : '(SELECT generation FROM consumer_groups WHERE group_id = $3)';
    const { affected } = await this.db.execute(
      `${generation}UPDATE consumer_partitions SET position = CASE WHEN position < $1 THEN $1 ELSE position END, lease_expires_at = $2
       WHERE group_id = $3 AND owner = $4 AND ${current} = $5`,
      [cut, expires, this.o.group, this.o.owner, claim.generation],
    );
    if (affected === claim.offsets.size) {
      for (const p of claim.offsets.keys()) claim.offsets.set(p, Math.max(claim.offsets.get(p)!, cut));
      claim.validUntil = expires;
      this.handledRecords += handled;
      this.o.pacer.readThrough(this, cut);
    } else {
      // Lost a lease or the group was reset: start again from whatever is committed now.
      if (affected > 0) this.handledRecords += handled;
      this.claim = null;
      this.o.pacer.readThrough(this, null);
    }
  }

  /** A clean stop: the partitions go to the others at once instead of after the lease. */
  private async leave(): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.query('SELECT 1 FROM consumer_groups WHERE group_id = $1 FOR UPDATE', [this.o.group]);
      await tx.query('UPDATE consumer_partitions SET owner = NULL, lease_expires_at = 0 WHERE group_id = $1 AND owner = $2', [this.o.group, this.o.owner]);
      await tx.query('DELETE FROM consumer_members WHERE group_id = $1 AND member_id = $2', [this.o.group, this.o.owner]);
      if (tx.dialect === 'postgres') await tx.query('SELECT pg_notify($1, $2)', [this.o.notifyChannel, REBALANCE]);
    });
    this.claim = null;
    if (this.db.dialect === 'sqlite') this.hintOthers();
  }
}

/**
 * One topic's next rows after a position, up to the head, in position order: $1 topic, $2 after, $3 head,
 * $4 limit; `partitions`: only these (null: all). Partition numbers come from the assignment (integers),
 * never from outside. `partition_no + 0` keeps the test out of the index condition: as an index
 * condition, an IN list made PostgreSQL's index scan return rows out of position order, and it sorted
 * the whole range again for every batch. The price: the other members' rows of the range are fetched
 * and dropped, which costs far less than a sort of everything behind.
 */
export function rangeQuery(columns: string, partitions: readonly number[] | null): string {
  const only = partitions ? ` AND partition_no + 0 IN (${[...partitions].sort((a, b) => a - b).join(', ')})` : '';
  return `SELECT ${columns} FROM event_log WHERE topic = $1 AND position > $2 AND position <= $3${only} ORDER BY position LIMIT $4`;
}
