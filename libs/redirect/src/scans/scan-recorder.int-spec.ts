import { silentLog } from '@qr/domain';
import { type EventLog, openEventLog, Outbox } from '@qr/event-log';
import { type Database, openDatabase } from '@qr/persistence';
import { payloadEvents, provisionStorage, STORAGE_KINDS, type TestStorage, waitUntil } from '@qr/testing';
import { ApplyCodeChanges } from '../links/apply-code-changes';
import { type LinkRecord } from '../links/link-record';
import { LinksRepository } from '../links/links.repository';
import { REDIRECT_MIGRATIONS } from '../store/redirect-migrations';
import { ScanRecorder } from './scan-recorder';
import { codeSnapshot, SCAN_FACTS } from '../testing/code-snapshot';

describe.each(STORAGE_KINDS)('scan recording on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let log: EventLog;
  const opened: Database[] = [];

  async function recorder(database = db): Promise<{ recorder: ScanRecorder; outbox: Outbox }> {
    const outbox = new Outbox(database, log, { log: silentLog });
    return { recorder: new ScanRecorder(database, outbox, silentLog), outbox };
  }
  const link = async (id: string) => (await new LinksRepository(db).findByQrId(id))!;
  // The recorder writes its events to the store's outbox (a row per code and transaction: payloadEvents splits it).
  const recordedEvents = async (qrId: string) =>
    (await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE partition_key = $1 ORDER BY id', [qrId])).flatMap(
      (r) => payloadEvents(r.payload) as Array<{ type: string; data: Record<string, number> }>,
    );

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: true });
    log = await openEventLog({ transport: { kind: 'sql' }, storage: provisioned.storage, runMigrations: true, clientId: 't', log: silentLog });
  });
  afterAll(async () => {
    for (const d of opened) await d.close();
    await log.close();
    await db.close();
    await provisioned.cleanup();
  });

  it('admits exactly 100 of 1,000 concurrent scans on a limit of 100, with one limit event and each milestone once', async () => {
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_limit1', { scan_limit: 100 }) }]);
    const l = await link('qr_limit1');
    const recorders = [await recorder()];
    if (kind === 'postgres') {
      // A second, independent pool on the same database: as a second redirect process would have.
      const second = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: false });
      opened.push(second);
      recorders.push(await recorder(second));
    }
    const outcomes = await Promise.all(Array.from({ length: 1000 }, (_, i) => recorders[i % recorders.length].recorder.record(l, SCAN_FACTS, new Date())));
    const admitted = outcomes.filter((o) => o.admitted);
    expect(admitted).toHaveLength(100);
    expect(admitted.map((o) => (o.admitted ? o.scanNumber : 0)).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await link('qr_limit1')).scan_count).toBe(100);
    const events = await recordedEvents('qr_limit1');
    expect(events.filter((e) => e.type === 'qr.scanned')).toHaveLength(100);
    expect(events.filter((e) => e.type === 'qr.scan_limit_reached')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'qr.scan_milestone_reached').map((e) => e.data.milestone)).toEqual([10, 100]);
  });

  it('counts batches of several codes from two pools at once, with no deadlock and each limit exact', async () => {
    const ids = ['qr_multi1', 'qr_multi2', 'qr_multi3'];
    const apply = new ApplyCodeChanges(db, new LinksRepository(db), null);
    await apply.execute(ids.map((id, i) => ({ kind: 'upsert' as const, snapshot: codeSnapshot(id, { scan_limit: 50 * (i + 1) }) })));
    const links = await Promise.all(ids.map((id) => link(id)));
    const recorders = [await recorder()];
    if (kind === 'postgres') {
      const second = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: false });
      opened.push(second);
      recorders.push(await recorder(second));
    }
    // Codes in a different order in every scan's neighbourhood: batches lock overlapping sets of rows.
    const outcomes = await Promise.all(
      Array.from({ length: 1500 }, (_, i) => {
        const code = (i * 7 + (i >> 4)) % 3;
        return recorders[i % recorders.length].recorder.record(links[code], SCAN_FACTS, new Date()).then((o) => ({ code, admitted: o.admitted }));
      }),
    );
    expect([0, 1, 2].map((c) => outcomes.filter((o) => o.code === c && o.admitted).length)).toEqual([50, 100, 150]);
    expect((await Promise.all(ids.map((id) => link(id)))).map((l) => l.scan_count)).toEqual([50, 100, 150]);
  });

  it('keeps refusing after the limit, and admits again when a PATCH raises it', async () => {
    const { recorder: r } = await recorder();
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_limit2', { scan_limit: 2 }) }]);
    const l = await link('qr_limit2');
    const first = await Promise.all([r.record(l, SCAN_FACTS, new Date()), r.record(l, SCAN_FACTS, new Date()), r.record(l, SCAN_FACTS, new Date())]);
    expect(first.map((o) => o.admitted)).toEqual([true, true, false]);
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([
      { kind: 'upsert', snapshot: codeSnapshot('qr_limit2', { scan_limit: 3, revision: 2 }) },
    ]);
    expect((await r.record(await link('qr_limit2'), SCAN_FACTS, new Date())).admitted).toBe(true);
    expect((await r.record(await link('qr_limit2'), SCAN_FACTS, new Date())).admitted).toBe(false);
    expect((await recordedEvents('qr_limit2')).filter((e) => e.type === 'qr.scan_limit_reached')).toHaveLength(2);
  });

  it('counts a scan only while its code is still the revision it was judged by; an older row, a deleted or a missing code move nothing', async () => {
    const { recorder: r } = await recorder();
    const apply = new ApplyCodeChanges(db, new LinksRepository(db), null);
    await apply.execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_stale') }]);
    const first = await link('qr_stale');
    await apply.execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_stale', { revision: 2, destinations: [{ target_url: 'https://two.example' }] }) }]);
    const second = await link('qr_stale');
    expect(await r.record(first, SCAN_FACTS, new Date())).toEqual({ admitted: false, stale: true });
    expect((await link('qr_stale')).scan_count).toBe(0);
    expect(await recordedEvents('qr_stale')).toEqual([]);
    // One batch with scans judged by either row: only those judged by the current one count.
    const mixed = await Promise.all([
      r.record(first, SCAN_FACTS, new Date()),
      r.record(second, SCAN_FACTS, new Date()),
      r.record(second, SCAN_FACTS, new Date()),
    ]);
    expect(mixed).toEqual([
      { admitted: false, stale: true },
      { admitted: true, scanNumber: 1 },
      { admitted: true, scanNumber: 2 },
    ]);
    await apply.execute([{ kind: 'delete', qr_id: 'qr_stale', revision: 2 }]);
    expect(await r.record(second, SCAN_FACTS, new Date())).toEqual({ admitted: false, stale: true });
    expect(await r.record({ ...second, qr_id: 'qr_never_stored' }, SCAN_FACTS, new Date())).toEqual({ admitted: false, stale: true });
    expect((await link('qr_stale')).scan_count).toBe(2);
    expect((await recordedEvents('qr_stale')).map((e) => e.data.scan_number)).toEqual([1, 2]);
  });

  it('under load, gathers the scans just answered into the next batch instead of splitting its callers into halves that take turns', async () => {
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_gather') }]);
    const l = await link('qr_gather');
    const outbox = new Outbox(db, log, { log: silentLog });
    const batches: number[] = [];
    const scansOf = (events: readonly { type: string }[]) => events.filter((e) => e.type === 'qr.scanned').length;
    // Each batch's scans, as its transaction adds their events.
    const r = new ScanRecorder(db, { add: (tx, events) => (batches.push(scansOf(events)), outbox.add(tx, events)) }, silentLog);
    // 50 callers, each scanning again a moment after its scan is answered, as 50 busy keep-alive
    // connections do: half at once, half a millisecond or so later.
    let left = 2500;
    await Promise.all(
      Array.from({ length: 50 }, async (_, caller) => {
        while (left-- > 0) {
          await r.record(l, SCAN_FACTS, new Date());
          await new Promise((resolve) => (caller % 2 ? setTimeout(resolve, 1) : setImmediate(resolve)));
        }
      }),
    );
    // Without gathering the median batch is 25 (one half); with it, 43–50 measured on an idle
    // machine and 31 with other test suites running beside it (timers slip, so some callers miss
    // the 2 ms window). 30 sits above the split halves with room for that.
    const steady = batches.slice(3, -3).sort((a, b) => a - b);
    expect(steady[Math.floor(steady.length / 2)]).toBeGreaterThanOrEqual(30);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(2500);
    expect((await link('qr_gather')).scan_count).toBe(2500);
  });

  it('counts a code again, exactly, when another writer moved its count after the recorder last saw it', async () => {
    const { recorder: r } = await recorder();
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_moved', { scan_limit: 12 }) }]);
    const l = await link('qr_moved');
    expect((await Promise.all([1, 2, 3].map(() => r.record(l, SCAN_FACTS, new Date())))).map((o) => o.admitted && o.scanNumber)).toEqual([1, 2, 3]);
    // Another replica counted 7 scans meanwhile.
    await db.execute('UPDATE links SET scan_count = 10 WHERE qr_id = $1', ['qr_moved']);
    const outcomes = await Promise.all([1, 2, 3].map(() => r.record(l, SCAN_FACTS, new Date())));
    expect(outcomes).toEqual([
      { admitted: true, scanNumber: 11 },
      { admitted: true, scanNumber: 12 },
      { admitted: false, stale: false },
    ]);
    expect((await link('qr_moved')).scan_count).toBe(12);
    const events = await recordedEvents('qr_moved');
    expect(events.filter((e) => e.type === 'qr.scanned').map((e) => e.data.scan_number)).toEqual([1, 2, 3, 11, 12]);
    expect(events.filter((e) => e.type === 'qr.scan_limit_reached')).toHaveLength(1);
    expect(await r.record(l, SCAN_FACTS, new Date())).toEqual({ admitted: false, stale: false });
  });

  it('numbers the scans of a code that two recorders take turns counting without a gap or a repeat', async () => {
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_shared') }]);
    const l = await link('qr_shared');
    const [{ recorder: mine }, { recorder: theirs }] = [await recorder(), await recorder()];
    // Every batch of mine follows one of theirs.
    for (let i = 0; i < 6; i++) {
      await theirs.record(l, SCAN_FACTS, new Date());
      await mine.record(l, SCAN_FACTS, new Date());
    }
    expect((await link('qr_shared')).scan_count).toBe(12);
    const numbers = (await recordedEvents('qr_shared')).filter((e) => e.type === 'qr.scanned').map((e) => e.data.scan_number);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('judges a batch by its rows as they are once locked, when another transaction changes them while it waits', async () => {
    if (kind !== 'postgres') return; // SQLite's single writer: nothing changes a row while a batch waits for it.
    const { recorder: r } = await recorder();
    await new ApplyCodeChanges(db, new LinksRepository(db), null).execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_waits') }]);
    const l = await link('qr_waits');
    await Promise.all([1, 2, 3].map(() => r.record(l, SCAN_FACTS, new Date())));
    const waiting = async () =>
      Number(
        (await db.query<{ n: number }>("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"))[0].n,
      ) > 0;
    /** A scan recorded while another transaction holds the code's row, having run `change` on it, until the scan waits for it. */
    const whileChanged = async (change: string) => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let changed = false;
      const holder = db.transaction(async (tx) => {
        await tx.query(change, ['qr_waits']);
        changed = true;
        await gate;
      });
      await waitUntil(() => changed, 'the change holding the row');
      const scan = r.record(l, SCAN_FACTS, new Date());
      await waitUntil(waiting, 'the batch waiting for the row');
      release();
      await holder;
      return scan;
    };
    // The count moved (3 → 10) while the batch waited: counted from the locked row, 10.
    expect(await whileChanged('UPDATE links SET scan_count = 10 WHERE qr_id = $1')).toEqual({ admitted: true, scanNumber: 11 });
    expect(await r.record(l, SCAN_FACTS, new Date())).toEqual({ admitted: true, scanNumber: 12 });
    // The batch's snapshot would see 13, the locked row holds 12: counted from 12.
    await db.execute('UPDATE links SET scan_count = 13 WHERE qr_id = $1', ['qr_waits']);
    expect(await whileChanged('UPDATE links SET scan_count = 12 WHERE qr_id = $1')).toEqual({ admitted: true, scanNumber: 13 });
    expect((await link('qr_waits')).scan_count).toBe(13);
    // A change of revision while it waited: stale, nothing moves.
    expect(await whileChanged('UPDATE links SET revision = revision + 1 WHERE qr_id = $1')).toEqual({ admitted: false, stale: true });
    expect((await link('qr_waits')).scan_count).toBe(13);
    expect((await recordedEvents('qr_waits')).filter((e) => e.type === 'qr.scanned').map((e) => e.data.scan_number)).toEqual([1, 2, 3, 11, 12, 13]);
  });

  it('applies code changes by revision, in any order, and deletion whatever the revision', async () => {
    const apply = new ApplyCodeChanges(db, new LinksRepository(db), null);
    await apply.execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_rev', { revision: 3, destinations: [{ target_url: 'https://three.example' }] }) }]);
    await apply.execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_rev', { revision: 2, destinations: [{ target_url: 'https://two.example' }] }) }]);
    expect((await link('qr_rev')).destinations[0].target_url).toBe('https://three.example');
    const { recorder: r } = await recorder();
    await r.record(await link('qr_rev'), SCAN_FACTS, new Date());
    await apply.execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_rev', { revision: 4, destinations: [{ target_url: 'https://four.example' }] }) }]);
    const after: LinkRecord = await link('qr_rev');
    expect(after.destinations[0].target_url).toBe('https://four.example');
    expect(after.scan_count).toBe(1);
    await apply.execute([{ kind: 'delete', qr_id: 'qr_rev', revision: 1 }]);
    expect((await link('qr_rev')).deleted_at).not.toBeNull();
  });
});
