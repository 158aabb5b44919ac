import { type ApiError, OPERATOR_ACTOR as ACTOR, silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox } from '@qr/event-log';
import { type Database, openDatabase, type Tx } from '@qr/persistence';
import { payloadEvents, provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { CreateQrCodes } from '../codes/create-qr-codes';
import { planCreation } from '../testing/plan-creation';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import { ReferencesRepository } from '../codes/references.repository';
import { UpdateQrCode } from '../codes/update-qr-code';
import { CodeChangeLog } from '../history/code-change-log';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { QR_MIGRATIONS } from '../store/codes-migrations';
import { FolderChanges } from './folder-changes';
import { FoldersRepository } from './folders.repository';
import { MoveCodes } from './move-codes';
import { DesignCheck } from '../rendering/design-check';
import { LogosRepository } from '../logos/logos.repository';
import { DesignPresetsRepository } from '../presets/design-presets.repository';

/** A repository whose Nth update fails, as a database fault would, in the middle of a move. */
class FailingOnUpdate extends QrCodesRepository {
  updates = 0;
  constructor(
    db: Database,
    private readonly failAt: number,
  ) {
    super(db);
  }
  override async update(tx: Tx, record: QrCodeRecord, expectedRevision: number): Promise<boolean> {
    this.updates += 1;
    if (this.updates === this.failAt) throw new Error('injected update failure');
    return super.update(tx, record, expectedRevision);
  }
}

describe.each(STORAGE_KINDS)('moving codes between folders on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let log: EventLog;
  let outbox: Outbox;
  const changesOf = () => new CodeChangeLog(outbox, new CodeHistoryRepository(db));
  const ws = 'ws_move';
  const folders = () => new FoldersRepository(db);
  const moves = (codes = new QrCodesRepository(db)) => new MoveCodes(db, codes, folders(), new ReferencesRepository(db), changesOf(), null);
  const folderOf = async (id: string) => (await new QrCodesRepository(db).find(ws, id))?.folder_id;
  /** The qr.code.updated events relayed so far, as [code, changed fields]. */
  const updates = async () => {
    await outbox.relayAll();
    const rows = await (log as unknown as { db: Database }).db.query<{ payload: string }>(`SELECT payload FROM event_log WHERE topic = 'qr.code.updated.v1'`);
    return rows.flatMap((r) => (payloadEvents(r.payload) as Array<{ data: { qr_id: string; changed: string[] } }>).map((e) => [e.data.qr_id, e.data.changed]));
  };

  async function codesIn(folderId: string | null, n: number): Promise<string[]> {
    const items = Array.from({ length: n }, () => ({ type: 'text', category: 'static', content: { text: 'x' }, folder_id: folderId }));
    const plan = await planCreation(
      {
        codes: new QrCodesRepository(db),
        references: new ReferencesRepository(db),
        designs: new DesignCheck('https://qr.test', new LogosRepository(db), new DesignPresetsRepository(db)),
      },
      ws,
      items,
      (i) => `/items/${i}`,
    );
    const created = await new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null).execute(ws, plan, ACTOR);
    return created.results.map((r) => r.record.id);
  }

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'qr', storage: provisioned.storage, migrations: QR_MIGRATIONS, runMigrations: true });
    log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 't', log: silentLog });
    outbox = new Outbox(db, log, { log: silentLog });
  });
  afterAll(async () => {
    await log.close();
    await db.close();
    await provisioned.cleanup();
  });

  it('moves every code or none, with one qr.code.updated naming folder_id per code that moved', async () => {
    const target = await new FolderChanges(folders()).create(ws, { name: 'Target' });
    const ids = await codesIn(null, 4);
    const before = (await updates()).length;
    // The third update fails: the two before it roll back with it.
    await expect(moves(new FailingOnUpdate(db, 3)).execute(ws, { code_ids: ids, folder_id: target.id }, ACTOR)).rejects.toThrow('injected update failure');
    for (const id of ids) expect(await folderOf(id)).toBeNull();
    expect((await updates()).length).toBe(before);

    const unknown = await moves()
      .execute(ws, { code_ids: [ids[0], ids[0], 'qr_nope'], folder_id: target.id }, ACTOR)
      .catch((e: ApiError) => e.errors);
    expect(unknown).toEqual([{ pointer: '/code_ids/2', code: 'not_found', detail: expect.any(String) }]);
    expect(await moves().execute(ws, { code_ids: [ids[0], ids[1], ids[0]], folder_id: target.id }, ACTOR)).toEqual({
      folder_id: target.id,
      moved: 2,
      unchanged: 0,
    });
    expect(await moves().execute(ws, { code_ids: ids, folder_id: target.id }, ACTOR)).toEqual({ folder_id: target.id, moved: 2, unchanged: 2 });
    const events = (await updates()).slice(before);
    expect(events.map(([id]) => id).sort()).toEqual([...ids].sort());
    expect(events.every(([, changed]) => JSON.stringify(changed) === '["folder_id"]')).toBe(true);
  });

  it('deletes a folder and takes its codes out of it in one transaction', async () => {
    const doomed = await new FolderChanges(folders()).create(ws, { name: 'Doomed' });
    const ids = await codesIn(doomed.id, 3);
    const failed = await moves(new FailingOnUpdate(db, 2))
      .deleteFolder(ws, doomed.id, ACTOR)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await folders().find(ws, doomed.id)).not.toBeNull();
    for (const id of ids) expect(await folderOf(id)).toBe(doomed.id);

    expect(await moves().deleteFolder(ws, doomed.id, ACTOR)).toEqual({ codes_moved: 3 });
    expect(await folders().find(ws, doomed.id)).toBeNull();
    for (const id of ids) expect(await folderOf(id)).toBeNull();
    const missing = (await moves()
      .deleteFolder(ws, doomed.id, ACTOR)
      .catch((e: unknown) => e)) as ApiError;
    expect(missing.status).toBe(404);
    expect(
      await moves()
        .deleteFolder('ws_other', (await new FolderChanges(folders()).create(ws, { name: 'Kept' })).id, ACTOR)
        .catch((e: ApiError) => e.status),
    ).toBe(404);
  });

  it('never leaves a code in a folder deleted while codes were moving into it (a move or a PATCH)', async () => {
    for (let round = 0; round < 10; round++) {
      const folder = await new FolderChanges(folders()).create(ws, { name: `Race ${round}` });
      const ids = await codesIn(null, 3);
      const patch = new UpdateQrCode(
        db,
        new QrCodesRepository(db),
        new ReferencesRepository(db),
        changesOf(),
        null,
        new DesignCheck('https://qr.test', new LogosRepository(db), new DesignPresetsRepository(db)),
      );
      await Promise.allSettled([
        moves().execute(ws, { code_ids: ids.slice(0, 2), folder_id: folder.id }, ACTOR),
        patch.execute(ws, ids[2], { folder_id: folder.id }, ACTOR),
        moves().deleteFolder(ws, folder.id, ACTOR),
      ]);
      const dangling = await db.query('SELECT q.id FROM qr_codes q LEFT JOIN folders f ON f.id = q.folder_id WHERE q.folder_id IS NOT NULL AND f.id IS NULL');
      expect(dangling).toEqual([]);
    }
  });
});
