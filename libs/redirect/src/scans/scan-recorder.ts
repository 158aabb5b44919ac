import { type EventEnvelope } from '@qr/contracts';
import { errorText, type Log } from '@qr/domain';
import { logRecordOf, type OutboxWriter, type StatementAppender, Waker } from '@qr/event-log';
import { type Database, type Tx } from '@qr/persistence';
import { DEFAULT_MILESTONES, milestonesReached } from '@qr/visitor';
import { limitReached, milestoneReached, scanned } from './scan-events';
import { KnownCounts } from './known-counts';
import { type RecordsScans, type ScanFacts, type ScanLink, type ScanOutcome } from './scan-link';

interface PendingScan {
  link: ScanLink;
  facts: ScanFacts;
  at: Date;
  resolve: (outcome: ScanOutcome) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 1000;

/** A batch this big means load: the next one gathers the scans just answered (see drain). */
const LOAD_BATCH = 16;

/** The longest a batch under load waits for the scans just answered to come back. */
const GATHER_MS = 2;

interface Counted {
  before: number;
  after: number;
  limit: number | null;
}

/** Where the recorder's events go: the store's outbox, and where the log can take them inside a statement, that (Outbox.statementAppender). */
export type ScanOutbox = Pick<OutboxWriter, 'add'> & { readonly statementAppender?: StatementAppender | null };

/**
 * Group commit for scans. Scans arriving while a transaction is in flight wait for the next one, so
 * under load one commit carries hundreds of scans, and an idle server commits each scan at once.
 * In each transaction a code's count moves once, by as many scans as its limit still allows (row
 * locks on PostgreSQL, taken in qr_id order; the single writer on SQLite): with limit N, exactly N
 * scans are ever admitted, whatever the concurrency and however many processes. Their `qr.scanned`
 * events, the one `qr.scan_limit_reached` and any milestones are written in the same transaction,
 * before any 302.
 *
 * A scan is counted only if its code's row, locked, is still the revision the scan was judged by
 * (ScanLink.revision): a redirect replica judges scans by its cached row without asking anyone
 * whether it is current, and this check, in the transaction that must run anyway, is what keeps a
 * change's very next scan from being answered by the row before it (a stale scan is judged again;
 * docs/architecture.md, "Codes, links and read-your-writes").
 *
 * On PostgreSQL, where the event log is in the same database, a batch is one statement: one round trip,
 * which commits by itself. The recorder predicts each code's count (the count it last committed or
 * read, KnownCounts, or the cached row's), works out the outcomes and events from that, and sends them
 * with the prediction; the statement locks the rows and moves a code's count and appends its events only
 * where the row holds exactly the predicted count at the judged revision. A code whose count another
 * replica moved meanwhile is counted again at once by the transaction that reads the count first (its
 * lock held from the read to the commit: two round trips), with the count just learnt; the batch's
 * other scans are answered before that. A batch of two round trips took about twice the time of one in
 * a replica (docs/benchmarks.md). A code mispredicted last time is expected to be again (other replicas
 * scan it too): while such codes hold more than half a batch's scans, the batch goes by that transaction
 * directly, which also tells whether a prediction would have been right, so a code that one replica
 * comes to scan alone goes back to the one statement.
 *
 * One transaction at a time on PostgreSQL too: with three in flight (measured, docs/benchmarks.md) the
 * 50 connections' scans were split into smaller batches, each costing the replica and PostgreSQL more
 * CPU per scan, and a replica did 30 % fewer redirects.
 *
 * Under load the next batch gathers for up to 2 ms: until the queue holds as many scans as the batch
 * just answered (those clients come back with their next scans) on top of those that arrived while it
 * committed. Without it a replica's 50 busy connections split into two halves taking turns, each
 * transaction carrying 25 scans for the cost of 50: a transaction's time hardly depends on its size.
 * Scans from many one-off visitors do not come back, so there a loaded batch waits the full 2 ms: up to
 * 2 ms more per scan, for fewer and larger commits. An idle server never waits (a batch under 16 scans
 * is not load, nor is one that ended more than 2 ms ago).
 */
export class ScanRecorder implements RecordsScans {
  private queue: PendingScan[] = [];
  private flushing: Promise<void> | null = null;
  /**
   * After a batch under load: how many scans the next batch should hold (those queued during its commit,
   * plus the clients it answered, who come back), and until when it may wait for them.
   */
  private next = { expected: 0, until: 0 };
  /** A batch is gathering: the queue reaching `next.expected` ends its wait. */
  private gathering = false;
  private readonly gathered = new Waker();
  /** What each code's count was when this recorder last committed or read it: the next batch's prediction. */
  private readonly counts = new KnownCounts();
  /**
   * For /metrics: commits by one statement and by a transaction (a batch with mispredicted codes makes
   * one of each), and codes whose count was mispredicted.
   */
  readonly tally = { statement: 0, transaction: 0, mispredicted: 0 };
  /** The one-statement path's SQL (the outbox's appender is the same for the recorder's life). */
  private predictedSql: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly outbox: ScanOutbox,
    private readonly log: Log,
    private readonly milestones: readonly number[] = DEFAULT_MILESTONES,
    private readonly onCommitted: (link: ScanLink, count: number) => void = () => undefined,
  ) {}

