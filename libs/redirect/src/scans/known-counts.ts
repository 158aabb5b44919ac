interface Known {
  count: number;
  /** Whether the last prediction for the code, made before its batch, was its count. */
  right: boolean;
}

/**
 * The last count a recorder committed or read for each code, to predict the next batch's from (a code's
 * count only ever grows, and only recorders move it), and whether that prediction was right last time:
 * a code that other replicas scan too is mispredicted again and again, and its batches are better sent
 * the way that reads the count first. Bounded: past `capacity` codes the one written longest ago goes;
 * a code without an entry is predicted from its cached row, and expected to be right.
 */
export class KnownCounts {
  private readonly known = new Map<string, Known>();

  constructor(private readonly capacity = 100_000) {}

  /** The larger of what this recorder knows and `fromRow` (the count on the row the scans were judged by). */
  predict(qrId: string, fromRow: number): number {
    return Math.max(this.known.get(qrId)?.count ?? 0, Number(fromRow));
  }

  /** Whether the code's last prediction was right (true for a code this recorder has not counted yet). */
  predictable(qrId: string): boolean {
    return this.known.get(qrId)?.right ?? true;
  }

  /**
   * The code's count as committed or read under its lock; with `predictedRight`, also whether the
   * prediction made for it before its batch was that count (a batch counted again after a misprediction
   * says nothing of it).
   */
  set(qrId: string, count: number, predictedRight?: boolean): void {
    const right = predictedRight ?? this.known.get(qrId)?.right ?? true;
    this.known.delete(qrId);
    this.known.set(qrId, { count, right });
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value as string);
  }
}
