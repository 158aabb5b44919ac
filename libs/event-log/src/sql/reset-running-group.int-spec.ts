import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { provisionStorage, scannedEvent, STORAGE_KINDS, type TestStorage, waitUntil } from '@qr/testing';
import { type EventLog } from '../event-log.port';
import { openEventLog } from '../open-event-log';

/**
 * A consumer that has read past other topics' rows skips ranges it knows hold none of its own; a reset
 * must make it read again from the start, also while it keeps running.
 */
describe.each(STORAGE_KINDS)('resetting a group whose consumer is running, on %s', (kind) => {
  let storage: TestStorage;
  let log: EventLog;
  beforeAll(async () => {
    storage = await provisionStorage(kind);
    log = await openEventLog({ transport: { kind: 'sql' }, storage: storage.storage, runMigrations: true, clientId: 'reset', log: silentLog, pollMs: 50 });
  });
  afterAll(async () => {
    await log?.close();
    await storage?.cleanup();
  });

  it('replays every event to the running member after it had read past another topic’s rows', async () => {
    const events = Array.from({ length: 5 }, (_, i) => scannedEvent(`qr_reset${i}`, 1));
    await log.append(events.map((e) => ({ topic: TOPICS.qrScanned, key: e.qr_id!, event: e })));
    const seen: string[] = [];
    const sub = log.subscribe({ group: 'reset', topics: [TOPICS.qrScanned], handler: async (records) => void seen.push(...records.map((r) => r.event.id)) });
    try {
      await waitUntil(() => seen.length === 5, 'the first pass');
      // Another topic's row moves the head: the member's next reads find nothing of its own up to there.
      const other = scannedEvent('qr_other', 1);
      await log.append([{ topic: 'test.other.v1', key: 'qr_other', event: other }]);
      // Idle polls past the head.
      await new Promise((r) => setTimeout(r, 700));
      await log.resetGroup('reset', [TOPICS.qrScanned]);
      await waitUntil(() => seen.length >= 10, 'the replay', 5000);
      expect(seen.slice(5).sort()).toEqual(events.map((e) => e.id).sort());
    } finally {
      await sub.stop();
    }
  });
});
