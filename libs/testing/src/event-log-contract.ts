// A jest suite, not a helper: specs import it as @qr/testing/event-log-contract, and the build (which has no
// jest globals) leaves it out.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EventEnvelope, type QrScannedV1, TOPICS } from '@qr/contracts';
import { newId, silentLog } from '@qr/domain';
import { openDatabase, defineMigration, type StorageConfig } from '@qr/persistence';
import {
  type ConsumedRecord,
  type EventLog,
  openEventLog,
  Outbox,
  OUTBOX_DROP_EVENT_ID_INDEX_SQL,
  OUTBOX_EVENT_COUNT_SQL,
  OUTBOX_TABLE_SQL,
  OutboxWriter,
  type Subscription,
} from '@qr/event-log';
import { scannedEvent as scanned } from './scanned-event';
import { provisionStorage, type TestStorage } from './storage-matrix';
import { createTempDir } from './temp-dir';
import { testKafkaBrokers } from './test-kafka';
import { waitUntil } from './wait-until';

export type Transport = 'sql-sqlite' | 'sql-postgres' | 'kafka';
const kafkaBrokers = () => testKafkaBrokers().split(',');

/** A producer's outbox as the services migrate it. */
const OUTBOX_MIGRATIONS = [
  defineMigration({ timestamp: 1763700000001, name: 'Outbox', sqlite: [OUTBOX_TABLE_SQL.sqlite], postgres: [OUTBOX_TABLE_SQL.postgres] }),
  defineMigration({ timestamp: 1763700000002, name: 'OutboxWithoutEventIdIndex', ...OUTBOX_DROP_EVENT_ID_INDEX_SQL }),
  defineMigration({ timestamp: 1763700000003, name: 'OutboxEventCount', ...OUTBOX_EVENT_COUNT_SQL }),
];

const records = (events: EventEnvelope[]) => events.map((event) => ({ topic: TOPICS.qrScanned, key: event.qr_id!, event }));

