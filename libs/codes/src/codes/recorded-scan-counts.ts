import { REDIRECT_COMMANDS } from '@qr/contracts';
import { errorText, type Log } from '@qr/domain';
import { type CommandBus } from '@qr/platform';
import { type QrCodeRecord } from './qr-code-record';

/**
 * The API's `scan_count` (and so `state: limit_reached`) as redirect-service recorded it: a scan's count
 * is committed in redirect-service's store before its answer is sent, so a read right after a scan
 * shows it, whatever the event pipeline's lag (all-in-one's background thread on a busy machine, or
 * Kafka). qr-service's own copy, kept from `qr.scanned` events, answers only when redirect-service
 * cannot; the larger of the two is shown, since a count only grows.
 */
export class RecordedScanCounts {
  constructor(
    private readonly bus: CommandBus,
    private readonly log: Log,
  ) {}

  async apply(records: readonly QrCodeRecord[]): Promise<QrCodeRecord[]> {
    const ids = records.filter((r) => r.category === 'dynamic').map((r) => r.id);
    if (ids.length === 0) return [...records];
    let counts: Record<string, number>;
    try {
      counts = await this.bus.send<Record<string, number>>('redirect-service', REDIRECT_COMMANDS.scanCounts, { qr_ids: ids });
    } catch (err) {
      this.log.event('warn', 'scan counts from redirect-service unavailable; answering with the counts from scan events', { error: errorText(err) });
      return [...records];
    }
    return records.map((r) => ((counts[r.id] ?? 0) > r.scan_count ? { ...r, scan_count: counts[r.id] } : r));
  }
}
