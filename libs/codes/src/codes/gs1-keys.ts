import { digitalLinkPath, type Gs1Content, gs1ContentKey } from '@qr/gs1';
import { Errors, fieldError } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { type QrCodeRecord } from './qr-code-record';

/*
 * One live `gs1` code per host and level: the resolver answers `/01/{gtin}/10/{lot}` on a host with
 * exactly one code. The key is the host (the verified custom domain's id, '' for the platform's
 * default host, which every workspace shares) and the canonical Digital Link path (GTIN-14, cpv, lot,
 * serial). A key is claimed in the create transaction and released when the code is deleted; a
 * code's key cannot change (its URI is printed).
 */

/** The host and path a `gs1` record answers at; null for other types. */
export function gs1KeyOf(record: Pick<QrCodeRecord, 'type' | 'content' | 'custom_domain_id'>): { host: string; path: string } | null {
  if (record.type !== 'gs1') return null;
  return { host: record.custom_domain_id ?? '', path: digitalLinkPath(gs1ContentKey(record.content as unknown as Gs1Content)) };
}

const TAKEN =
  'a gs1 code for this GTIN and qualifiers already exists on this host (the default host is shared by every workspace; a verified custom domain is yours alone)';

/** The 422 for a key that is taken, at the content of the item. */
export function gs1KeyTaken(pointer: string) {
  return Errors.validationFailed([fieldError(`${pointer}/content`, 'taken', TAKEN)]);
}

export class Gs1Keys {
  constructor(private readonly db: Database) {}

  /** Claims the record's key in `tx`; throws the 422 when a live code has it. */
  async claim(tx: Tx, record: Pick<QrCodeRecord, 'id' | 'type' | 'content' | 'custom_domain_id'>, pointer = ''): Promise<void> {
    const key = gs1KeyOf(record);
    if (!key) return;
    const { affected } = await tx.query('INSERT INTO gs1_keys (host, path, qr_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [key.host, key.path, record.id]);
    if (affected !== 1) throw gs1KeyTaken(pointer);
  }

  async release(tx: Tx, qrId: string): Promise<void> {
    await tx.query('DELETE FROM gs1_keys WHERE qr_id = $1', [qrId]);
  }

  /** Which of `keys` are taken ("host path" strings) by a code other than `except`, for refusing a batch before anything is written. */
  async taken(keys: ReadonlyArray<{ host: string; path: string }>, except: string | null = null): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const where = keys.map((_, i) => `(host = $${2 * i + 1} AND path = $${2 * i + 2})`).join(' OR ');
    const rows = await this.db.query<{ host: string; path: string }>(`SELECT host, path FROM gs1_keys WHERE (${where}) AND qr_id <> $${2 * keys.length + 1}`, [
      ...keys.flatMap((k) => [k.host, k.path]),
      except ?? '',
    ]);
    return new Set(rows.map((r) => `${r.host} ${r.path}`));
  }
}
