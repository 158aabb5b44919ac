import { randomBytes } from 'node:crypto';
import { liveDynamicCounts, QR_STORE_SPEC } from '@qr/codes';
import { QR_COMMANDS as QR } from '@qr/contracts';
import { ApiError, newId, OPERATOR_ACTOR, PLANS } from '@qr/domain';
import { AllowanceReconcile, type AllowanceReconcileReport, claimPeriodicReconcile, CreateQrCodesFlow, QuotaRepository } from '@qr/gateway';
import { GATEWAY_STORE_SPEC, type Principal, Workspaces } from '@qr/identity';
import { type Database, openDatabase } from '@qr/persistence';
import { CommandRegistry, InProcessCommandBus } from '@qr/platform';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';

/**
 * The reconcile on real stores (the gateway's and qr-service's, SQLite files or PostgreSQL
 * schemas) with the gateway's real creation flow and quota repository. qr-service is stood in for
 * by a few handlers over its real `qr_codes` table, and its count is the real command handler, so
 * a test can run an operation at an exact point of a pass (between the snapshot and the count).
 */
type Item = { dynamic: boolean };
const HOLD_TIMEOUT_MS = 60_000;
const later = () => new Date(Date.now() + HOLD_TIMEOUT_MS + 1_000);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(STORAGE_KINDS)('dynamic allowance reconcile on %s', (kind) => {
  let provisioned: TestStorage;
  let gw: Database;
  let qr: Database;
  let quota: QuotaRepository;
  let flow: CreateQrCodesFlow;
  let bus: InProcessCommandBus;
  /** Runs inside the count command, before qr-service counts: an operation racing the pass. */
  let duringCount: (() => Promise<void>) | null = null;
  /** Runs in qr-service's create, before it inserts: a slow qr-service. */
  let beforeCreate: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    gw = await openDatabase({ name: GATEWAY_STORE_SPEC.name, storage: provisioned.storage, migrations: GATEWAY_STORE_SPEC.migrations, runMigrations: true });
    qr = await openDatabase({ name: QR_STORE_SPEC.name, storage: provisioned.storage, migrations: QR_STORE_SPEC.migrations, runMigrations: true });
    const registry = new CommandRegistry();
    registry.register(QR.planCreate, async (p) => {
      const { items } = p as { items: Item[] };
      // As qr-service does, the plan answers the parsed items, which the gateway sends back to createMany.
      return { items: items.map((item, index) => ({ index, category: item.dynamic ? 'dynamic' : 'static', existing: false })), drafts: items };
    });
    registry.register(QR.createMany, async (p) => {
      const { workspaceId, drafts: items } = p as { workspaceId: string; drafts: Item[] };
      await beforeCreate();
      const results = [];
      for (const [index, item] of items.entries()) {
        const id = await insertCode(workspaceId, item.dynamic);
        results.push({ index, result: 'created', category: item.dynamic ? 'dynamic' : 'static', qr_code: { id } });
      }
      return { results, failed_index: null };
    });
    registry.register(QR.delete, async (p) => {
      const { workspaceId, id } = p as { workspaceId: string; id: string };
      const { rows } = await qr.execute<{ category: string }>(
        'UPDATE qr_codes SET deleted_at = $3 WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING category',
        [workspaceId, id, Date.now()],
      );
      if (!rows[0]) throw new ApiError(404, 'not_found', 'Not found', 'no such code');
      return { id, category: rows[0].category };
    });
    registry.register(QR.liveDynamicCounts, async (p) => {
      const during = duringCount;
      duringCount = null;
      if (during) await during();
      return liveDynamicCounts(qr, p);
    });
    bus = new InProcessCommandBus(registry);
    quota = new QuotaRepository(gw);
    flow = new CreateQrCodesFlow(bus, quota);
  });
  afterAll(async () => {
    await qr?.close();
    await gw?.close();
    await provisioned?.cleanup();
  });
  afterEach(() => {
    duringCount = null;
    beforeCreate = async () => undefined;
  });

  async function insertCode(workspaceId: string, dynamic: boolean): Promise<string> {
    const id = newId('qr');
    const now = Date.now();
    await qr.execute(
      `INSERT INTO qr_codes (id, workspace_id, name, type, category, status, content, destinations, short_code, preview_token, timezone, created_at, updated_at)
       VALUES ($1, $2, 'c', $3, $4, 'active', '{}', '[]', $5, $6, 'UTC', $7, $7)`,
      [
        id,
        workspaceId,
        dynamic ? 'website' : 'text',
        dynamic ? 'dynamic' : 'static',
        dynamic ? randomBytes(6).toString('hex') : null,
        randomBytes(16).toString('hex'),
        now,
      ],
    );
    return id;
  }

  const workspace = async (plan: 'pro' | 'agency' = 'pro') => (await new Workspaces(gw).create({ name: 'W', plan })).id;
  const principal = (workspaceId: string, plan: 'pro' | 'agency' = 'pro'): Principal => ({ keyId: 'key_t', workspaceId, role: 'owner', plan: PLANS[plan] });
  const live = async (ws: string) => (await liveDynamicCounts(qr, { workspaceIds: [ws] })).counts[ws];
  const used = (ws: string) => quota.dynamicUsed(ws);
  const reconcile = (o: { clock?: () => Date; pageSize?: number } = {}) => new AllowanceReconcile(gw, bus, { holdTimeoutMs: HOLD_TIMEOUT_MS, ...o });
  const create = async (ws: string, n: number, plan: 'pro' | 'agency' = 'pro') =>
    (
      await flow.execute(
        principal(ws, plan),
        Array.from({ length: n }, () => ({ dynamic: true })),
        true,
        OPERATOR_ACTOR,
      )
    ).map((r) => (r.qr_code as { id: string }).id);
  const remove = async (ws: string, id: string) => {
    const holdId = await quota.holdForDelete(ws);
    let category: string | null = null;
    try {
      category = (await bus.send<{ category: string }>('qr-service', QR.delete, { workspaceId: ws, id })).category;
    } finally {
      await quota.settleDynamic(holdId, ws, category === 'dynamic' ? 1 : 0);
    }
  };
  const correctionsOf = (report: AllowanceReconcileReport, ws: string) => report.corrected.filter((c) => c.workspace_id === ws);

  it('leaves a fresh reservation alone, and gives back the places of one abandoned by a gateway that died before creating', async () => {
    const ws = await workspace();
    await create(ws, 3);
    // The gateway reserved 2 and died: no code, no give-back, the hold stays.
    expect((await quota.reserveDynamic(ws, 2, 300)).granted).toBe(true);
    expect(await used(ws)).toBe(5);

    const soon = await reconcile().run({ workspaceId: ws });
    expect(soon).toEqual({ workspaces_checked: 1, corrected: [], skipped_in_flight: [ws], abandoned_holds: 0 });
    expect(await used(ws)).toBe(5);

    const after = await reconcile({ clock: later }).run({ workspaceId: ws });
    expect(after).toEqual({ workspaces_checked: 1, corrected: [{ workspace_id: ws, before: 5, after: 3 }], skipped_in_flight: [], abandoned_holds: 1 });
    expect(await used(ws)).toBe(3);
    expect(await reconcile().run({ workspaceId: ws })).toEqual({ workspaces_checked: 1, corrected: [], skipped_in_flight: [], abandoned_holds: 0 });
  });

  it('heals a delete whose gateway died after qr-service deleted and before it gave the place back', async () => {
    const ws = await workspace();
    const [a] = await create(ws, 2);
    await quota.holdForDelete(ws);
    await bus.send('qr-service', QR.delete, { workspaceId: ws, id: a });
    expect([await used(ws), await live(ws)]).toEqual([2, 1]);
    expect(correctionsOf(await reconcile().run(), ws)).toEqual([]);
    expect(correctionsOf(await reconcile({ clock: later }).run(), ws)).toEqual([{ workspace_id: ws, before: 2, after: 1 }]);
    expect(await used(ws)).toBe(1);
  });

  it('raises a counter that is too low and creates a missing one, and the plan cap then holds on the true number', async () => {
    const low = await workspace();
    await create(low, 4);
    await gw.execute('UPDATE dynamic_allowance SET used = 1 WHERE workspace_id = $1', [low]);
    const missing = await workspace();
    await insertCode(missing, true);
    await insertCode(missing, true);
    await insertCode(missing, false);
    const report = await reconcile().run();
    expect(correctionsOf(report, low)).toEqual([{ workspace_id: low, before: 1, after: 4 }]);
    expect(correctionsOf(report, missing)).toEqual([{ workspace_id: missing, before: 0, after: 2 }]);
    expect(await used(missing)).toBe(2);
    await gw.execute('UPDATE dynamic_allowance SET used = 298 WHERE workspace_id = $1', [missing]);
    await reconcile().run({ workspaceId: missing });
    expect(await used(missing)).toBe(2);
  });

  it('never overwrites a reservation made between its snapshot and its count', async () => {
    const ws = await workspace();
    await create(ws, 2);
    await gw.execute('UPDATE dynamic_allowance SET used = 7 WHERE workspace_id = $1', [ws]); // a leak to correct
    // After the pass read the counter, a create reserves; its codes come after the count. A blind
    // write of the count (2) would leave 2 for the 3 codes there will be.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inFlight: Promise<unknown> = Promise.resolve();
    duringCount = async () => {
      beforeCreate = () => gate;
      inFlight = create(ws, 1);
      await waitFor(async () => (await used(ws)) === 8);
    };
    const report = await reconcile().run({ workspaceId: ws });
    expect(report.corrected).toEqual([]);
    expect(report.skipped_in_flight).toEqual([ws]);
    release();
    await inFlight;
    expect([await used(ws), await live(ws)]).toEqual([8, 3]);
    expect(correctionsOf(await reconcile().run({ workspaceId: ws }), ws)).toEqual([{ workspace_id: ws, before: 8, after: 3 }]);
  });

  it('never counts a create that reserved before the snapshot and creates after the count', async () => {
    const ws = await workspace();
    await create(ws, 2);
    // A slow qr-service: the creation has reserved (the hold is there) when the pass reads.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    beforeCreate = () => gate;
    const inFlight = create(ws, 1);
    await waitFor(async () => (await used(ws)) === 3);
    const report = await reconcile().run({ workspaceId: ws });
    // A blind write would set 2 (the count), and the code then created would make it 2 for 3 codes.
    expect(report).toMatchObject({ corrected: [], skipped_in_flight: [ws] });
    release();
    await inFlight;
    expect([await used(ws), await live(ws)]).toEqual([3, 3]);
  });

  it('never writes when a create and a delete both finished during the count (same used, different codes)', async () => {
    const ws = await workspace();
    const [first] = await create(ws, 2);
    await gw.execute('UPDATE dynamic_allowance SET used = 9 WHERE workspace_id = $1', [ws]);
    duringCount = async () => {
      await create(ws, 1);
      await remove(ws, first);
    };
    const report = await reconcile().run({ workspaceId: ws });
    expect(report.corrected).toEqual([]);
    expect(await used(ws)).toBe(9);
    expect(correctionsOf(await reconcile().run({ workspaceId: ws }), ws)).toEqual([{ workspace_id: ws, before: 9, after: 2 }]);
  });

  it('ignores a settle that comes after its hold was dropped as abandoned, and the next pass converges', async () => {
    const ws = await workspace();
    await create(ws, 1);
    // A gateway that hung past the hold timeout: it reserved, then everything stopped.
    const slow = await quota.reserveDynamic(ws, 1, 300);
    expect(correctionsOf(await reconcile({ clock: later }).run(), ws)).toEqual([{ workspace_id: ws, before: 2, after: 1 }]);
    // It wakes up, creates and settles: the hold is gone, so it changes nothing (no double count).
    await insertCode(ws, true);
    expect(await quota.settleDynamic(slow.holdId!, ws, 0)).toBe(false);
    expect([await used(ws), await live(ws)]).toEqual([1, 2]);
    expect(correctionsOf(await reconcile().run(), ws)).toEqual([{ workspace_id: ws, before: 1, after: 2 }]);
  });

  it('is harmless when several passes run at once: one writes, the rest find the version changed', async () => {
    const ws = await workspace();
    await create(ws, 3);
    await gw.execute('UPDATE dynamic_allowance SET used = 11 WHERE workspace_id = $1', [ws]);
    const reports = await Promise.all(Array.from({ length: 4 }, () => reconcile().run({ workspaceId: ws })));
    expect(reports.flatMap((r) => r.corrected)).toEqual([{ workspace_id: ws, before: 11, after: 3 }]);
    expect(await used(ws)).toBe(3);
  });

  it('keeps the counter exact while creates, deletes and passes race (no pass ever writes over an operation)', async () => {
    const ws = await workspace('agency');
    const ids: string[] = [];
    beforeCreate = async () => void (await pause(Math.random() * 4));
    let working = true;
    const worker = async (seed: number) => {
      for (let i = 0; i < 25; i++) {
        if ((i + seed) % 3 === 2 && ids.length) await remove(ws, ids.splice(Math.floor(Math.random() * ids.length), 1)[0]);
        else ids.push(...(await create(ws, 1 + ((i + seed) % 2), 'agency')));
      }
    };
    const passes: AllowanceReconcileReport[] = [];
    const reconciler = async () => {
      while (working) {
        passes.push(await reconcile().run({ workspaceId: ws }));
        await pause(1);
      }
    };
    const racing = [reconciler(), reconciler()];
    await Promise.all([worker(0), worker(1), worker(2)]);
    working = false;
    await Promise.all(racing);
    expect(passes.length).toBeGreaterThan(2);
    // Nothing leaked and no pass was needed: every pass that found a difference must have skipped.
    expect(passes.flatMap((p) => p.corrected)).toEqual([]);
    expect(await used(ws)).toBe(await live(ws));
    expect(await live(ws)).toBe(ids.length);
  });

  it('pages through every workspace, and reconciles one workspace without touching another', async () => {
    const a = await workspace();
    const b = await workspace();
    await create(a, 1);
    await create(b, 1);
    await gw.execute('UPDATE dynamic_allowance SET used = 5 WHERE workspace_id IN ($1, $2)', [a, b]);
    const one = await reconcile().run({ workspaceId: a });
    expect(one.corrected).toEqual([{ workspace_id: a, before: 5, after: 1 }]);
    expect(await used(b)).toBe(5);
    const all = await reconcile({ pageSize: 2 }).run();
    const [{ n }] = await gw.query<{ n: number }>('SELECT COUNT(*) AS n FROM workspaces');
    expect(all.workspaces_checked).toBe(Number(n));
    expect(correctionsOf(all, b)).toEqual([{ workspace_id: b, before: 5, after: 1 }]);
  });

  it('refuses bad input and changes nothing', async () => {
    const ws = await workspace();
    await create(ws, 1);
    await gw.execute('UPDATE dynamic_allowance SET used = 4 WHERE workspace_id = $1', [ws]);
    await expect(reconcile().run({ workspaceId: 'ws_doesnotexist' })).rejects.toMatchObject({ status: 404, code: 'not_found' });
    for (const payload of [
      null,
      { workspaceIds: 'ws_a' },
      { workspaceIds: [ws, 7] },
      { workspaceIds: ["ws_a' OR 1=1 --"] },
      { workspaceIds: Array.from({ length: 501 }, (_, i) => `ws_${i}`) },
    ]) {
      await expect(bus.send('qr-service', QR.liveDynamicCounts, payload)).rejects.toMatchObject({ status: 422, code: 'validation_failed' });
    }
    expect(await used(ws)).toBe(4);
  });

  it('lets one replica of several claim each periodic pass', async () => {
    const now = Date.now();
    await gw.execute("DELETE FROM gateway_jobs WHERE name = 'allowance-reconcile'");
    expect(await claimPeriodicReconcile(gw, now - 540_000, now)).toBe(true);
    expect(await claimPeriodicReconcile(gw, now - 540_000, now)).toBe(false);
    expect(await claimPeriodicReconcile(gw, now + 60_000, now + 600_000)).toBe(true);
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await pause(25);
  }
  throw new Error('condition not met within 10 s');
}
