import { OPERATOR_ACTOR as ACTOR, silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox } from '@qr/event-log';
import { type Database, openDatabase, type Tx } from '@qr/persistence';
import { payloadEvents, provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { CodeChangeLog } from '../history/code-change-log';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { QR_MIGRATIONS } from '../store/codes-migrations';
import { CREATE_CHUNK, CreateQrCodes } from './create-qr-codes';
import { planCreation } from '../testing/plan-creation';
import { type QrCodeRecord } from './qr-code-record';
import { QrCodesRepository } from './qr-codes.repository';
import { ReferencesRepository } from './references.repository';
import { DesignCheck } from '../rendering/design-check';
import { LogosRepository } from '../logos/logos.repository';
import { DesignPresetsRepository } from '../presets/design-presets.repository';
import { FoldersRepository } from '../folders/folders.repository';
import { MoveCodes } from '../folders/move-codes';

/** A repository whose Nth insert fails, as a database fault would, after the earlier ones committed. */
class FailingOnInsert extends QrCodesRepository {
  inserts = 0;
  constructor(
    db: Database,
    private readonly failAt: number,
  ) {
    super(db);
  }
  override async insert(tx: Tx, record: QrCodeRecord): Promise<boolean> {
    this.inserts += 1;
    if (this.inserts === this.failAt) throw new Error('injected insert failure');
    return super.insert(tx, record);
  }
}

const website = (ref: string, url = 'https://example.com/a') => ({ type: 'website', content: { url }, client_ref: ref });

describe.each(STORAGE_KINDS)('creating codes on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let log: EventLog;
  let outbox: Outbox;
  const changesOf = () => new CodeChangeLog(outbox, new CodeHistoryRepository(db));
  const deps = () => ({
    codes: new QrCodesRepository(db),
    references: new ReferencesRepository(db),
    designs: new DesignCheck('https://qr.test', new LogosRepository(db), new DesignPresetsRepository(db)),
  });
  const count = async (ws: string) => Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM qr_codes WHERE workspace_id = $1', [ws]))[0].n);

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

  it('keeps what was committed before a failure, and a re-sent batch creates only the rest', async () => {
    // 25 items commit in chunks of 10: the 14th insert fails, so the first chunk stays and the second rolls back.
    const items = Array.from({ length: 25 }, (_, i) => website(`bulk-${i}`));
    const failing = new FailingOnInsert(db, 14);
    const first = await new CreateQrCodes(db, failing, changesOf(), new ReferencesRepository(db), null).execute(
      'ws_f',
      await planCreation(deps(), 'ws_f', items, (i) => `/items/${i}`),
      ACTOR,
    );
    expect(CREATE_CHUNK).toBe(10);
    expect(first.failure?.index).toBe(10);
    expect(first.results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await count('ws_f')).toBe(10);

    const again = await new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null).execute(
      'ws_f',
      await planCreation(deps(), 'ws_f', items, (i) => `/items/${i}`),
      ACTOR,
    );
    expect(again.failure).toBeNull();
    expect(again.results.map((r) => r.result)).toEqual([...Array(10).fill('existing'), ...Array(15).fill('created')]);
    expect(again.results.slice(0, 10).map((r) => r.record.id)).toEqual(first.results.map((r) => r.record.id));
    expect(await count('ws_f')).toBe(25);
    // Exactly one qr.code.created per created code, none for the returned ones.
    await outbox.relayAll();
    const logged = await (log as unknown as { db: Database }).db.query<{ payload: string }>(`SELECT payload FROM event_log WHERE topic = 'qr.code.created.v1'`);
    const ids = logged.flatMap((r) => (payloadEvents(r.payload) as Array<{ qr_id: string }>).map((e) => e.qr_id));
    for (const r of again.results) expect(ids.filter((id) => id === r.record.id)).toHaveLength(1);
  });

  it('makes exactly one code of 20 concurrent identical requests, answering the same code to all', async () => {
    const create = new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async () => create.execute('ws_c', await planCreation(deps(), 'ws_c', [website('same')], () => ''), ACTOR)),
    );
    const results = outcomes.map((o) => o.results[0]);
    expect(outcomes.every((o) => o.failure === null)).toBe(true);
    expect(results.filter((r) => r.result === 'created')).toHaveLength(1);
    expect(new Set(results.map((r) => r.record.id)).size).toBe(1);
    expect(await count('ws_c')).toBe(1);
  });

  it('scopes client_ref to the workspace and rejects a ref repeated inside one batch', async () => {
    const create = new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null);
    const a = await create.execute('ws_a', await planCreation(deps(), 'ws_a', [website('shared')], () => ''), ACTOR);
    const b = await create.execute('ws_b', await planCreation(deps(), 'ws_b', [website('shared')], () => ''), ACTOR);
    expect(a.results[0].record.id).not.toBe(b.results[0].record.id);
    await expect(planCreation(deps(), 'ws_a', [website('x'), website('x')], (i) => `/items/${i}`)).rejects.toMatchObject({
      status: 422,
      errors: [{ pointer: '/items/1/client_ref', code: 'duplicate' }],
    });
  });

  it('searches names and client_refs (case-insensitive, % and _ literal) and short codes exactly, in one workspace only', async () => {
    const items = [
      { type: 'website', content: { url: 'https://example.com/s' }, name: 'Box 10% off', client_ref: 'search-1' },
      { type: 'website', content: { url: 'https://example.com/s' }, name: 'box_one', client_ref: 'SKU-Search-2' },
      { type: 'website', content: { url: 'https://example.com/s' }, name: 'École Café', client_ref: 'search-3' },
    ];
    const created = await new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null).execute(
      'ws_search',
      await planCreation(deps(), 'ws_search', items, (i) => `/items/${i}`),
      ACTOR,
    );
    await new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null).execute(
      'ws_other',
      await planCreation(deps(), 'ws_other', [{ ...items[0], client_ref: 'x' }], () => ''),
      ACTOR,
    );
    const names = async (q: string) => (await new QrCodesRepository(db).list('ws_search', { q }, null, 10)).map((r) => r.name).sort();
    expect(await names('BOX')).toEqual(['Box 10% off', 'box_one']);
    expect(await names('10%')).toEqual(['Box 10% off']);
    expect(await names('x_o')).toEqual(['box_one']);
    expect(await names('%')).toEqual(['Box 10% off']);
    expect(await names('sku-search')).toEqual(['box_one']);
    expect(await names('École')).toEqual(['École Café']);
    expect(await names('café')).toEqual(['École Café']);
    expect(await names(created.results[2].record.short_code!)).toEqual(['École Café']);
    expect(await names(created.results[2].record.short_code!.slice(0, 4))).toEqual([]);
  });

  describe('into a folder that is deleted meanwhile', () => {
    const folder = async (ws: string, id: string) =>
      expect(await new FoldersRepository(db).insert({ id, workspace_id: ws, name: id, created_at: 0 })).toBe(true);
    const deleteFolder = (ws: string, id: string) =>
      new MoveCodes(db, new QrCodesRepository(db), new FoldersRepository(db), new ReferencesRepository(db), changesOf(), null).deleteFolder(ws, id, ACTOR);
    const create = () => new CreateQrCodes(db, new QrCodesRepository(db), changesOf(), new ReferencesRepository(db), null);
    const orphans = async (ws: string) =>
      Number(
        (
          await db.query<{ n: number }>(
            'SELECT COUNT(*) AS n FROM qr_codes q WHERE q.workspace_id = $1 AND q.folder_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM folders f WHERE f.id = q.folder_id)',
            [ws],
          )
        )[0].n,
      );

    it('refuses the items naming a folder deleted after the plan saw it, at their pointers, and writes nothing', async () => {
      await folder('ws_gone', 'fld_gone');
      const items = [website('g-0'), { ...website('g-1'), folder_id: 'fld_gone' }, { ...website('g-2'), folder_id: 'fld_gone' }];
      const plan = await planCreation(deps(), 'ws_gone', items, (i) => `/items/${i}`);
      await deleteFolder('ws_gone', 'fld_gone');
      await expect(create().execute('ws_gone', plan, ACTOR)).rejects.toMatchObject({
        status: 422,
        errors: [
          { pointer: '/items/1/folder_id', code: 'not_found' },
          { pointer: '/items/2/folder_id', code: 'not_found' },
        ],
      });
      expect(await count('ws_gone')).toBe(0);
    });

    it('never leaves a code in a folder that is gone when creates and the delete run at once', async () => {
      await folder('ws_race', 'fld_race');
      const creates = Array.from({ length: 12 }, async (_, i) => {
        const plan = await planCreation(deps(), 'ws_race', [{ ...website(`r-${i}`), folder_id: 'fld_race' }], () => '');
        return create()
          .execute('ws_race', plan, ACTOR)
          .then(
            () => 'created',
            (err: { status?: number }) => (err.status === 422 ? 'refused' : Promise.reject(err)),
          );
      });
      // The delete starts once every plan has seen the folder, while their transactions are still to come.
      const [outcomes] = await Promise.all([Promise.all(creates), new Promise((r) => setImmediate(r)).then(() => deleteFolder('ws_race', 'fld_race'))]);
      expect(await orphans('ws_race')).toBe(0);
      expect(await count('ws_race')).toBe(outcomes.filter((o) => o === 'created').length);
    });
  });

  it('reads designs back only when asked: a plan for the allowance checks their rules, the plan that creates proves they scan', async () => {
    const unreadable = {
      type: 'text',
      category: 'static',
      content: { text: 'x'.repeat(1200) },
      design: { modules: 'dots', margin: 2, frame: { text: 'Scan me' } },
    };
    const pale = { type: 'website', content: { url: 'https://example.com/pale' }, design: { foreground: '#eeeeee' } };
    const plan = (items: unknown[], readBack: boolean) => planCreation(deps(), 'ws_read', items, (i) => `/items/${i}`, readBack);
    expect(await plan([unreadable], false)).toHaveLength(1);
    await expect(plan([unreadable], true)).rejects.toMatchObject({ status: 422, errors: [{ pointer: '/items/0/design', code: 'unreadable' }] });
    for (const readBack of [false, true]) {
      await expect(plan([pale], readBack)).rejects.toMatchObject({ status: 422, errors: [{ pointer: '/items/0/design/foreground', code: 'low_contrast' }] });
    }
  });
});