  record(link: ScanLink, facts: ScanFacts, at: Date): Promise<ScanOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ link, facts, at, resolve, reject });
      if (this.gathering && this.queue.length >= this.next.expected) {
        this.gathering = false;
        this.gathered.wake();
      }
      if (!this.flushing) this.flushing = this.drain();
    });
  }

  /** Waits for every accepted scan to be committed (graceful shutdown). */
  async drained(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.queue.length) {
      await this.gather();
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.commit(batch);
      } catch (err) {
        this.log.event('error', 'scan batch failed to commit', { scans: batch.length, error: errorText(err) });
        // Scans already answered (committed before the failure) keep their answer: a promise settles once.
        for (const scan of batch) scan.reject(err);
      }
    }
    this.flushing = null;
  }

  /**
   * Called as a batch is about to be answered: the scans queued meanwhile, plus its own callers, who come
   * back with their next scans (before any of them is answered: a caller that scans again at once would
   * otherwise be counted twice).
   */
  private expectBack(batch: readonly PendingScan[]): void {
    this.next = batch.length >= LOAD_BATCH ? { expected: Math.min(MAX_BATCH, this.queue.length + batch.length), until: performance.now() + GATHER_MS } : { expected: 0, until: 0 };
  }

  /** Waits, after a batch under load, until the scans expected next are queued or its time is up. */
  private async gather(): Promise<void> {
    const left = this.next.until - performance.now();
    if (this.queue.length >= this.next.expected || left <= 0) return;
    this.gathering = true;
    await this.gathered.wait(left);
    this.gathering = false;
  }

  /**
   * Commits the batch and answers each of its scans. One statement from predicted counts when the log
   * can take the events inside it and the codes predicted right last time hold at least half the
   * batch's scans; else the transaction that reads each count first (all of SQLite's batches).
   */
  private async commit(batch: readonly PendingScan[]): Promise<void> {
    const append = this.outbox.statementAppender;
    const predictable = batch.filter((scan) => this.counts.predictable(scan.link.qr_id)).length;
    if (append && this.db.dialect === 'postgres' && predictable * 2 >= batch.length) return this.commitPredicted(batch, append);
    const outcomes = await this.commitLocked(batch, true);
    this.expectBack(batch);
    answer(batch, outcomes);
  }

  /**
   * The batch in one transaction that reads and locks each code's count before it decides anything.
   * With `learn`, it also notes whether each code's count was what the recorder would have predicted
   * (not for a batch counted again after its misprediction: it was predicted from the count just read).
   */
  private async commitLocked(batch: readonly PendingScan[], learn: boolean): Promise<ScanOutcome[]> {
    // Its values (codes, counts, scan events: no visitor's address) may be written into the SQL text: two round trips.
    const outcomes = await this.db.transaction(async (tx) => {
      const { outcomes, asked } = judge(batch);
      const guesses = learn ? new Map([...asked].map(([qrId, { indexes }]) => [qrId, this.counts.predict(qrId, batch[indexes[0]].link.scan_count)])) : null;
      const counts = await this.count(tx, asked);
      for (const [qrId, { indexes }] of asked) if (!counts.has(qrId)) indexes.forEach((i) => (outcomes[i] = STALE));
      const events = this.settle(batch, asked, counts, outcomes);
      for (const [qrId, counted] of counts) {
        const right = guesses ? guesses.get(qrId) === counted.before : undefined;
        tx.afterCommit(() => this.counted(batch[asked.get(qrId)!.indexes[0]].link, counted.after, right));
      }
      await this.outbox.add(tx, events);
      return outcomes;
    }, { valuesInText: true });
    this.tally.transaction += 1;
    return outcomes;
  }

  /**
   * The batch in one statement, from predicted counts (see the class comment). Its scans are answered
   * as soon as it returns, those of codes found changed (a newer revision, deleted, gone) as stale, as
   * on the other path; codes whose count was not the predicted one are then counted again by
   * `commitLocked`, and their scans answered after it.
   */
  private async commitPredicted(batch: readonly PendingScan[], append: StatementAppender): Promise<void> {
    const { outcomes, asked } = judge(batch);
    const ids = [...asked.keys()];
    const predicted = new Map<string, Counted>();
    for (const [qrId, { indexes }] of asked) {
      const link = batch[indexes[0]].link;
      const before = this.counts.predict(qrId, link.scan_count);
      predicted.set(qrId, { before, after: countAfter(before, link.scan_limit, indexes.length), limit: link.scan_limit });
    }
    const events = this.settle(batch, asked, predicted, outcomes);
    const appending = append.prepare(events.map(logRecordOf));
    this.predictedSql ??= predictedCountSql(append);
    const rows = await this.db.prepared<PredictedRow>(PREDICTED_STATEMENT, this.predictedSql, [
      ids,
      ids.map((id) => asked.get(id)!.revision),
      ids.map((id) => predicted.get(id)!.before),
      ids.map((id) => predicted.get(id)!.after),
      ...appending.params,
    ]);
    this.tally.statement += 1;
    const byId = new Map(rows.map((row) => [row.qr_id, row]));
    const again: number[] = [];
    for (const [qrId, { revision, indexes }] of asked) {
      const row = byId.get(qrId);
      const link = batch[indexes[0]].link;
      const { before, after } = predicted.get(qrId)!;
      if (row?.held) {
        this.counted(link, after, true);
        continue;
      }
      if (row) this.counted(link, Number(row.scan_count), Number(row.scan_count) === before);
      if (!row || row.deleted_at !== null || Number(row.revision) > revision) indexes.forEach((i) => (outcomes[i] = STALE));
      else again.push(...indexes);
    }
    if (rows.some((row) => row.held)) appending.committed();
    const recount = new Set(again);
    this.expectBack(batch);
    batch.forEach((scan, i) => recount.has(i) || scan.resolve(outcomes[i]));
    if (again.length) {
      this.tally.mispredicted += new Set(again.map((i) => batch[i].link.qr_id)).size;
      const scans = again.map((i) => batch[i]);
      answer(scans, await this.commitLocked(scans, false));
    }
  }

  /**
   * Outcomes and events of each code's scans that were counted (`counts`: a code's count before and
   * after them), written into `outcomes`; returns the events to append.
   */
  private settle(batch: readonly PendingScan[], asked: ReadonlyMap<string, Asked>, counts: ReadonlyMap<string, Counted>, outcomes: ScanOutcome[]): EventEnvelope[] {
    const events: EventEnvelope[] = [];
    for (const [qrId, { indexes }] of asked) {
      const counted = counts.get(qrId);
      if (!counted) continue;
      const link = batch[indexes[0]].link;
      indexes.forEach((batchIndex, k) => {
        const scan = batch[batchIndex];
        if (counted.before + k >= counted.after) return void (outcomes[batchIndex] = LIMIT_REACHED);
        const scanNumber = counted.before + k + 1;
        outcomes[batchIndex] = { admitted: true, scanNumber };
        events.push(scanned(link, scan.facts, scanNumber, scan.at));
      });
      const lastAt = batch[indexes[indexes.length - 1]].at;
      if (counted.limit !== null && counted.before < counted.limit && counted.after === counted.limit) events.push(limitReached(link, counted.limit, lastAt));
      for (const m of milestonesReached(counted.before, counted.after, this.milestones)) events.push(milestoneReached(link, m, lastAt));
    }
    return events;
  }

  /** A code's count as committed (or read under its lock): the next prediction, and the cache's. */
  private counted(link: ScanLink, count: number, predictedRight?: boolean): void {
    this.counts.set(link.qr_id, count, predictedRight);
    this.onCommitted(link, count);
  }

  /**
   * Adds each code's scans of the batch to its count, never past its limit, when the row is still the
   * revision they were judged by; a code that changed since (a newer revision, deleted, gone) has no
   * entry and nothing moves. On PostgreSQL one statement locks every code of the batch (in qr_id order,
   * so two replicas' batches never deadlock), checks and moves them, and gives back each row as it was:
   * one round trip. The lock is what makes the check hold to the commit: a change to the row waits for it.
   */
  private async count(tx: Tx, asked: ReadonlyMap<string, Asked>): Promise<Map<string, Counted>> {
    const ids = [...asked.keys()];
    const postgres = tx.dialect === 'postgres';
    const rows = postgres
      ? (await tx.query<CountRow>(COUNT_SCANS_SQL, [ids, ids.map((id) => asked.get(id)!.indexes.length), ids.map((id) => asked.get(id)!.revision)])).rows
      : (await Promise.all(ids.map(async (qrId) => (await tx.query<CountRow>('SELECT qr_id, scan_count, scan_limit, revision, deleted_at FROM links WHERE qr_id = $1', [qrId])).rows[0]))).filter(Boolean);
    const counts = new Map<string, Counted>();
    for (const row of rows) {
      const wanted = asked.get(row.qr_id)!;
      if (row.deleted_at !== null || Number(row.revision) > wanted.revision) continue;
      const before = Number(row.scan_count);
      const limit = row.scan_limit === null ? null : Number(row.scan_limit);
      counts.set(row.qr_id, { before, after: countAfter(before, limit, wanted.indexes.length), limit });
    }
    // SQLite's single writer holds the database: the counts are moved here (PostgreSQL's statement moved them).
    if (!postgres) for (const [qrId, c] of counts) if (c.after !== c.before) await tx.query('UPDATE links SET scan_count = $1 WHERE qr_id = $2', [c.after, qrId]);
    return counts;
  }
}

