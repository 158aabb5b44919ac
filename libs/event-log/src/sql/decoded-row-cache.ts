import type { ConsumedRecord } from '../event-log.port';

type Row = { position: number; topic: string; partition_key: string; payload: string };

/**
 * Decoded rows by log position, shared by every consumer group of one log instance. In all-in-one the
 * projection, the dispatcher and qr-service read the same rows moments apart; each row is parsed and
 * checked against its schema once. Rows that failed validation are remembered as such (null).
 */
export class DecodedRowCache {
  private readonly entries = new Map<number, ConsumedRecord | null>();

  constructor(private readonly capacity: number) {}

  decode(rows: readonly Row[], decodeMissing: (rows: Row[]) => ConsumedRecord[]): ConsumedRecord[] {
    const missing = rows.filter((r) => !this.entries.has(Number(r.position)));
    if (missing.length) {
      const decoded = new Map(decodeMissing(missing).map((r) => [Number(r.position), r]));
      for (const r of missing) this.remember(Number(r.position), decoded.get(Number(r.position)) ?? null);
    }
    return rows.map((r) => this.entries.get(Number(r.position))).filter((r): r is ConsumedRecord => !!r);
  }

  private remember(position: number, record: ConsumedRecord | null): void {
    this.entries.set(position, record);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as number);
  }
}
