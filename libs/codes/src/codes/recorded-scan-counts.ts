import { REDIRECT_COMMANDS } from '@qr/contracts';
import { errorText, type Log } from '@qr/domain';
import { type CommandBus } from '@qr/platform';
import { type QrCodeRecord } from './qr-code-record';

/** A read waits this long for redirect-service's counts before answering with qr-service's own. */
export const SCAN_COUNTS_TIMEOUT_MS = 1_000;
/** At most one warning per this many ms while redirect-service does not answer; the metric counts each. */
export const FALLBACK_WARNING_INTERVAL_MS = 60_000;

/**
 * The API's `scan_count` (and so `state: limit_reached`) as redirect-service recorded it: a scan's count
 * is committed in redirect-service's store before its answer is sent, so a read right after a scan
 * shows it, whatever the event pipeline's lag (all-in-one's background thread on a busy machine, or
 * Kafka). qr-service's own copy, kept from `qr.scanned` events, answers when redirect-service cannot
 * within a short budget (a read must not wait on a slow redirect-service); the larger of the two is
 * shown, since a count only grows.
 */
export class RecordedScanCounts {
  private warnedAt: number | null = null;
  private suppressed = 0;

  constructor(
    private readonly bus: CommandBus,
    private readonly log: Log,
    /** Called once per read answered with qr-service's own counts (`qr_scan_counts_fallback_total`). */
    private readonly onFallback: () => void = () => {},
  ) {}

  /** `ask` picks the records redirect-service may have counted scans of (a code created just now has none). */
  async apply(records: readonly QrCodeRecord[], ask: (r: QrCodeRecord) => boolean = () => true): Promise<QrCodeRecord[]> {
    const askedAbout = new Set(records.filter((r) => r.category === 'dynamic' && ask(r)));
    const asked = new Map<string, string[]>();
    for (const r of askedAbout) {
      const ids = asked.get(r.workspace_id) ?? [];
      ids.push(r.id);
      asked.set(r.workspace_id, ids);
    }
    if (asked.size === 0) return [...records];
    let counts: Map<string, Record<string, number>>;
    try {
      counts = new Map(await Promise.all([...asked].map(async ([workspaceId, ids]) => [workspaceId, await this.countsIn(workspaceId, ids)] as const)));
    } catch (err) {
      this.fellBack(err);
      return [...records];
    }
    return records.map((r) => {
      // Only a record asked about, from its own workspace's answer.
      const recorded = askedAbout.has(r) ? (counts.get(r.workspace_id)?.[r.id] ?? 0) : 0;
      return recorded > r.scan_count ? { ...r, scan_count: recorded } : r;
    });
  }

  private countsIn(workspaceId: string, ids: string[]): Promise<Record<string, number>> {
    return this.bus.send<Record<string, number>>(
      'redirect-service',
      REDIRECT_COMMANDS.scanCounts,
      { workspace_id: workspaceId, qr_ids: ids },
      { timeoutMs: SCAN_COUNTS_TIMEOUT_MS },
    );
  }

  private fellBack(err: unknown): void {
    this.onFallback();
    const now = Date.now();
    if (this.warnedAt !== null && now - this.warnedAt < FALLBACK_WARNING_INTERVAL_MS) {
      this.suppressed += 1;
      return;
    }
    this.log.event('warn', 'scan counts from redirect-service unavailable; answering with the counts from scan events', {
      error: errorText(err),
      suppressed_since_last_warning: this.suppressed,
    });
    this.warnedAt = now;
    this.suppressed = 0;
  }
}
