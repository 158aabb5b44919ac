import { type EventEnvelope, type QrCodeCreatedV1, type QrCodeUpdatedV1, type QrPasswordGateV1, type QrScannedV1 } from '@qr/contracts';
import { bucketOf, utcDayOf } from '@qr/analytics-math';
import { type Clock, getOrCreate, systemClock } from '@qr/domain';
import { type Database, insertOf, type Tx } from '@qr/persistence';
import { PROJECTION_GROUP } from './rebuild-projection';
import { upsertAdding } from './upsert-adding';

const DIMENSIONS = ['device', 'country', 'os', 'browser', 'destination', 'link_type'] as const;
/** Kept only for scans that have a value: only a GS1 resolution serves a link type, and other scans need no rows for it. */
const ONLY_WHEN_SET = new Set<(typeof DIMENSIONS)[number]>(['link_type']);

type Counts = { human: number; bot: number; human_uniques: number; bot_uniques: number };

/**
 * Applies a batch of events to the projection in one transaction, idempotent on the event id: an
 * event already recorded in processed_events is skipped, so a redelivered or replayed batch changes
 * no figure. Scans are aggregated in memory first, so a batch of 500 becomes a few dozen upserts.
 */
export class ScanProjection {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async apply(events: readonly EventEnvelope[]): Promise<number> {
    if (!events.length) return 0;
    return this.db.transaction(async (tx) => {
      const fresh = await this.claim(tx, events);
      const scans = fresh.filter((e) => e.type === 'qr.scanned');
      await this.applyScans(tx, scans as EventEnvelope<'qr.scanned', QrScannedV1>[]);
      await this.applyPasswordGate(tx, fresh.filter((e) => e.type === 'qr.password_gate') as EventEnvelope<'qr.password_gate', QrPasswordGateV1>[]);
      for (const e of fresh) if (e.type.startsWith('qr.code.')) await this.applyCode(tx, e);
      return fresh.length;
    });
  }

  /** Records the batch's event ids; returns only the events not applied before. */
  private async claim(tx: Tx, events: readonly EventEnvelope[]): Promise<EventEnvelope[]> {
    const now = this.clock().getTime();
    const fresh = new Set<string>();
    for (let i = 0; i < events.length; i += 200) {
      const claims = events.slice(i, i + 200).map((e) => ({ consumer: PROJECTION_GROUP, event_id: e.id, processed_at: now }));
      const [insert, params] = insertOf('processed_events', claims);
      const { rows } = await tx.query<{ event_id: string }>(`${insert} ON CONFLICT DO NOTHING RETURNING event_id`, params);
      for (const r of rows) fresh.add(r.event_id);
    }
    const seen = new Set<string>();
    return events.filter((e) => fresh.has(e.id) && !seen.has(e.id) && seen.add(e.id));
  }

  private async applyScans(tx: Tx, events: EventEnvelope<'qr.scanned', QrScannedV1>[]): Promise<void> {
    if (!events.length) return;
    const scans = placeScans(events);
    const newVisitors = await this.newVisitors(tx, scans);
    // Scans that differ in nothing the projection keeps are counted together first: one key per scan,
    // then each group updates its bucket and its ten dimension rows once.
    const groups = new Map<string, { scan: PlacedScan; counts: Counts }>();
    for (const scan of scans) {
      const d = scan.e.data;
      const key = `${d.qr_id}|${scan.bucket}|${d.is_bot ? 1 : 0}|${d.device ?? ''}|${d.country ?? ''}|${d.os ?? ''}|${d.browser ?? ''}|${d.destination ?? ''}|${d.link_type ?? ''}`;
      const counts = getOrCreate(groups, key, () => ({ scan, counts: { human: 0, bot: 0, human_uniques: 0, bot_uniques: 0 } })).counts;
      counts[d.is_bot ? 'bot' : 'human'] += 1;
      if (newVisitors.has(scan)) counts[d.is_bot ? 'bot_uniques' : 'human_uniques'] += 1;
    }
    const buckets = new Map<string, Counts & { qr_id: string; bucket: number; workspace_id: string }>();
    const bucketDims = new Map<string, { qr_id: string; bucket: number; dim: string; value: string; human: number; bot: number }>();
    const dayDims = new Map<string, { qr_id: string; day: string; dim: string; value: string; human: number; bot: number }>();
    for (const { scan, counts } of groups.values()) {
      const { e, bucket, day } = scan;
      const qrId = e.data.qr_id;
      const b = getOrCreate(buckets, `${qrId}|${bucket}`, () => ({
        qr_id: qrId,
        bucket,
        workspace_id: e.workspace_id,
        human: 0,
        bot: 0,
        human_uniques: 0,
        bot_uniques: 0,
      }));
      b.human += counts.human;
      b.bot += counts.bot;
      b.human_uniques += counts.human_uniques;
      b.bot_uniques += counts.bot_uniques;
      for (const dim of DIMENSIONS) {
        const value = e.data[dim] ?? '';
        if (value === '' && ONLY_WHEN_SET.has(dim)) continue;
        const bd = getOrCreate(bucketDims, `${qrId}|${bucket}|${dim}|${value}`, () => ({ qr_id: qrId, bucket, dim, value, human: 0, bot: 0 }));
        const dd = getOrCreate(dayDims, `${qrId}|${day}|${dim}|${value}`, () => ({ qr_id: qrId, day, dim, value, human: 0, bot: 0 }));
        bd.human += counts.human;
        bd.bot += counts.bot;
        dd.human += counts.human;
        dd.bot += counts.bot;
      }
    }
    await upsertAdding(tx, 'scan_buckets', ['qr_id', 'bucket'], ['human', 'bot', 'human_uniques', 'bot_uniques'], [...buckets.values()]);
    await upsertAdding(tx, 'scan_bucket_dims', ['qr_id', 'dim', 'bucket', 'value'], ['human', 'bot'], [...bucketDims.values()]);
    await upsertAdding(tx, 'scan_day_dims', ['qr_id', 'dim', 'day', 'value'], ['human', 'bot'], [...dayDims.values()]);
  }

