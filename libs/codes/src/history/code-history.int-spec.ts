import { type Actor, type ApiError, silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox } from '@qr/event-log';
import { type Database, openDatabase } from '@qr/persistence';
import { payloadEvents, provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { CreateQrCodes } from '../codes/create-qr-codes';
import { DeleteQrCode } from '../codes/delete-qr-code';
import { planCreation } from '../testing/plan-creation';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import { ReferencesRepository } from '../codes/references.repository';
import { UpdateQrCode } from '../codes/update-qr-code';
import { FolderChanges } from '../folders/folder-changes';
import { FoldersRepository } from '../folders/folders.repository';
import { MoveCodes } from '../folders/move-codes';
import { QR_MIGRATIONS } from '../store/codes-migrations';
import { CodeChangeLog } from './code-change-log';
import { CodeHistoryRepository } from './code-history.repository';
import { codeHistoryPage } from './history-view';
import { DesignCheck } from '../rendering/design-check';
import { LogosRepository } from '../logos/logos.repository';
import { DesignPresetsRepository } from '../presets/design-presets.repository';

const API_KEY: Actor = { kind: 'api_key', id: 'key_1', name: 'erp-sync', via: 'api', request_id: 'req_a' };
const ANA: Actor = { kind: 'member', id: 'mem_1', name: 'ana@example.com', via: 'dashboard', request_id: 'req_b' };

class FailingOnUpdate extends QrCodesRepository {
  override async update(): Promise<boolean> {
    throw new Error('injected update failure');
  }
}

describe.each(STORAGE_KINDS)('code history on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let log: EventLog;
  let outbox: Outbox;
  let history: CodeHistoryRepository;
  const ws = 'ws_hist';
  const changes = () => new CodeChangeLog(outbox, history);
  const update = (codes = new QrCodesRepository(db)) =>
    new UpdateQrCode(
      db,
      codes,
      new ReferencesRepository(db),
      changes(),
      null,
      new DesignCheck('https://qr.test', new LogosRepository(db), new DesignPresetsRepository(db)),
    );
  const page = (id: string, query: Record<string, unknown> = {}, workspace = ws) => codeHistoryPage(history, workspace, id, query);
  const eventIds = async (type: string) => {
    await outbox.relayAll();
    const rows = await (log as unknown as { db: Database }).db.query<{ payload: string }>(`SELECT payload FROM event_log WHERE topic = $1`, [`${type}.v1`]);
    return rows.flatMap((r) => (payloadEvents(r.payload) as Array<{ id: string }>).map((e) => e.id));
  };
  const create = async (url: string): Promise<QrCodeRecord> => {
    const deps = {
      codes: new QrCodesRepository(db),
      references: new ReferencesRepository(db),
      designs: new DesignCheck('https://qr.test', new LogosRepository(db), new DesignPresetsRepository(db)),
    };
    const plan = await planCreation(deps, ws, [{ type: 'website', content: { url }, name: 'Spring' }], () => '');
    return (await new CreateQrCodes(db, deps.codes, changes(), deps.references, null).execute(ws, plan, API_KEY)).results[0].record;
  };

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'qr', storage: provisioned.storage, migrations: QR_MIGRATIONS, runMigrations: true });
    log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 'test', log: silentLog });
    outbox = new Outbox(db, log, { log: silentLog });
    history = new CodeHistoryRepository(db);
  });
  afterAll(async () => {
    await log.close();
    await db.close();
    await provisioned.cleanup();
  });

  it('records create, change, pause, resume, folder move and delete: who, how, request id, each field before and after', async () => {
    const code = await create('https://example.com/spring');
    await update().execute(ws, code.id, { destinations: [{ target_url: 'https://example.com/summer' }], name: 'Summer', utm_source: 'flyer' }, ANA);
    await update().execute(ws, code.id, { status: 'paused' }, API_KEY);
    await update().execute(ws, code.id, { status: 'active' }, API_KEY);
    await update().execute(ws, code.id, { status: 'active' }, API_KEY); // no change: no entry
    const folder = await new FolderChanges(new FoldersRepository(db)).create(ws, { name: 'Campaigns' });
    await new MoveCodes(db, new QrCodesRepository(db), new FoldersRepository(db), new ReferencesRepository(db), changes(), null).execute(
      ws,
      { code_ids: [code.id], folder_id: folder.id },
      ANA,
    );
    await new DeleteQrCode(db, new QrCodesRepository(db), changes(), null).execute(ws, code.id, { ...API_KEY, request_id: 'req_z' });

    const { data, has_more } = await page(code.id);
    expect(has_more).toBe(false);
    expect(data.map((e) => [e.revision, e.action])).toEqual([
      [6, 'deleted'],
      [5, 'updated'],
      [4, 'resumed'],
      [3, 'paused'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    const [deleted, moved, resumed, paused, changed, created] = data;
    expect(changed).toMatchObject({ actor: { kind: 'member', id: 'mem_1', name: 'ana@example.com' }, via: 'dashboard', request_id: 'req_b' });
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Spring', after: 'Summer' },
        { field: 'utm_source', before: null, after: 'flyer' },
        {
          field: 'destinations',
          before: [expect.objectContaining({ target_url: 'https://example.com/spring' })],
          after: [expect.objectContaining({ target_url: 'https://example.com/summer' })],
        },
        { field: 'content', before: { url: 'https://example.com/spring' }, after: { url: 'https://example.com/summer' } },
      ]),
    );
    expect(paused.changes).toEqual([{ field: 'status', before: 'active', after: 'paused' }]);
    expect(resumed.changes).toEqual([{ field: 'status', before: 'paused', after: 'active' }]);
    expect(moved.changes).toEqual([{ field: 'folder_id', before: null, after: folder.id }]);
    expect(deleted).toMatchObject({ changes: [], actor: { kind: 'api_key', id: 'key_1', name: 'erp-sync' }, via: 'api', request_id: 'req_z' });
    expect(created.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Spring' }]));

    // One entry per event, carrying its id: history and events agree.
    const events = [...(await eventIds('qr.code.created')), ...(await eventIds('qr.code.updated')), ...(await eventIds('qr.code.deleted'))];
    expect(data.map((e) => e.event_id).every((id) => events.includes(id))).toBe(true);
  });

  it('pages newest first with a cursor, and survives the code’s deletion', async () => {
    const code = await create('https://example.com/p0');
    for (let i = 1; i <= 24; i++) await update().execute(ws, code.id, { name: `Name ${i}` }, ANA);
    await new DeleteQrCode(db, new QrCodesRepository(db), changes(), null).execute(ws, code.id, ANA);
    const first = await page(code.id, { limit: '10' });
    expect(first.data.map((e) => e.revision)).toEqual([26, 25, 24, 23, 22, 21, 20, 19, 18, 17]);
    const second = await page(code.id, { limit: '10', cursor: first.next_cursor });
    const third = await page(code.id, { limit: '10', cursor: second.next_cursor });
    expect(third.data.map((e) => e.revision)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(third.has_more).toBe(false);
    expect(await new QrCodesRepository(db).find(ws, code.id)).toBeNull();
  });

  it('another workspace, an unknown id and a bad cursor are refused', async () => {
    const code = await create('https://example.com/mine');
    await expect(page(code.id, {}, 'ws_other')).rejects.toMatchObject({ status: 404 });
    await expect(page('qr_nope')).rejects.toMatchObject({ status: 404 });
    const bad = (await page(code.id, { cursor: 'abc' }).catch((e: unknown) => e)) as ApiError;
    expect(bad.status).toBe(422);
    expect(bad.errors?.[0].pointer).toBe('/cursor');
  });

  it('a change that fails writes neither the event nor the history entry', async () => {
    const code = await create('https://example.com/atomic');
    const before = (await page(code.id)).data.length;
    const updatesBefore = (await eventIds('qr.code.updated')).length;
    await expect(update(new FailingOnUpdate(db)).execute(ws, code.id, { name: 'Never' }, ANA)).rejects.toThrow('injected update failure');
    expect((await page(code.id)).data.length).toBe(before);
    expect((await eventIds('qr.code.updated')).length).toBe(updatesBefore);
    const rows = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM code_history WHERE qr_id = $1', [code.id]);
    expect(Number(rows[0].n)).toBe(before);
  });
});
