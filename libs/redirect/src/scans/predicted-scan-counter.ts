import { type EventEnvelope } from '@qr/contracts';
import { logRecordOf, type StatementAppender } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { KnownCounts } from './known-counts';
import {
  byCode,
  countAfter,
  type CodeScans,
  type Counted,
  countedFrom,
  type LockedLinkRow,
  outcomesInOrder,
  type ScanToCount,
  settle,
  STALE,
} from './scan-batch';
import { type OnCounted, PartlyCounted, type ScanCounter, type ScanOutbox } from './scan-counter';
import { type ScanOutcome } from './scan-link';

/**
 * PostgreSQL's fast way to count a batch, with the same answers as LockedScanCounter (the reference;
 * scan-counters.differential.int-spec.ts holds the two to that). A batch is one statement: one round
 * trip, which commits by itself, where the reference takes a round trip per code and two more.
 *
 * The counter predicts each code's count (the count it last committed or read, KnownCounts, or the
 * cached row's), works out the outcomes and events from that, and sends them with the prediction; the
 * statement locks the rows and moves a code's count and appends its events only where the row holds
 * exactly the predicted count at the judged revision. A code whose count another replica moved meanwhile
 * is counted again at once by a transaction that reads the count first (its lock held from the read to
 * the commit: two round trips), with the count just learnt. A code mispredicted last time is expected to
 * be again (other replicas scan it too): while such codes hold more than half a batch's scans, the batch
 * goes by that transaction directly, which also tells whether a prediction would have been right, so a
 * code that one replica comes to scan alone goes back to the one statement.
 */
export class PredictedScanCounter implements ScanCounter {
  readonly tally = { statement: 0, transaction: 0, mispredicted: 0 };
  /** What each code's count was when this counter last committed or read it: the next batch's prediction. */
  private readonly counts = new KnownCounts();
  private readonly predictedSql: string;

  constructor(
    private readonly db: Database,
    private readonly outbox: ScanOutbox,
    private readonly appender: StatementAppender,
    private readonly milestones: readonly number[],
    private readonly onCounted: OnCounted = () => undefined,
  ) {
    this.predictedSql = predictedCountSql(appender);
  }

  async count(batch: readonly ScanToCount[]): Promise<ScanOutcome[]> {
    const predictable = batch.filter((scan) => this.counts.predictable(scan.link.qr_id)).length;
    if (predictable * 2 < batch.length) return outcomesInOrder(batch, await this.countLocked(byCode(batch), true));
    const outcomes = await this.countPredicted(byCode(batch));
    return outcomesInOrder(batch, outcomes);
  }

  /**
   * The batch in one statement, from predicted counts. Codes found changed (a newer revision, deleted,
   * gone) are stale; codes whose count was not the predicted one are counted again by `countLocked`.
   */
  private async countPredicted(codes: CodeScans[]): Promise<Map<ScanToCount, ScanOutcome>> {
    const outcomes = new Map<ScanToCount, ScanOutcome>();
    const predicted = new Map<CodeScans, Counted>();
    const events: EventEnvelope[] = [];
    for (const code of codes) {
      const before = this.counts.predict(code.qrId, code.link.scan_count);
      const counted = { before, after: countAfter(before, code.link.scan_limit, code.scans.length), limit: code.link.scan_limit };
      predicted.set(code, counted);
      events.push(...settle(code, counted, this.milestones, outcomes));
    }
    const appending = this.appender.prepare(events.map(logRecordOf));
    const rows = await this.db.prepared<PredictedRow>(PREDICTED_STATEMENT, this.predictedSql, [
      codes.map((c) => c.qrId),
      codes.map((c) => c.revision),
      codes.map((c) => predicted.get(c)!.before),
      codes.map((c) => predicted.get(c)!.after),
      ...appending.params,
    ]);
    this.tally.statement += 1;
    if (rows.some((row) => row.held)) appending.committed();
    const byId = new Map(rows.map((row) => [row.qr_id, row]));
    const again: CodeScans[] = [];
    for (const code of codes) {
      const row = byId.get(code.qrId);
      const { before, after } = predicted.get(code)!;
      if (row?.held) {
        this.counted(code, after, true);
        continue;
      }
      for (const scan of code.scans) outcomes.set(scan, STALE);
      if (!row) continue;
      this.counted(code, Number(row.scan_count), Number(row.scan_count) === before);
      if (row.deleted_at === null && Number(row.revision) <= code.revision) again.push(code);
    }
    if (again.length) {
      this.tally.mispredicted += again.length;
      for (const code of again) for (const scan of code.scans) outcomes.delete(scan);
      let recounted: Map<ScanToCount, ScanOutcome>;
      try {
        recounted = await this.countLocked(again, false);
      } catch (err) {
        throw new PartlyCounted(outcomes, err);
      }
      for (const [scan, outcome] of recounted) outcomes.set(scan, outcome);
      // Scans of codes found changed by the recount: stale (outcomesInOrder's default).
    }
    return outcomes;
  }

  /**
   * The codes' scans in one transaction that reads and locks each count before it decides anything
   * (COUNT_SCANS_SQL: the reference's transaction in one statement). With `learn`, it also notes whether
   * each code's count was what the counter would have predicted (not for codes counted again after a
   * misprediction: they were predicted from the count just read).
   */
  private async countLocked(codes: CodeScans[], learn: boolean): Promise<Map<ScanToCount, ScanOutcome>> {
    const outcomes = new Map<ScanToCount, ScanOutcome>();
    // Its values (codes, counts, scan events: no visitor's address) may be written into the SQL text: two round trips.
    await this.db.transaction(
      async (tx) => {
        const guesses = new Map(codes.map((c) => [c, this.counts.predict(c.qrId, c.link.scan_count)]));
        const { rows } = await tx.query<LockedLinkRow>(COUNT_SCANS_SQL, [
          codes.map((c) => c.qrId),
          codes.map((c) => c.scans.length),
          codes.map((c) => c.revision),
        ]);
        const byId = new Map(rows.map((row) => [row.qr_id, row]));
        const events: EventEnvelope[] = [];
        for (const code of codes) {
          const counted = countedFrom(byId.get(code.qrId), code);
          if (!counted) continue;
          events.push(...settle(code, counted, this.milestones, outcomes));
          const right = learn ? guesses.get(code) === counted.before : undefined;
          tx.afterCommit(() => this.counted(code, counted.after, right));
        }
        await this.outbox.add(tx, events);
      },
      { valuesInText: true },
    );
    this.tally.transaction += 1;
    return outcomes;
  }

  /** A code's count as committed (or read under its lock): the next prediction, and the cache's. */
  private counted(code: CodeScans, count: number, predictedRight?: boolean): void {
    this.counts.set(code.qrId, count, predictedRight);
    this.onCounted(code.link, count);
  }
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
 * one, not deleted: only their counts move and only their events go in (the counter's events are all
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