  /**
   * The scans whose (code, UTC day, visitor hash) was not seen before: each such scan is a new unique
   * scanner. Only the first scan of a visitor in the batch can be one.
   */
  private async newVisitors(tx: Tx, scans: readonly PlacedScan[]): Promise<Set<PlacedScan>> {
    const firstOf = new Map<string, PlacedScan>();
    for (const scan of scans) {
      const key = `${scan.e.data.qr_id}|${scan.day}|${scan.e.data.visitor_hash}`;
      if (!firstOf.has(key)) firstOf.set(key, scan);
    }
    const keys = [...firstOf.keys()];
    const fresh = new Set<PlacedScan>();
    for (let i = 0; i < keys.length; i += 200) {
      const chunk = keys
        .slice(i, i + 200)
        .map((k) => k.split('|'))
        .map(([qr_id, day, visitor_hash]) => ({ qr_id, day, visitor_hash }));
      const [insert, params] = insertOf('visitor_days', chunk);
      const { rows } = await tx.query<{ qr_id: string; day: string; visitor_hash: string }>(
        `${insert} ON CONFLICT DO NOTHING RETURNING qr_id, day, visitor_hash`,
        params,
      );
      for (const r of rows) fresh.add(firstOf.get(`${r.qr_id}|${r.day}|${r.visitor_hash}`)!);
    }
    return fresh;
  }

  /** Password page views and unlocks, summed per code and 15-minute bucket. */
  private async applyPasswordGate(tx: Tx, events: EventEnvelope<'qr.password_gate', QrPasswordGateV1>[]): Promise<void> {
    const rows = new Map<string, { qr_id: string; bucket: number; page_views: number; unlocks: number }>();
    for (const e of events) {
      const bucket = bucketOf(Date.parse(e.data.at));
      const row = getOrCreate(rows, `${e.data.qr_id}|${bucket}`, () => ({ qr_id: e.data.qr_id, bucket, page_views: 0, unlocks: 0 }));
      row[e.data.outcome === 'unlock' ? 'unlocks' : 'page_views'] += 1;
    }
    await upsertAdding(tx, 'password_gate_buckets', ['qr_id', 'bucket'], ['page_views', 'unlocks'], [...rows.values()]);
  }

  private async applyCode(tx: Tx, e: EventEnvelope): Promise<void> {
    if (e.type === 'qr.code.deleted') {
      await tx.query('UPDATE codes SET deleted_at = $1 WHERE qr_id = $2', [Date.parse(e.occurred_at), e.qr_id]);
      return;
    }
    const s = (e.data as QrCodeCreatedV1 | QrCodeUpdatedV1).snapshot;
    await tx.query(
      `INSERT INTO codes (qr_id, workspace_id, name, folder_id, timezone, deleted_at, revision) VALUES ($1, $2, $3, $4, $5, NULL, $6)
       ON CONFLICT (qr_id) DO UPDATE SET name = excluded.name, folder_id = excluded.folder_id, timezone = excluded.timezone, revision = excluded.revision
       WHERE codes.revision < excluded.revision`,
      [String(s.id), e.workspace_id, String(s.name), (s.folder_id as string | null) ?? null, String(s.timezone ?? 'UTC'), Number(s.revision ?? 0)],
    );
  }
}

interface PlacedScan {
  e: EventEnvelope<'qr.scanned', QrScannedV1>;
  bucket: number;
  day: string;
}

/** Each scan with its 15-minute bucket and UTC day; the day is worked out once per bucket. */
function placeScans(events: readonly EventEnvelope<'qr.scanned', QrScannedV1>[]): PlacedScan[] {
  const dayOfBucket = new Map<number, string>();
  return events.map((e) => {
    const at = Date.parse(e.data.scanned_at);
    const bucket = bucketOf(at);
    return { e, bucket, day: getOrCreate(dayOfBucket, bucket, () => utcDayOf(at)) };
  });
}