const STALE: ScanOutcome = { admitted: false, stale: true };

function answer(scans: readonly PendingScan[], outcomes: readonly ScanOutcome[]): void {
  scans.forEach((scan, i) => scan.resolve(outcomes[i]));
}

const LIMIT_REACHED: ScanOutcome = { admitted: false, stale: false };

/** A code's scans in a batch: those judged by its newest revision there (the others are stale already). */
interface Asked {
  revision: number;
  indexes: number[];
}

/**
 * The batch's scans by code. Scans of one code judged by different rows (some before a refresh): only
 * those judged by the newest can be current; the others are stale at once.
 */
function judge(batch: readonly PendingScan[]): { outcomes: ScanOutcome[]; asked: Map<string, Asked> } {
  const outcomes: ScanOutcome[] = new Array(batch.length);
  const asked = new Map<string, Asked>();
  for (const [qrId, indexes] of groupBy(batch, (s) => s.link.qr_id)) {
    const revision = Math.max(...indexes.map((i) => batch[i].link.revision));
    const current: number[] = [];
    for (const i of indexes) {
      if (batch[i].link.revision === revision) current.push(i);
      else outcomes[i] = STALE;
    }
    asked.set(qrId, { revision, indexes: current });
  }
  return { outcomes, asked };
}

/** A code's count once `n` more scans ask to be counted: never past its limit, never down. */
function countAfter(before: number, limit: number | null, n: number): number {
  return limit === null ? before + n : Math.max(before, Math.min(limit, before + n));
}

