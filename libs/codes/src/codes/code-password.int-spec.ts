import { type Actor, type ApiError, silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox } from '@qr/event-log';
import { type Database, openDatabase } from '@qr/persistence';
import { verifyPassword } from '@qr/session-rules';
import { payloadEvents, provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { CodeChangeLog } from '../history/code-change-log';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { LogosRepository } from '../logos/logos.repository';
import { DesignPresetsRepository } from '../presets/design-presets.repository';
import { DesignCheck } from '../rendering/design-check';
import { QR_MIGRATIONS } from '../store/codes-migrations';
import { CreateQrCodes } from './create-qr-codes';
import { planCreation } from '../testing/plan-creation';
import { type QrCodeRecord } from './qr-code-record';
import { qrCodeView } from './qr-code-view';
import { QrCodesRepository } from './qr-codes.repository';
import { ReferencesRepository } from './references.repository';
import { UpdateQrCode } from './update-qr-code';

const ACTOR: Actor = { kind: 'api_key', id: 'key_1', name: 'k', via: 'api', request_id: 'req_1' };
const SECRET = 'open sesame 41';

describe.each(STORAGE_KINDS)('a dynamic code’s password on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let log: EventLog;
  let outbox: Outbox;
  const ws = 'ws_pw';
  const codes = () => new QrCodesRepository(db);
  const designs = () => new DesignCheck('https://qr.test', new LogosRepository(db), new DesignPresetsRepository(db));
  const changes = () => new CodeChangeLog(outbox, new CodeHistoryRepository(db));
  const update = () => new UpdateQrCode(db, codes(), new ReferencesRepository(db), changes(), null, designs());
  const view = (r: QrCodeRecord) => qrCodeView(r, { shortBaseUrl: 'https://s.test', publicBaseUrl: 'https://qr.test', domainHost: null, now: new Date() });
  const create = async (item: Record<string, unknown>): Promise<QrCodeRecord> => {
    const deps = { codes: codes(), references: new ReferencesRepository(db), designs: designs() };
    const plan = await planCreation(deps, ws, [item], () => '');
    return (await new CreateQrCodes(db, deps.codes, changes(), deps.references, null).execute(ws, plan, ACTOR)).results[0].record;
  };
  const stored = async (id: string) => (await codes().find(ws, id))!;
  /** What a password could leak into besides the code's row: the code change events and the history rows. */
  const everythingWritten = async () => {
    await outbox.relayAll();
    const events = await (log as unknown as { db: Database }).db.query<{ payload: string }>(`SELECT payload FROM event_log`);
    const history = await db.query<{ changes: string }>('SELECT changes FROM code_history');
    return [...events.map((e) => JSON.stringify(payloadEvents(e.payload))), ...history.map((h) => h.changes)].join('\n');
  };

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'qr', storage: provisioned.storage, migrations: QR_MIGRATIONS, runMigrations: true });
    log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 'test', log: silentLog });
    outbox = new Outbox(db, log, { log: silentLog });
  });
  afterAll(async () => {
    await log.close();
    await db.close();
    await provisioned.cleanup();
  });

  it('is stored as the members’ scrypt hash, answered only as password_protected, and never written in clear (the hash travels to the redirect)', async () => {
    const code = await create({ type: 'website', content: { url: 'https://example.com/p' }, password: SECRET });
    const row = await stored(code.id);
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword(SECRET, row.password_hash!)).toBe(true);
    expect(await verifyPassword('open sesame 42', row.password_hash!)).toBe(false);
    const answer = view(row) as Record<string, unknown>;
    expect(answer.password_protected).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    expect(JSON.stringify(answer)).not.toContain(row.password_hash!);
    const written = await everythingWritten();
    expect(written).not.toContain(SECRET);
    // The hash (only) travels in the internal code events: redirect-service checks scans against it.
    expect(written).toContain(row.password_hash!);
  });

  it('changes on PATCH (a new hash), stays when a PATCH does not name it, and goes with null', async () => {
    const code = await create({ type: 'website', content: { url: 'https://example.com/q' }, password: SECRET });
    const first = (await stored(code.id)).password_hash!;

    await update().execute(ws, code.id, { name: 'renamed' }, ACTOR);
    expect((await stored(code.id)).password_hash).toBe(first);

    const changed = await update().execute(ws, code.id, { password: 'another one' }, ACTOR);
    expect(changed.revision).toBe(3);
    const second = (await stored(code.id)).password_hash!;
    expect(second).not.toBe(first);
    expect(await verifyPassword('another one', second)).toBe(true);

    await update().execute(ws, code.id, { password: null }, ACTOR);
    const removed = await stored(code.id);
    expect(removed.password_hash).toBeNull();
    expect((view(removed) as Record<string, unknown>).password_protected).toBe(false);
    // null on a code without a password changes nothing: no new revision.
    expect((await update().execute(ws, code.id, { password: null }, ACTOR)).revision).toBe(removed.revision);
    expect(await everythingWritten()).not.toContain('another one');
    // Its history names each password change, and nothing of the password or its hash.
    const entries = await db.query<{ revision: number; changes: string }>('SELECT revision, changes FROM code_history WHERE qr_id = $1 ORDER BY revision', [
      code.id,
    ]);
    const named = entries.map((e) =>
      (JSON.parse(e.changes) as Array<{ field: string; before: unknown; after: unknown }>).filter((c) => c.field === 'password'),
    );
    expect(named).toEqual([
      [{ field: 'password', before: null, after: 'set' }],
      [],
      [{ field: 'password', before: 'set', after: 'changed' }],
      [{ field: 'password', before: 'set', after: null }],
    ]);
    expect(entries.map((e) => e.changes).join('\n')).not.toMatch(/scrypt|another one/);
  });

  it('refuses a bad password with a pointer and writes nothing', async () => {
    const before = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM qr_codes');
    const refusal = (item: Record<string, unknown>) =>
      create(item).then(
        () => null,
        (e: ApiError) => (e.errors ?? []).map((x) => `${x.pointer} ${x.code}`),
      );
    expect(await refusal({ type: 'website', content: { url: 'https://example.com/r' }, password: 'abc' })).toEqual(['/password too_short']);
    expect(await refusal({ type: 'website', content: { url: 'https://example.com/r' }, password: 'x'.repeat(257) })).toEqual(['/password too_long']);
    expect(await refusal({ type: 'website', content: { url: 'https://example.com/r' }, password: 42 })).toEqual(['/password invalid_type']);
    expect(await refusal({ type: 'website', category: 'static', content: { url: 'https://example.com/r' }, password: SECRET })).toEqual([
      '/password not_allowed_for_static',
    ]);
    const code = await create({ type: 'website', content: { url: 'https://example.com/s' } });
    await expect(update().execute(ws, code.id, { password: 'ab' }, ACTOR)).rejects.toMatchObject({ status: 422 });
    expect((await stored(code.id)).password_hash).toBeNull();
    const after = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM qr_codes');
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
  });
});
