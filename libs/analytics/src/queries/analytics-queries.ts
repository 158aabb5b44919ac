import {
  aggregateDays,
  aggregateDimension,
  type AnalyticsRange,
  analyticsCsv,
  type BucketRow,
  type DimensionRow,
  parseAnalyticsQuery,
  splitForRollups,
} from '@qr/analytics-math';
import { type Clock, Errors, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';

const DIMENSIONS = ['device', 'country', 'os', 'browser', 'destination'] as const;

export type CodeAnalytics = Awaited<ReturnType<AnalyticsQueries['codeAnswer']>>;

/** Answers from the projection only: never a scan over raw events. */
export class AnalyticsQueries {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  /** One code. The gateway has checked the code belongs to the workspace and passes its timezone. */
  async forCode(qrId: string, codeTimezone: string, query: Record<string, unknown>): Promise<{ json: CodeAnalytics } | { csv: string }> {
    const parsed = parseAnalyticsQuery(query, { defaultTimezone: codeTimezone, today: this.clock() });
    if (!parsed.ok) throw Errors.validationFailed(parsed.errors, 'The query parameters are not valid.');
    const answer = await this.codeAnswer(qrId, parsed.range);
    return parsed.format === 'csv' ? { csv: analyticsCsv(answer) } : { json: answer };
  }

  private async codeAnswer(qrId: string, range: AnalyticsRange) {
    const split = splitForRollups(range);
    // Where every local day starts on a whole UTC hour (most zones, DST days included), the four
    // quarter-hours of an hour always share a day, so SQL may sum them: a quarter of the rows to read.
    const hourly = range.days.every((d) => d.startMs % 3_600_000 === 0);
    const rows = await this.db.query<BucketRow>(
      hourly
        ? `SELECT (bucket / 4) * 4 AS bucket, SUM(human) AS human, SUM(bot) AS bot, SUM(human_uniques) AS human_uniques, SUM(bot_uniques) AS bot_uniques
           FROM scan_buckets WHERE qr_id = $1 AND bucket >= $2 AND bucket < $3 GROUP BY bucket / 4`
        : 'SELECT bucket, human, bot, human_uniques, bot_uniques FROM scan_buckets WHERE qr_id = $1 AND bucket >= $2 AND bucket < $3',
      [qrId, Math.floor(split.startMs / 900_000), Math.ceil(split.endMs / 900_000)],
    );
    const days = aggregateDays(range, rows.map(numeric));
    const dims = await Promise.all(DIMENSIONS.map((dim) => this.dimension(qrId, dim, split, range.includeBots)));
    const [gate] = await this.db.query<{ page_views: number | string | null; unlocks: number | string | null }>(
      'SELECT SUM(page_views) AS page_views, SUM(unlocks) AS unlocks FROM password_gate_buckets WHERE qr_id = $1 AND bucket >= $2 AND bucket < $3',
      [qrId, Math.floor(split.startMs / 900_000), Math.ceil(split.endMs / 900_000)],
    );
    return {
      qr_id: qrId,
      from: range.from,
      to: range.to,
      timezone: range.timezone,
      ...days,
      by_device: dims[0].map((d) => ({ device: d.value, scans: d.scans })),
      by_country: dims[1].map((d) => ({ country: d.value, scans: d.scans })),
      by_os: dims[2].map((d) => ({ os: d.value, scans: d.scans })),
      by_browser: dims[3].map((d) => ({ browser: d.value, scans: d.scans })),
      by_destination: dims[4].map((d) => ({ destination: d.value, scans: d.scans })),
      password_page: { page_views: Number(gate?.page_views ?? 0), unlocks: Number(gate?.unlocks ?? 0) },
    };
  }

  /** Whole UTC days from the day rollup, the partial days at the edges from the 15-minute buckets. */
  private async dimension(qrId: string, dim: (typeof DIMENSIONS)[number], split: ReturnType<typeof splitForRollups>, includeBots: boolean) {
    const parts: string[] = [];
    const params: unknown[] = [qrId, dim];
    if (split.wholeUtcDays) {
      params.push(split.wholeUtcDays.first, split.wholeUtcDays.last);
      parts.push(`SELECT value, human, bot FROM scan_day_dims WHERE qr_id = $1 AND dim = $2 AND day >= $${params.length - 1} AND day <= $${params.length}`);
    }
    for (const edge of split.edgeBuckets) {
      params.push(edge.fromBucket, edge.toBucketExclusive);
      parts.push(
        `SELECT value, human, bot FROM scan_bucket_dims WHERE qr_id = $1 AND dim = $2 AND bucket >= $${params.length - 1} AND bucket < $${params.length}`,
      );
    }
    if (!parts.length) return aggregateDimension(dim, [], includeBots);
    const rows = await this.db.query<DimensionRow>(
      `SELECT value, SUM(human) AS human, SUM(bot) AS bot FROM (${parts.join(' UNION ALL ')}) parts GROUP BY value`,
      params,
    );
    return aggregateDimension(
      dim,
      rows.map((r) => ({ value: r.value === '' ? null : r.value, human: Number(r.human), bot: Number(r.bot) })),
      includeBots,
    );
  }

  /** The workspace (or one folder): totals by day and the top codes. Timezone defaults to UTC. */
  async forWorkspace(workspaceId: string, query: Record<string, unknown>) {
    const folderId = typeof query.folder_id === 'string' && query.folder_id !== '' ? query.folder_id : null;
    const parsed = parseAnalyticsQuery(query, { defaultTimezone: 'UTC', today: this.clock(), workspace: true });
    if (!parsed.ok) throw Errors.validationFailed(parsed.errors, 'The query parameters are not valid.');
    const { range } = parsed;
    const split = splitForRollups(range);
    const folderFilter = folderId ? ' AND b.qr_id IN (SELECT qr_id FROM codes WHERE workspace_id = $1 AND folder_id = $4)' : '';
    const params = [workspaceId, Math.floor(split.startMs / 900_000), Math.ceil(split.endMs / 900_000), ...(folderId ? [folderId] : [])];
    const rows = await this.db.query<BucketRow>(
      `SELECT b.bucket, SUM(b.human) AS human, SUM(b.bot) AS bot, SUM(b.human_uniques) AS human_uniques, SUM(b.bot_uniques) AS bot_uniques
       FROM scan_buckets b WHERE b.workspace_id = $1 AND b.bucket >= $2 AND b.bucket < $3${folderFilter} GROUP BY b.bucket`,
      params,
    );
    const scans = range.includeBots ? 'SUM(b.human + b.bot)' : 'SUM(b.human)';
    const top = await this.db.query<{ qr_id: string; name: string | null; scans: number }>(
      `SELECT b.qr_id, c.name, ${scans} AS scans FROM scan_buckets b LEFT JOIN codes c ON c.qr_id = b.qr_id
       WHERE b.workspace_id = $1 AND b.bucket >= $2 AND b.bucket < $3${folderFilter}
       GROUP BY b.qr_id, c.name HAVING ${scans} > 0 ORDER BY scans DESC, b.qr_id LIMIT 10`,
      params,
    );
    return {
      object: 'workspace_analytics' as const,
      folder_id: folderId,
      from: range.from,
      to: range.to,
      timezone: range.timezone,
      ...aggregateDays(range, rows.map(numeric)),
      top_codes: top.map((t) => ({ qr_id: t.qr_id, name: t.name, scans: Number(t.scans) })),
    };
  }
}

function numeric(r: BucketRow): BucketRow {
  return { bucket: Number(r.bucket), human: Number(r.human), bot: Number(r.bot), human_uniques: Number(r.human_uniques), bot_uniques: Number(r.bot_uniques) };
}