/**
 * $1 the batch's codes, $2 how many scans each, $3 the revision they were judged by. `locked` takes
 * the row locks and reads each row as it is once locked (a batch committed meanwhile by another
 * replica included); the UPDATE moves the rows still at that revision and not deleted, by the rule of
 * countAfter (a code at its limit is not written); the rows come back as they were before.
 */
const COUNT_SCANS_SQL = `WITH locked AS (
  SELECT qr_id, scan_count, scan_limit, revision, deleted_at FROM links WHERE qr_id = ANY($1::text[]) ORDER BY qr_id FOR UPDATE
), moved AS (
  UPDATE links SET scan_count = CASE
      WHEN locked.scan_limit IS NULL THEN locked.scan_count + asked.n
      ELSE GREATEST(locked.scan_count, LEAST(locked.scan_limit, locked.scan_count + asked.n)) END
  FROM locked JOIN unnest($1::text[], $2::int[], $3::int[]) AS asked(qr_id, n, revision) ON asked.qr_id = locked.qr_id
  WHERE links.qr_id = locked.qr_id AND (locked.scan_limit IS NULL OR locked.scan_count < locked.scan_limit)
    AND locked.revision <= asked.revision AND locked.deleted_at IS NULL
  RETURNING links.qr_id
)
SELECT qr_id, scan_count, scan_limit, revision, deleted_at FROM locked`;

