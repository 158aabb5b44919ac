import { type Database } from '@qr/persistence';
import { type SecretBox } from './secret-box';

const COLUMNS = ['secret_sealed', 'previous_secret_sealed'] as const;

export interface ResealReport {
  /** Values this run sealed again with the newest key. */
  resealed: number;
  /** Values another writer changed while this run read them (a secret rotated): left to that writer. */
  skipped: number;
  /** Per key of the ring, newest first: how many stored values it still seals after the run. */
  keys: Array<{ key_id: string; newest: boolean; secrets: number }>;
  /** Values no key of the ring opens: a key was removed before its secrets were re-sealed. */
  unreadable: number;
}

/**
 * `npm run admin -- secrets reseal`: every sealed webhook secret (current and previous, deleted
 * endpoints included) not sealed with the newest key is opened and sealed again with it. Batches of
 * `batchSize` endpoints, each value written only if it is still what was read (compare and set),
 * so it runs beside the serving system and a rotate-secret meanwhile wins. Stopping and running it
 * again continues: values already on the newest key are passed over.
 */
export class ResealSecrets {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  async run(o: { batchSize?: number; onBatch?: (done: number) => void } = {}): Promise<ResealReport> {
    const batchSize = o.batchSize ?? 100;
    const newest = this.box.newestKeyId;
    let resealed = 0;
    let skipped = 0;
    let unreadable = 0;
    let done = 0;
    for (let after = ''; ;) {
      const rows = await this.db.query<{ id: string; secret_sealed: string; previous_secret_sealed: string | null }>(
        'SELECT id, secret_sealed, previous_secret_sealed FROM webhook_endpoints WHERE id > $1 ORDER BY id LIMIT $2',
        [after, batchSize],
      );
      if (!rows.length) break;
      for (const row of rows) {
        for (const column of COLUMNS) {
          const sealed = row[column];
          if (sealed === null) continue;
          const keyId = this.box.keyIdOf(sealed);
          if (keyId === null) {
            unreadable += 1;
            continue;
          }
          if (keyId === newest && sealed.startsWith('v2:')) continue;
          const again = this.box.seal(this.box.open(sealed));
          const { affected } = await this.db.execute(`UPDATE webhook_endpoints SET ${column} = $1 WHERE id = $2 AND ${column} = $3`, [again, row.id, sealed]);
          if (affected === 1) resealed += 1;
          else skipped += 1;
        }
      }
      after = rows[rows.length - 1].id;
      done += rows.length;
      o.onBatch?.(done);
    }
    // Read once more for the report, so it says what is stored now (another writer may have sealed meanwhile).
    return { resealed, skipped, unreadable, keys: await this.census() };
  }

  /** How many stored values each key of the ring seals (and how many none opens). */
  async census(): Promise<ResealReport['keys']> {
    const counts = new Map(this.box.keyIds.map((id) => [id, 0]));
    const rows = await this.db.query<{ secret_sealed: string; previous_secret_sealed: string | null }>(
      'SELECT secret_sealed, previous_secret_sealed FROM webhook_endpoints',
    );
    for (const row of rows) {
      for (const sealed of [row.secret_sealed, row.previous_secret_sealed]) {
        const keyId = sealed === null ? null : this.box.keyIdOf(sealed);
        if (keyId !== null) counts.set(keyId, counts.get(keyId)! + 1);
      }
    }
    return this.box.keyIds.map((id) => ({ key_id: id, newest: id === this.box.newestKeyId, secrets: counts.get(id)! }));
  }
}
