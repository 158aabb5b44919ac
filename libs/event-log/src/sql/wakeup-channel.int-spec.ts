import { Client } from 'pg';
import { silentLog } from '@qr/domain';
import { createTestPostgres, type TestPostgres, waitUntil } from '@qr/testing';
import { PgWakeupChannel, REBALANCE } from './wakeup-channel';

/** Two processes' wake-up channels on one PostgreSQL database and channel name. */
describe('PgWakeupChannel', () => {
  let pg: TestPostgres;
  let sql: Client;
  let here: PgWakeupChannel;
  let there: PgWakeupChannel;
  const heardThere: Array<readonly string[] | undefined> = [];

  beforeAll(async () => {
    pg = await createTestPostgres('wakeups');
    sql = new Client({ connectionString: pg.url });
    await sql.connect();
    here = new PgWakeupChannel(pg.url, 'wake_test', silentLog);
    there = new PgWakeupChannel(pg.url, 'wake_test', silentLog);
    // Each channel wakes its own consumers once it listens (and can send).
    let hereReady = false;
    const off = here.onWake(() => (hereReady = true));
    there.onWake((topics) => heardThere.push(topics));
    await waitUntil(() => hereReady && heardThere.length > 0, 'both channels listening');
    off();
  });

  afterAll(async () => {
    await here?.close();
    await there?.close();
    await sql?.end();
    await pg?.drop();
  });

  beforeEach(() => {
    heardThere.length = 0;
  });

  it('tells the other process which topics were appended', async () => {
    const heardHere: Array<readonly string[] | undefined> = [];
    const off = here.onWake((topics) => heardHere.push(topics));
    here.notifyAppended(['qr.scanned.v1']);
    // This process's consumers are told at once; the other's through NOTIFY.
    expect(heardHere).toEqual([['qr.scanned.v1']]);
    await waitUntil(() => heardThere.length > 0, 'the other process woken');
    expect(heardThere).toEqual([['qr.scanned.v1']]);
    off();
  });

  it('coalesces appends made while a NOTIFY is out into one that names all their topics', async () => {
    here.notifyAppended(['qr.scanned.v1']);
    here.notifyAppended(['qr.code.updated.v1']);
    here.notifyAppended(['qr.scanned.v1', 'qr.code.deleted.v1']);
    await waitUntil(() => new Set(heardThere.flatMap((t) => t ?? [])).size === 3, 'all three topics heard');
    // The first goes out at once; the other two wait for its spacing and go out together.
    expect(heardThere).toEqual([['qr.scanned.v1'], ['qr.code.updated.v1', 'qr.scanned.v1', 'qr.code.deleted.v1']]);
  });

  it('wakes every consumer for a NOTIFY that names no topics (a process of the previous version)', async () => {
    await sql.query('NOTIFY wake_test');
    await waitUntil(() => heardThere.length > 0, 'the bare NOTIFY heard');
    expect(heardThere).toEqual([undefined]);
  });

  it('names no topics when one could be misread (a comma in it, or the rebalance hint’s payload): every consumer wakes', async () => {
    here.notifyAppended(['a,b.v1']);
    await waitUntil(() => heardThere.length > 0, 'the first NOTIFY heard');
    here.notifyAppended([REBALANCE]);
    await waitUntil(() => heardThere.length > 1, 'the second NOTIFY heard');
    expect(heardThere).toEqual([undefined, undefined]);
  });

  it('keeps rebalance hints apart from wake-ups', async () => {
    let rebalances = 0;
    const off = there.onRebalance(() => rebalances++);
    await sql.query(`NOTIFY wake_test, '${REBALANCE}'`);
    await waitUntil(() => rebalances > 0, 'the rebalance hint heard');
    expect(heardThere).toEqual([]);
    off();
  });
});