/** The prepared statement's name on each connection (Database.prepared). */
const PREDICTED_STATEMENT = 'qr_record_scans';

/**
 * $1 the batch's codes, $2 the revision their scans were judged by, $3 the count predicted before them,
 * $4 the count after them by that prediction (countAfter), then the log's append. `locked` takes the
 * row locks in qr_id order (so two replicas' batches never deadlock) and reads each row as it is once
 * locked; `held` is the codes whose row has exactly the predicted count at that revision or an older
 * one, not deleted: only their counts move and only their events go in (the recorder's events are all
 * keyed by their code). Every code's row comes back, with whether it held. The log's lock, taken by the
 * append, comes after the row locks. `moved` decides by `held` alone, never by the row as the
 * statement's snapshot saw it: the UPDATE reads that version first and only then moves to the locked
 * one, so a test on its count could skip a row that `held` counted.
 */
function predictedCountSql(append: StatementAppender): string {
  return `WITH asked AS (
  SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS a(qr_id, revision, before, after)
), locked AS (
  SELECT qr_id, scan_count, revision, deleted_at FROM links WHERE qr_id = ANY($1::text[]) ORDER BY qr_id FOR UPDATE
), held AS (
  SELECT asked.qr_id, asked.before, asked.after FROM asked JOIN locked ON locked.qr_id = asked.qr_id
  WHERE locked.scan_count = asked.before AND locked.revision <= asked.revision AND locked.deleted_at IS NULL
), moved AS (
  UPDATE links SET scan_count = held.after FROM held WHERE links.qr_id = held.qr_id AND held.after <> held.before
), appended AS (
  ${append.insertSql(5, 'SELECT qr_id FROM held')}
)
SELECT locked.qr_id, locked.scan_count, locked.revision, locked.deleted_at, held.qr_id IS NOT NULL AS held FROM locked LEFT JOIN held ON held.qr_id = locked.qr_id`;
}

interface PredictedRow {
  qr_id: string;
  scan_count: number;
  revision: number;
  deleted_at: number | null;
  held: boolean;
}

interface CountRow {
  qr_id: string;
  scan_count: number;
  scan_limit: number | null;
  revision: number;
  deleted_at: number | null;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(i);
    else groups.set(k, [i]);
  });
  return groups;
}
