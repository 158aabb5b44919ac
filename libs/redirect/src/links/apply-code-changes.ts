import { type Clock, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type LinkCache } from './link-cache';
import { linkFromSnapshot } from './link-record';
import { type LinksRepository } from './links.repository';

export type LinkChange = { kind: 'upsert'; snapshot: Record<string, unknown> } | { kind: 'delete'; qr_id: string; revision: number };

/**
 * Applies code changes to the routing table (from qr-service's synchronous push or from the
 * `qr.code.*` events; either order, any number of times), then refreshes the cache from what is stored.
 */
export class ApplyCodeChanges {
  constructor(
    private readonly db: Database,
    private readonly links: LinksRepository,
    private readonly cache: LinkCache | null,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(changes: readonly LinkChange[]): Promise<void> {
    if (changes.length === 0) return;
    const stored = await this.db.transaction(async (tx) => {
      for (const change of changes) {
        if (change.kind === 'upsert') await this.links.upsertIfNewer(tx, linkFromSnapshot(change.snapshot));
        else await this.links.markDeleted(tx, change.qr_id, change.revision, this.clock().getTime());
      }
      const ids = [...new Set(changes.map((c) => (c.kind === 'upsert' ? String(c.snapshot.id) : c.qr_id)))];
      return Promise.all(ids.map((id) => this.links.findByQrId(id, tx)));
    });
    for (const link of stored) if (link) this.cache?.put(link);
  }
}
