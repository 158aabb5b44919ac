import { partitionOf } from '@qr/log-partitions';
import { type Database, type Tx } from '@qr/persistence';

/** A process configured with another partition count than the log it opens. */
export class PartitionCountMismatch extends Error {
  constructor(
    readonly stored: number,
    readonly configured: number,
  ) {
    super(
      `EVENT_LOG_PARTITIONS is ${configured} but this event log has ${stored} partitions; refusing to start. ` +
        `A log's partition count is fixed (each row's partition is stored, and a key moved to another partition would lose its order). ` +
        `Set EVENT_LOG_PARTITIONS=${stored}, or change the count as docs/operations.md describes (every deployable stopped, then \`npm run admin -- event-log repartition --partitions ${configured}\`).`,
    );
    this.name = 'PartitionCountMismatch';
  }
}

/** Rows re-stamped per read. */
const CHUNK = 2000;

/**
 * The log's partition count: the stored one, which must equal `configured`. A log that has none yet (new,
 * or migrated from before partitions) takes `configured`, and the rows it already has are put in the
 * partition of their key, so a key's earlier rows and its later ones are in one partition (in order, for
 * groups still behind and for replays). Runs under the appends' lock on PostgreSQL, so no append with
 * another count can come in between.
 */
export async function fixPartitionCount(db: Database, configured: number, appendLock: string): Promise<number> {
  return db.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [appendLock]);
    const [row] = (await tx.query<{ partitions: number | null }>('SELECT partitions FROM event_log_settings WHERE id = 1')).rows;
    const stored = row?.partitions == null ? null : Number(row.partitions);
    if (stored !== null && stored !== configured) throw new PartitionCountMismatch(stored, configured);
    if (stored === null) {
      await stampPartitions(tx, configured);
      await tx.query('UPDATE event_log_settings SET partitions = $1 WHERE id = 1', [configured]);
    }
    return configured;
  });
}

/**
 * Changes a log's partition count: every row is re-stamped, and each group restarts every partition from
 * the lowest offset it had committed in any of them (what was handled after that comes again: consumers
 * are idempotent). Members and leases are forgotten. Only with every producer and consumer of the log
 * stopped: a running process would go on appending and reading with the old count.
 */
export async function repartition(db: Database, partitions: number, appendLock: string): Promise<{ from: number | null; to: number; groups: number }> {
  return db.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [appendLock]);
    const [row] = (await tx.query<{ partitions: number | null }>('SELECT partitions FROM event_log_settings WHERE id = 1')).rows;
    await stampPartitions(tx, partitions);
    await tx.query('UPDATE event_log_settings SET partitions = $1 WHERE id = 1', [partitions]);
    const { rows } = await tx.query<{ group_id: string; low: number | null }>(
      `SELECT g.group_id, MIN(p.position) AS low FROM consumer_groups g LEFT JOIN consumer_partitions p ON p.group_id = g.group_id GROUP BY g.group_id`,
    );
    for (const g of rows) {
      if (g.low !== null) await tx.query('UPDATE consumer_groups SET position = $1 WHERE group_id = $2', [Number(g.low), g.group_id]);
    }
    await tx.query('DELETE FROM consumer_partitions');
    await tx.query('DELETE FROM consumer_members');
    return { from: row?.partitions == null ? null : Number(row.partitions), to: partitions, groups: rows.length };
  });
}

async function stampPartitions(tx: Tx, partitions: number): Promise<void> {
  if (partitions === 1) {
    await tx.query('UPDATE event_log SET partition_no = 0 WHERE partition_no <> 0');
    return;
  }
  for (let after = 0; ; ) {
    const { rows } = await tx.query<{ position: number; partition_key: string; partition_no: number }>(
      'SELECT position, partition_key, partition_no FROM event_log WHERE position > $1 ORDER BY position LIMIT $2',
      [after, CHUNK],
    );
    if (!rows.length) return;
    const moves = new Map<number, number[]>();
    for (const r of rows) {
      const p = partitionOf(r.partition_key, partitions);
      if (p !== Number(r.partition_no)) (moves.get(p) ?? moves.set(p, []).get(p)!).push(Number(r.position));
    }
    for (const [p, positions] of moves) {
      for (let i = 0; i < positions.length; i += 500) {
        const chunk = positions.slice(i, i + 500);
        await tx.query(`UPDATE event_log SET partition_no = $1 WHERE position IN (${chunk.map((_, j) => `$${j + 2}`).join(', ')})`, [p, ...chunk]);
      }
    }
    after = Number(rows[rows.length - 1].position);
  }
}
