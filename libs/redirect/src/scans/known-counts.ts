/**
 * The last count a recorder committed or read for each code, to predict the next batch's from (a code's
 * count only ever grows, and only recorders move it). Bounded: past `capacity` codes the one written
 * longest ago goes; a code without an entry is predicted from its cached row.
 */
export class KnownCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity = 100_000) {}

  /** The larger of what this recorder knows and `fromRow` (the count on the row the scans were judged by). */
  predict(qrId: string, fromRow: number): number {
    return Math.max(this.counts.get(qrId) ?? 0, Number(fromRow));
  }

  set(qrId: string, count: number): void {
    this.counts.delete(qrId);
    this.counts.set(qrId, count);
    if (this.counts.size > this.capacity) this.counts.delete(this.counts.keys().next().value as string);
  }
}
