import { type Actor, ApiError, Errors, fieldError, newId, randomBase62 } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { passwordHashOf } from './code-password';
import { codeCreated } from './qr-code-events';
import { newRecord, type QrCodeRecord } from './qr-code-record';
import { type QrCodesRepository } from './qr-codes.repository';
import { type ReferencesRepository } from './references.repository';
import { type CodeChange, type CodeChangeLog } from '../history/code-change-log';
import { type LinkSync } from '../links/link-sync';
import { type PlannedItem } from './plan-creation';
import { newShortCode } from './short-code';
import { domainKeyOf, shortCodeTaken } from './short-code-taken';

export interface CreationResult {
  index: number;
  result: 'created' | 'existing';
  record: QrCodeRecord;
}

export interface CreationOutcome {
  results: CreationResult[];
  /** Set when an item failed after validation; the chunks committed before it stay created. */
  failure: { index: number; error: unknown } | null;
}

/** Items committed per transaction: fewer commits and relay wake-ups than one each, and a failure still keeps the chunks before it. */
export const CREATE_CHUNK = 10;
const MAX_KEY_ATTEMPTS = 5;

/**
 * Creates planned items in chunked transactions, so a failure part-way keeps what committed and a
 * re-sent batch finds those by client_ref. A client_ref taken by a concurrent request yields that
 * request's code (`existing`), never a duplicate and never an error.
 */
export class CreateQrCodes {
  constructor(
    private readonly db: Database,
    private readonly codes: QrCodesRepository,
    private readonly changes: CodeChangeLog,
    private readonly references: ReferencesRepository,
    private readonly links: LinkSync | null,
  ) {}

  async execute(workspaceId: string, plan: readonly PlannedItem[], actor: Actor): Promise<CreationOutcome> {
    const results: CreationResult[] = plan.filter((p) => p.existing).map((p) => ({ index: p.index, result: 'existing' as const, record: p.existing! }));
    const fresh = plan.filter((p) => !p.existing);
    const hostOf = await this.references.hostLookup(fresh.map((p) => p.draft));
    // Hashed before any transaction: scrypt's tens of milliseconds are not spent holding a connection.
    const hashes = new Map(await Promise.all(fresh.map(async (p) => [p.index, await passwordHashOf(p.password, null)] as const)));
    for (let i = 0; i < fresh.length; i += CREATE_CHUNK) {
      const chunk = fresh.slice(i, i + CREATE_CHUNK);
      let created: CreationResult[];
      try {
        created = await this.db.transaction((tx) => this.createChunk(tx, workspaceId, chunk, hostOf, hashes, actor));
      } catch (error) {
        // A refusal found inside the first transaction (a folder deleted since the plan) is the request's answer: nothing was written.
        if (i === 0 && error instanceof ApiError) throw error;
        return { results: sorted(results), failure: { index: chunk[0].index, error } };
      }
      results.push(...created);
      await this.links?.pushUpserts(
        created.filter((r) => r.result === 'created').map((r) => r.record),
        hostOf,
      );
    }
    return { results: sorted(results), failure: null };
  }

  private async createChunk(
    tx: Tx,
    workspaceId: string,
    chunk: readonly PlannedItem[],
    hostOf: (r: QrCodeRecord) => string | null,
    hashes: ReadonlyMap<number, string | null>,
    actor: Actor,
  ): Promise<CreationResult[]> {
    await this.holdFolders(tx, workspaceId, chunk);
    const now = new Date();
    const results: CreationResult[] = [];
    const changes: CodeChange[] = [];
    for (const item of chunk) {
      const result = await this.createOne(tx, workspaceId, item, hashes.get(item.index) ?? null, now);
      if (result.result === 'created') changes.push({ event: codeCreated(result.record, hostOf(result.record), now), before: null, after: result.record });
      results.push(result);
    }
    await this.changes.add(tx, changes, actor);
    return results;
  }

  /**
   * The plan saw each folder exist; held here until the commit, so a folder deleted in between refuses
   * the items that name it instead of leaving codes in a folder that is gone (deleting holds it too).
   */
  private async holdFolders(tx: Tx, workspaceId: string, chunk: readonly PlannedItem[]): Promise<void> {
    const gone = new Set<string>();
    for (const id of new Set(chunk.flatMap((item) => (item.draft.folder_id ? [item.draft.folder_id] : [])))) {
      if (!(await this.references.holdFolder(tx, workspaceId, id))) gone.add(id);
    }
    const refused = chunk.filter((item) => item.draft.folder_id !== null && gone.has(item.draft.folder_id));
    if (refused.length)
      throw Errors.validationFailed(refused.map((item) => fieldError(`${item.pointer}/folder_id`, 'not_found', 'no such folder in this workspace')));
  }

  private async createOne(tx: Tx, workspaceId: string, item: PlannedItem, passwordHash: string | null, now: Date): Promise<CreationResult> {
    for (let attempt = 0; attempt < MAX_KEY_ATTEMPTS; attempt++) {
      const record = newRecord(
        item.draft,
        {
          id: newId('qr'),
          workspace_id: workspaceId,
          // A chosen one always; else the planned one first (its design was checked on it), a new one only if it collided.
          short_code: item.draft.category === 'dynamic' ? (item.draft.short_code ?? (attempt === 0 && item.shortCode ? item.shortCode : newShortCode())) : null,
          // 32 base62 characters (~190 bits): the unguessable part of a public preview URL.
          preview_token: randomBase62(32),
          password_hash: passwordHash,
        },
        now.getTime(),
      );
      if (await this.codes.insert(tx, record, item.pointer)) return { index: item.index, result: 'created', record };
      const taken = record.client_ref ? await this.codes.findByClientRef(workspaceId, record.client_ref, tx) : null;
      if (taken) return { index: item.index, result: 'existing', record: taken };
      if (item.draft.short_code !== null) {
        // A chosen back-half taken since the plan looked: the index judged, and the answer is the plan's 409.
        const key = { domainKey: domainKeyOf(item.draft), shortCode: item.draft.short_code };
        const holder = (await this.codes.findHolders([key], tx)).get(`${key.domainKey}\u0000${key.shortCode}`);
        if (holder) throw shortCodeTaken(workspaceId, [{ pointer: item.pointer, shortCode: key.shortCode, holder }]);
      }
      // Otherwise a random short code or token collided: draw again.
    }
    throw new Error('could not allocate a unique short code');
  }
}

function sorted(results: CreationResult[]): CreationResult[] {
  return results.sort((a, b) => a.index - b.index);
}