/** The event-log contract: every transport must pass it (Kafka on the run's real broker). One spec file per transport runs it. */
export function eventLogContract(transport: Transport): void {
  describe(`event log contract: ${transport}`, () => {
    let provisioned: TestStorage;
    let storage: StorageConfig;
    const open: EventLog[] = [];
    const subs: Subscription[] = [];

    async function openLog(pollMs = 50): Promise<EventLog> {
      const log = await openEventLog({
        transport: transport === 'kafka' ? { kind: 'kafka', brokers: kafkaBrokers() } : { kind: 'sql' },
        storage,
        runMigrations: true,
        clientId: 'contract',
        log: silentLog,
        pollMs,
      });
      open.push(log);
      return log;
    }

    function collect(log: EventLog, group: string, opts: { batchSize?: number; failFirst?: number } = {}) {
      const seen: ConsumedRecord[] = [];
      let failures = opts.failFirst ?? 0;
      const sub = log.subscribe({
        group,
        topics: [TOPICS.qrScanned],
        batchSize: opts.batchSize,
        handler: async (batch) => {
          if (failures > 0) {
            failures -= 1;
            throw new Error('handler failure (injected)');
          }
          seen.push(...batch);
        },
      });
      subs.push(sub);
      return { seen, sub };
    }

    const uniqueGroup = (name: string) => `${name}-${newId('evt').slice(-8)}`;
    // Groups start at the beginning of the shared log, so each test looks only at its own keys.
    const uniqueKey = (name: string) => `qr_${name}_${newId('evt').slice(-8)}`;
    // A producer's own store with its outbox, as the services migrate it: a new one per test unless named.
    const openProducerStore = (name = `producer_${newId('evt').slice(-6).toLowerCase()}`, runMigrations = true) =>
      openDatabase({ name, storage, runMigrations, migrations: OUTBOX_MIGRATIONS });
    const mine = (seen: readonly ConsumedRecord[], events: readonly EventEnvelope[]) => {
      const ids = new Set(events.map((e) => e.id));
      return seen.filter((r) => ids.has(r.event.id));
    };

    beforeAll(async () => {
      // Kafka's producers are distributed mode's: their outboxes are on PostgreSQL.
      provisioned = await provisionStorage(transport === 'sql-sqlite' ? 'sqlite' : 'postgres');
      storage = provisioned.storage;
      // On a loaded machine a new topic's partition can still answer "not the leader" after it is
      // created; the services' callers (relay, consumers) retry an append on their own terms, and so
      // does this suite, once, before its first test.
      if (transport === 'kafka') {
        const log = await openLog();
        const warmUp = records([scanned(uniqueKey('warm'), 1)]);
        await waitUntil(
          () =>
            log.append(warmUp).then(
              () => true,
              () => false,
            ),
          'the Kafka log to take an append',
          60_000,
          250,
        );
      }
    }, 90_000);
    afterEach(async () => {
      await Promise.all(subs.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await Promise.all(open.splice(0).map((l) => l.close()));
      await provisioned.cleanup();
    });

    it('delivers appended events in order per key', async () => {
      const log = await openLog();
      const keys = [uniqueKey('a'), uniqueKey('b'), uniqueKey('c')];
      const events = Array.from({ length: 60 }, (_, i) => scanned(keys[i % 3], i + 1));
      await log.append(records(events));
      const { seen } = collect(log, uniqueGroup('order'), { batchSize: 7 });
      await waitUntil(() => mine(seen, events).length >= 60, '60 events');
      for (const key of keys) {
        expect(seen.filter((r) => r.key === key).map((r) => r.event.id)).toEqual(events.filter((e) => e.qr_id === key).map((e) => e.id));
      }
    });

    it('gives each consumer group its own offsets, and a restarted consumer resumes after its last commit', async () => {
      const log = await openLog();
      const group = uniqueGroup('resume');
      const key = uniqueKey('r');
      const first = Array.from({ length: 10 }, (_, i) => scanned(key, i + 1));
      await log.append(records(first));
      const a = collect(log, group);
      const other = collect(log, uniqueGroup('other'));
      await waitUntil(() => mine(a.seen, first).length >= 10 && mine(other.seen, first).length >= 10, 'both groups');
      // Caught up with everything on the shared topic (earlier tests' events too), so all of it is committed.
      await waitUntil(async () => (await a.sub.lag()) === 0, 'the group to have committed everything');
      await a.sub.stop();

      const second = Array.from({ length: 5 }, (_, i) => scanned(key, i + 11));
      await log.append(records(second));
      const b = collect(log, group);
      await waitUntil(() => mine(b.seen, second).length >= 5, 'resumed consumer');
      await new Promise((r) => setTimeout(r, 200));
      // Nothing from before the stop comes again: the group resumed after its commit.
      expect(b.seen.map((r) => r.event.id)).toEqual(second.map((e) => e.id));
      await waitUntil(() => mine(other.seen, [...first, ...second]).length >= 15, 'other group sees everything');
    });

    it('reports lag until a group has caught up', async () => {
      const log = await openLog();
      const group = uniqueGroup('lag');
      const events = Array.from({ length: 6 }, (_, i) => scanned(uniqueKey('lag'), i + 1));
      await log.append(records(events));
      let release: () => void = () => undefined;
      const gate = new Promise<void>((r) => (release = r));
      const seen: ConsumedRecord[] = [];
      const sub = log.subscribe({
        group,
        topics: [TOPICS.qrScanned],
        handler: async (batch) => {
          await gate;
          seen.push(...batch);
        },
      });
      subs.push(sub);
      expect(await sub.lag()).toBeGreaterThanOrEqual(6);
      release();
      await waitUntil(() => mine(seen, events).length >= 6, 'consumption');
      await waitUntil(async () => (await sub.lag()) === 0, 'lag back to 0');
    });

    it('redelivers a batch whose handler failed (at least once, nothing skipped)', async () => {
      const log = await openLog();
      // One key: order holds per key (Kafka orders each partition only).
      const key = uniqueKey('f');
      const events = Array.from({ length: 5 }, (_, i) => scanned(key, i + 1));
      await log.append(records(events));
      const { seen } = collect(log, uniqueGroup('retry'), { failFirst: 2 });
      await waitUntil(() => mine(seen, events).length >= 5, 'delivery after failures');
      expect(mine(seen, events).map((r) => r.event.id)).toEqual(events.map((e) => e.id));
    });

    it('replays from the beginning after resetGroup', async () => {
      const log = await openLog();
      const group = uniqueGroup('replay');
      const key = uniqueKey('p');
      const events = Array.from({ length: 4 }, (_, i) => scanned(key, i + 1));
      await log.append(records(events));
      const first = collect(log, group);
      await waitUntil(() => mine(first.seen, events).length >= 4, 'first pass');
      await first.sub.stop();
      await log.resetGroup(group, [TOPICS.qrScanned]);
      const again = collect(log, group);
      await waitUntil(() => mine(again.seen, events).length >= 4, 'replay');
      expect(mine(again.seen, events).map((r) => r.event.id)).toEqual(events.map((e) => e.id));
    });

    it('skips a payload that fails its schema instead of applying it', async () => {
      const log = await openLog();
      const bad = scanned('qr_bad', 1);
      (bad.data as unknown as Record<string, unknown>).device = 'toaster';
      const good = scanned('qr_bad', 2);
      await log.append(records([bad, good]));
      const { seen } = collect(log, uniqueGroup('schema'));
      await waitUntil(() => seen.some((r) => r.event.id === good.id), 'the valid event');
      expect(seen.some((r) => r.event.id === bad.id)).toBe(false);
    });

    if (transport !== 'kafka') {
      it('refuses a second consumer of a group in one log instance: the embedded log has one per group', async () => {
        const log = await openLog();
        const group = uniqueGroup('one');
        collect(log, group);
        expect(() => log.subscribe({ group, topics: [TOPICS.qrScanned], handler: async () => undefined })).toThrow(/already has a consumer of group/);
      });

      it('stores an event id once, however often it is appended', async () => {
        const log = await openLog();
        const event = scanned('qr_dup', 1);
        await log.append(records([event]));
        await log.append(records([event]));
        const { seen } = collect(log, uniqueGroup('dup'));
        await waitUntil(() => seen.some((r) => r.event.id === event.id), 'the event');
        await new Promise((r) => setTimeout(r, 200));
        expect(seen.filter((r) => r.event.id === event.id)).toHaveLength(1);
      });

      it('wakes an idle consumer on append without waiting for its poll', async () => {
        // A minute-long poll: only the wake-up can deliver in time (across threads in all-in-one: ThreadSignal).
        const consumerSide = await openLog(60_000);
        const appender = consumerSide;
        const group = uniqueGroup('wake');
        const { seen } = collect(consumerSide, group);
        await new Promise((r) => setTimeout(r, 300));
        const event = scanned('qr_wake', 1);
        await appender.append(records([event]));
        await waitUntil(() => seen.some((r) => r.event.id === event.id), 'woken delivery', 5_000);
      });

      it('delivers every row in order once when its own instance appended some of them and another instance the rest', async () => {
        // The consumer's instance remembers the positions it appended and serves a range from memory only
        // when it holds every position in it: the other instance's rows must come from the database.
        const own = await openLog();
        const other = await openLog();
        const key = uniqueKey('mix');
        const group = uniqueGroup('mix');
        const { seen } = collect(own, group, { batchSize: 4 });
        const events: EventEnvelope[] = [];
        for (let i = 0; i < 6; i++) {
          const mineNow = [scanned(key, events.length + 1), scanned(key, events.length + 2)];
          events.push(...mineNow);
          await own.append(records(mineNow));
          const theirs = scanned(key, events.length + 1);
          events.push(theirs);
          await other.append(records([theirs]));
          // Another topic in between: known to the instance, not for this group.
          await own.append([
            {
              topic: TOPICS.qrScanLimitReached,
              key,
              event: {
                ...scanned(key, 0),
                id: newId('evt'),
                type: 'qr.scan_limit_reached',
                data: { qr_id: key, client_ref: null, scan_limit: 1, reached_at: '2026-11-21T10:00:00Z' },
              } as unknown as EventEnvelope,
            },
          ]);
        }
        await waitUntil(() => mine(seen, events).length >= events.length, `${events.length} events`);
        await new Promise((r) => setTimeout(r, 200));
        expect(mine(seen, events).map((r) => r.event.id)).toEqual(events.map((e) => e.id));
      });
    }

    {
      it('publishes through the outbox only what a transaction committed', async () => {
        const log = await openLog();
        const producerDb = await openProducerStore();
        const outbox = new Outbox(producerDb, log, { log: silentLog, pollMs: 50 });
        outbox.start();
        const kept = scanned('qr_ob', 1);
        const rolledBack = scanned('qr_ob', 2);
        await producerDb.transaction((tx) => outbox.add(tx, [kept]));
        await expect(
          producerDb.transaction(async (tx) => {
            await outbox.add(tx, [rolledBack]);
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        const { seen } = collect(log, uniqueGroup('outbox'));
        await waitUntil(() => seen.some((r) => r.event.id === kept.id), 'the committed event');
        await new Promise((r) => setTimeout(r, 200));
        expect(seen.some((r) => r.event.id === rolledBack.id)).toBe(false);
        await outbox.stop();
        expect(await outbox.pending()).toBe(0);
        await producerDb.close();
      });

      it('relays, in commit order and once, what another connection writes to the outbox (all-in-one’s front and background)', async () => {
        const log = await openLog();
        const writerDb = await openProducerStore();
        const relayDb = await openProducerStore(writerDb.name, false);
        const writer = new OutboxWriter(writerDb);
        // Small batches, so the relay's high-water mark and its range deletes are crossed many times.
        // The relay cleans up itself only after 3 s without rows: well past any pause of this writer, even on a loaded machine.
        const outbox = new Outbox(relayDb, log, {
          log: silentLog,
          pollMs: 20,
          batchSize: 25,
          idleBeforeCleaningMs: 3000,
        });
        expect(await outbox.pending()).toBe(0);
        const relayTransactions = jest.spyOn(relayDb, 'transaction');
        outbox.start();
        const key = uniqueKey('two');
        const events = Array.from({ length: 120 }, (_, i) => scanned(key, i + 1));
        const { seen } = collect(log, uniqueGroup('two'));
        for (let i = 0; i < events.length; i += 10) {
          await writerDb.transaction((tx) => writer.add(tx, events.slice(i, i + 10)));
          await new Promise((r) => setTimeout(r, 15));
        }
        // SQLite: while there was work the relay never took the producer's write lock (the writer deleted
        // relayed rows in its own transactions); PostgreSQL relays and deletes in one transaction.
        if (transport === 'sql-sqlite') expect(relayTransactions).not.toHaveBeenCalled();
        await waitUntil(() => mine(seen, events).length >= events.length, 'every event relayed');
        // Once idle, the relay deletes whatever the writer left.
        await waitUntil(async () => (await writerDb.query<{ n: number }>('SELECT COUNT(*) AS n FROM outbox'))[0].n === 0, 'an empty outbox');
        await new Promise((r) => setTimeout(r, 300));
        expect(mine(seen, events).map((r) => (r.event.data as QrScannedV1).scan_number)).toEqual(events.map((_, i) => i + 1));
        await outbox.stop();
        expect(await outbox.pending()).toBe(0);
        writer.close();
        outbox.close();
        await writerDb.close();
        await relayDb.close();
      });

      it('writes one transaction’s 250 events as 250 rows in order (chunks of 100 and one of 50), each with its topic, key and payload', async () => {
        const db = await openProducerStore();
        const writer = new OutboxWriter(db, () => new Date(1_795_000_000_000));
        const events = Array.from({ length: 250 }, (_, i) => scanned(uniqueKey(`chunk${i % 3}`), i + 1));
        await db.transaction((tx) => writer.add(tx, events));
        const rows = await db.query<{ event_id: string; topic: string; partition_key: string; payload: string; created_at: number }>(
          'SELECT event_id, topic, partition_key, payload, created_at FROM outbox ORDER BY id',
        );
        expect(rows.map((r) => r.event_id)).toEqual(events.map((e) => e.id));
        for (const [i, row] of rows.entries()) {
          expect(row).toMatchObject({ topic: 'qr.scanned.v1', partition_key: events[i].qr_id, created_at: 1_795_000_000_000 });
          expect(JSON.parse(row.payload)).toEqual(events[i]);
        }
        writer.close();
        await db.close();
      });

      it('packs a transaction’s events of one topic and code into one outbox row on PostgreSQL (a row each on SQLite), and relays each event once, in order', async () => {
        const log = await openLog();
        const db = await openProducerStore();
        const outbox = new Outbox(db, log, { log: silentLog, pollMs: 50 });
        const [a, b] = [uniqueKey('pack'), uniqueKey('pack')];
        // Interleaved, with a text that needs escaping (a newline inside a string must not split a row).
        const events = Array.from({ length: 9 }, (_, i) => scanned(i % 3 === 2 ? b : a, i + 1));
        (events[0].data as QrScannedV1).browser = 'Line one\nline two "quoted"';
        await db.transaction((tx) => outbox.add(tx, events));
        const rows = await db.query<{ partition_key: string; event_count: number }>('SELECT partition_key, event_count FROM outbox ORDER BY id');
        const expected =
          storage.kind === 'postgres'
            ? [
                [a, 6],
                [b, 3],
              ]
            : events.map((e) => [e.qr_id, 1]);
        expect(rows.map((r) => [r.partition_key, Number(r.event_count)])).toEqual(expected);
        expect(await outbox.pending()).toBe(9);
        const { seen } = collect(log, uniqueGroup('pack'));
        outbox.start();
        await waitUntil(() => mine(seen, events).length >= 9, 'every packed event');
        await new Promise((r) => setTimeout(r, 200));
        for (const key of [a, b])
          expect(
            mine(seen, events)
              .filter((r) => r.key === key)
              .map((r) => r.event),
          ).toEqual(events.filter((e) => e.qr_id === key));
        await outbox.stop();
        outbox.close();
        await db.close();
      });

      if (transport === 'sql-sqlite') {
        it('lets the writer delete the oldest relayed rows in its own transactions, a bounded number each', async () => {
          const db = await openProducerStore();
          const writer = new OutboxWriter(db);
          // A code each: one row per event (a transaction's events of one code share a row).
          const add = (n: number) =>
            db.transaction((tx) =>
              writer.add(
                tx,
                Array.from({ length: n }, (_, i) => scanned(uniqueKey('clean'), i + 1)),
              ),
            );
          const left = async () => (await db.query<{ n: number; first: number }>('SELECT COUNT(*) AS n, MIN(id) AS first FROM outbox'))[0];
          for (let i = 0; i < 3; i++) await add(100);
          await add(10);
          expect(await left()).toEqual({ n: 310, first: 1 });
          // The relay (any thread) says it has moved rows 1..250 into the log.
          writer.relayed.raise(250);
          expect(writer.hasRelayedRows).toBe(true);
          await add(10); // deletes at most 100 + 2 × 10 relayed rows
          expect(await left()).toEqual({ n: 200, first: 121 });
          await add(10);
          expect(await left()).toEqual({ n: 90, first: 241 });
          await add(10);
          expect(await left()).toEqual({ n: 90, first: 251 });
          expect(writer.hasRelayedRows).toBe(false);
          await add(10);
          expect(await left()).toEqual({ n: 100, first: 251 });
          writer.close();
          await db.close();
        });
      }

      it('resumes from the committed offset after kill -9 mid-batch and loses nothing', async () => {
        const fixture = join(__dirname, '../test-fixtures/consume-to-file.js');
        if (!existsSync(join(__dirname, '../../../dist/libs/event-log/src/index.js')))
          throw new Error('run `npm run build` first: the child process runs the built code');
        const log = await openLog();
        const total = 1500;
        const batch = 50;
        const key = uniqueKey('k');
        const events = Array.from({ length: total }, (_, i) => scanned(`${key}${i % 7}`, i + 1));
        await log.append(records(events));
        const tmp = createTempDir('kill');
        const outFile = join(tmp.path, 'processed.txt');
        writeFileSync(outFile, '');
        const env = {
          ...process.env,
          STORAGE_JSON: JSON.stringify(storage),
          GROUP: uniqueGroup('kill'),
          OUT_FILE: outFile,
          BATCH: String(batch),
          KEY_PREFIX: key,
          KAFKA_BROKERS_FOR_CHILD: transport === 'kafka' ? testKafkaBrokers() : '',
        };
        const ids = new Set(events.map((e) => e.id));
        const lines = () =>
          readFileSync(outFile, 'utf8')
            .split('\n')
            .filter((id) => ids.has(id));
        const startChild = (): ChildProcess => spawn(process.execPath, [fixture], { env, stdio: ['pipe', 'ignore', 'ignore'] });

        const first = startChild();
        await waitUntil(() => lines().length >= 400 && lines().length % batch !== 0, 'the child to be mid-batch', 30_000, 1);
        first.kill('SIGKILL');
        await new Promise((r) => first.once('exit', r));
        const atKill = lines().length;
        expect(atKill).toBeLessThan(total);

        const second = startChild();
        try {
          await waitUntil(() => new Set(lines()).size >= total, 'every event after restart', 60_000);
        } finally {
          second.kill('SIGKILL');
        }
        const all = lines();
        expect(new Set(all)).toEqual(new Set(events.map((e) => e.id)));
        // Resumed from its last commit, not from the start: at most one batch is seen twice.
        expect(all.length - total).toBeLessThanOrEqual(batch);
        tmp.remove();
      });
    }
    /**
     * A group spread over several members: Kafka's group protocol over the topics' partitions (distributed
     * mode's consumer replicas). The embedded log has one consumer per group, in one process.
     */
    if (transport === 'kafka')
      describe('a consumer group over several members', () => {
        const PARTITIONS = 12;

        async function member(sessionTimeoutMs?: number): Promise<EventLog> {
          const log = await openEventLog({
            transport: { kind: 'kafka', brokers: kafkaBrokers() },
            storage,
            runMigrations: true,
            clientId: 'contract-members',
            log: silentLog,
            sessionTimeoutMs,
          });
          open.push(log);
          return log;
        }
        const held = (sub: Subscription) => sub.assignment().partitions;
        /** Events on `keys` distinct codes, `perKey` each, in one order per key. */
        const burst = (name: string, keys: number, perKey: number) => {
          const ks = Array.from({ length: keys }, (_, i) => uniqueKey(`${name}${i}`));
          return Array.from({ length: keys * perKey }, (_, i) => scanned(ks[i % keys], Math.floor(i / keys) + 1));
        };
        const expectKeyOrder = (seen: readonly ConsumedRecord[], events: readonly EventEnvelope[]) => {
          const byKey = new Map<string, string[]>();
          for (const r of mine(seen, events)) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.event.id]);
          for (const [key, ids] of byKey) {
            const expected = events.filter((e) => e.qr_id === key).map((e) => e.id);
            // A key's events in log order (once each; a redelivery repeats a suffix, which dedupe removes).
            expect([...new Set(ids)]).toEqual(expected);
          }
        };
        const settle = (a: Subscription, b: Subscription) =>
          waitUntil(
            () => held(a).length > 0 && held(b).length > 0 && held(a).length + held(b).length === PARTITIONS && !held(a).some((p) => held(b).includes(p)),
            'both members holding a share',
            30_000,
          );

        it('lets only one member of a group handle each event while both run', async () => {
          const one = await openLog();
          const two = await openLog();
          const group = uniqueGroup('lease');
          const a = collect(one, group, { batchSize: 5 });
          const b = collect(two, group, { batchSize: 5 });
          const events = Array.from({ length: 40 }, (_, i) => scanned(uniqueKey('l'), i + 1));
          await one.append(records(events));
          const both = () => [...mine(a.seen, events), ...mine(b.seen, events)];
          await waitUntil(() => both().length >= 40, 'all events once');
          await new Promise((r) => setTimeout(r, 300));
          expect(both()).toHaveLength(40);
        });

        it('spreads a group over two members: each handles a share, together every event once, each key in order', async () => {
          const group = uniqueGroup('spread');
          const [one, two] = [await member(), await member()];
          const a = collect(one, group, { batchSize: 20 });
          const b = collect(two, group, { batchSize: 20 });
          await settle(a.sub, b.sub);
          const events = burst('spread', 24, 10);
          await one.append(records(events));
          await waitUntil(() => mine(a.seen, events).length + mine(b.seen, events).length >= events.length, 'every event');
          await new Promise((r) => setTimeout(r, 300));
          const all = [...mine(a.seen, events), ...mine(b.seen, events)];
          expect(all).toHaveLength(events.length);
          expect(new Set(all.map((r) => r.event.id)).size).toBe(events.length);
          expect(mine(a.seen, events).length).toBeGreaterThan(0);
          expect(mine(b.seen, events).length).toBeGreaterThan(0);
          // A key belongs to one member: its partition's.
          const keysOf = (seen: ConsumedRecord[]) => new Set(mine(seen, events).map((r) => r.key));
          for (const key of keysOf(a.seen)) expect(keysOf(b.seen).has(key)).toBe(false);
          for (const r of mine(a.seen, events)) expect(held(a.sub)).toContain(Number(r.position.split(':')[0]));
          expectKeyOrder(a.seen, events);
          expectKeyOrder(b.seen, events);
          expect(a.sub.assignment().handled + b.sub.assignment().handled).toBeGreaterThanOrEqual(events.length);
        });

        it('rebalances when a member joins: the newcomer takes a share of what comes next, nothing lost or handled twice', async () => {
          const group = uniqueGroup('join');
          const first = await member();
          const a = collect(first, group, { batchSize: 20 });
          await waitUntil(() => held(a.sub).length === PARTITIONS, 'the first member holding every partition', 30_000);
          const before = burst('join-a', 12, 5);
          await first.append(records(before));
          await waitUntil(() => mine(a.seen, before).length >= before.length, 'the first burst');
          const b = collect(await member(), group, { batchSize: 20 });
          await settle(a.sub, b.sub);
          const after = burst('join-b', 24, 5);
          await first.append(records(after));
          const everything = [...before, ...after];
          await waitUntil(() => mine(a.seen, everything).length + mine(b.seen, everything).length >= everything.length, 'every event');
          await new Promise((r) => setTimeout(r, 300));
          expect(mine(b.seen, before)).toHaveLength(0);
          expect(mine(b.seen, after).length).toBeGreaterThan(0);
          const all = [...mine(a.seen, everything), ...mine(b.seen, everything)].map((r) => r.event.id);
          expect(all.sort()).toEqual(everything.map((e) => e.id).sort());
          expectKeyOrder(a.seen, everything);
          expectKeyOrder(b.seen, after);
        });

        it('hands a stopping member’s partitions over at once (long before its session would time out), and loses nothing', async () => {
          const group = uniqueGroup('handover');
          const session = 30_000;
          const [one, two] = [await member(session), await member(session)];
          const a = collect(one, group, { batchSize: 20 });
          const b = collect(two, group, { batchSize: 20 });
          await settle(a.sub, b.sub);
          const first = burst('handover-a', 16, 4);
          await one.append(records(first));
          await waitUntil(() => mine(a.seen, first).length + mine(b.seen, first).length >= first.length, 'the first burst');
          const stoppedAt = Date.now();
          await b.sub.stop();
          await waitUntil(() => held(a.sub).length === PARTITIONS, 'the remaining member holding every partition', 15_000);
          expect(Date.now() - stoppedAt).toBeLessThan(session / 2);
          const second = burst('handover-b', 16, 4);
          await one.append(records(second));
          await waitUntil(() => mine(a.seen, second).length >= second.length, 'the second burst, all on the remaining member');
          expectKeyOrder(a.seen, second);
          expect(mine(b.seen, second)).toHaveLength(0);
        });

        it('replays every partition after resetGroup (with no member running), spread over the members', async () => {
          const group = uniqueGroup('reset');
          const [one, two] = [await member(), await member()];
          const a = collect(one, group, { batchSize: 20 });
          const b = collect(two, group, { batchSize: 20 });
          await settle(a.sub, b.sub);
          const events = burst('reset', 16, 3);
          await one.append(records(events));
          const count = () => mine(a.seen, events).length + mine(b.seen, events).length;
          await waitUntil(() => count() >= events.length, 'the first pass');
          // Kafka rewinds only a group without running members, and says so.
          await expect(one.resetGroup(group, [TOPICS.qrScanned])).rejects.toThrow(/has 2 running member\(s\): Kafka rewinds a group only while none runs/);
          await Promise.all([a.sub.stop(), b.sub.stop()]);
          await one.resetGroup(group, [TOPICS.qrScanned]);
          const members = [a, b, collect(one, group, { batchSize: 20 }), collect(two, group, { batchSize: 20 })];
          const replayed = () => members.reduce((n, m) => n + mine(m.seen, events).length, 0);
          await waitUntil(() => replayed() >= 2 * events.length, 'the replay of every partition', 30_000);
          const times = new Map<string, number>();
          for (const m of members) for (const r of mine(m.seen, events)) times.set(r.event.id, (times.get(r.event.id) ?? 0) + 1);
          for (const e of events) expect(times.get(e.id)).toBeGreaterThanOrEqual(2);
        });

        it('gives a member killed with -9 mid-batch its partitions to the others once its session times out, and loses nothing', async () => {
          const fixture = join(__dirname, '../test-fixtures/consume-to-file.js');
          if (!existsSync(join(__dirname, '../../../dist/libs/event-log/src/index.js')))
            throw new Error('run `npm run build` first: the child process runs the built code');
          const group = uniqueGroup('killed');
          const log = await member();
          const tag = `killed${newId('evt').slice(-6)}`;
          const events = burst(tag, 40, 30);
          await log.append(records(events));
          const tmp = createTempDir('kill-member');
          const outFile = join(tmp.path, 'processed.txt');
          writeFileSync(outFile, '');
          const batch = 25;
          const session = 6000;
          const env = {
            ...process.env,
            STORAGE_JSON: JSON.stringify(storage),
            GROUP: group,
            OUT_FILE: outFile,
            BATCH: String(batch),
            KEY_PREFIX: `qr_${tag}`,
            KAFKA_BROKERS_FOR_CHILD: testKafkaBrokers(),
            SESSION_TIMEOUT_MS: String(session),
          };
          const ids = new Set(events.map((e) => e.id));
          const lines = () =>
            readFileSync(outFile, 'utf8')
              .split('\n')
              .filter((id) => ids.has(id));
          const child = spawn(process.execPath, [fixture], { env, stdio: ['pipe', 'ignore', 'ignore'] });
          try {
            // The child has the group to itself first, then shares it with a slow member of this process.
            await waitUntil(() => lines().length >= 50, 'the child to be consuming', 30_000, 5);
            const here = collect(log, group, { batchSize: batch });
            await waitUntil(
              () => held(here.sub).length > 0 && held(here.sub).length < PARTITIONS,
              'this member to get a share while the child lives',
              30_000,
              10,
            );
            await waitUntil(() => lines().length % batch !== 0, 'the child to be mid-batch', 30_000, 1);
            child.kill('SIGKILL');
            await new Promise((r) => child.once('exit', r));
            const killedAt = Date.now();
            await waitUntil(() => held(here.sub).length === PARTITIONS, 'this member to take the killed member’s partitions', 30_000, 10);
            // Once the child's session had timed out, not before, and not much after.
            expect(Date.now() - killedAt).toBeGreaterThan(300);
            expect(Date.now() - killedAt).toBeLessThan(session + 10_000);
            await waitUntil(
              () => new Set([...lines(), ...mine(here.seen, events).map((r) => r.event.id)]).size >= events.length,
              'every event after the kill',
              60_000,
            );
            const handled = [...lines(), ...mine(here.seen, events).map((r) => r.event.id)];
            expect(new Set(handled)).toEqual(ids);
            // Only the child's uncommitted batch comes again (it handles one partition's batch at a time).
            expect(handled.length - events.length).toBeLessThanOrEqual(batch);
            // What this member handled of each key is the rest of that key's events, in order.
            for (const key of new Set(mine(here.seen, events).map((r) => r.key))) {
              const got = [
                ...new Set(
                  mine(here.seen, events)
                    .filter((r) => r.key === key)
                    .map((r) => r.event.id),
                ),
              ];
              const expected = events.filter((e) => e.qr_id === key).map((e) => e.id);
              expect(got).toEqual(expected.slice(expected.length - got.length));
            }
          } finally {
            child.kill('SIGKILL');
            tmp.remove();
          }
        });
      });
  });
}
