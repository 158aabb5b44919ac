import { type LinkChange } from '@qr/contracts';
import { type Clock, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type LinkCache } from './link-cache';
import { linkFromSnapshot, type LinkRecord } from './link-record';
import { type LinkRevisions } from './link-revisions';
import { type LinksRepository } from './links.repository';

/**
 * Applies code changes to the routing table (from qr-service's synchronous push or from the
 * `qr.code.*` events; either order, any number of times), then refreshes the cache from what is stored.
 * With several replicas it then raises each code's revision in Redis (even when this change was
 * already applied: an earlier apply may have committed and failed to raise it), and fails if it
 * cannot: qr-service answers the API only after a push that succeeded, and the event is retried.
 */
export class ApplyCodeChanges {
  constructor(
    private readonly db: Database,
    private readonly links: LinksRepository,
    private readonly cache: LinkCache | null,
    private readonly revisions: LinkRevisions | null = null,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(changes: readonly LinkChange[]): Promise<void> {
    if (changes.length === 0) return;
    const ids = [...new Set(changes.map((c) => (c.kind === 'upsert' ? String(c.snapshot.id) : c.qr_id)))];
    const { before, after } = await this.db.transaction(async (tx) => {
      // Only an update can move a code's route key: a creation (revision 1) never applies over a stored row, and a delete keeps the path.
      const updated = new Set(changes.flatMap((c) => (c.kind === 'upsert' && Number(c.snapshot.revision) > 1 ? [String(c.snapshot.id)] : [])));
      const before = await Promise.all(ids.map((id) => (updated.has(id) ? this.links.findByQrId(id, tx) : null)));
      for (const change of changes) {
        if (change.kind === 'upsert') await this.links.upsertIfNewer(tx, linkFromSnapshot(change.snapshot));
        else await this.links.markDeleted(tx, change.qr_id, change.revision, this.clock().getTime());
      }
      return { before, after: await Promise.all(ids.map((id) => this.links.findByQrId(id, tx))) };
    });
    const links = after.filter((link): link is LinkRecord => link !== null);
    // A short code changed on PATCH: the old path names nothing now. Its key is raised too, so a replica's cached row under it is not trusted.
    const moved = after.flatMap((link, i) => {
      const old = before[i];
      return link && old && old.route_key !== link.route_key ? [{ route_key: old.route_key, revision: link.revision }] : [];
    });
    await this.revisions?.raise([...links, ...moved]);
    for (const old of moved) this.cache?.forget(old.route_key);
    for (const link of links) this.cache?.put(link);
  }
}
