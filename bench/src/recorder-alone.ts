import { type QrScannedV1 } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { openEventLog, Outbox } from '@qr/event-log';
import { openDatabase, type StorageConfig } from '@qr/persistence';
import { REDIRECT_MIGRATIONS, ScanRecorder } from '@qr/redirect';
import { createTestPostgres } from '@qr/testing';
import { postgresCpuSeconds } from './process-cpu';
import { median } from './stats';

const CALLERS = 50;
const LINK = {
  qr_id: 'qr_recorderbench',
  workspace_id: 'ws_recorderbench',
  client_ref: null,
  short_code: 'rbench',
  revision: 1,
  scan_limit: null,
  scan_count: 0,
};
const FACTS: Omit<QrScannedV1, 'qr_id' | 'client_ref' | 'short_code' | 'scan_number' | 'scanned_at'> = {
  country: 'DE',
  device: 'mobile',
  os: 'iOS',
  browser: 'Safari',
  is_bot: false,
  visitor_hash: 'ab'.repeat(16),
};

export interface RecorderAlone {
  scansPerSecond: number;
  postgresUsPerScan: number;
}

/**
 * The distributed replica's scan recording with nothing around it: the production ScanRecorder and
 * its outbox on PostgreSQL, driven by 50 callers in a loop (as many as wrk's connections), no HTTP,
 * no Redis, no other service. What one replica's commit chain allows on this machine, whatever the
 * HTTP side costs: each caller waits for its scan's commit, as a 302 does. `counting: 'locked'` measures
 * the reference counter (LockedScanCounter) instead of the default one-statement path.
 */
export async function benchRecorderAlone(runs: number, seconds: number, counting: 'predicted' | 'locked' = 'predicted'): Promise<RecorderAlone> {
  const pg = await createTestPostgres('bench_recorder');
  const storage: StorageConfig = { kind: 'postgres', url: pg.url };
  // The recorder writes to its store's outbox; the log is only the outbox's relay target, and no relay runs.
  const log = await openEventLog({ transport: { kind: 'sql' }, storage, runMigrations: true, clientId: 'bench-recorder', log: silentLog });
  const db = await openDatabase({ name: 'redirect', storage, migrations: REDIRECT_MIGRATIONS, runMigrations: true });
  try {
    await db.execute(
      `INSERT INTO links (qr_id, short_code, workspace_id, type, status, content, destinations, utm, timezone, revision, updated_at)
       VALUES ($1, $2, $3, 'website', 'active', '{}', '[]', '{}', 'UTC', 1, 0)`,
      [LINK.qr_id, LINK.short_code, LINK.workspace_id],
    );
    const recorder = new ScanRecorder(db, new Outbox(db, log, { log: silentLog }), silentLog, { counting });
    const load = async (ms: number) => {
      const until = Date.now() + ms;
      let scans = 0;
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          while (Date.now() < until) {
            await recorder.record(LINK, FACTS, new Date());
            scans++;
          }
        }),
      );
      return scans;
    };
    await load(2000);
    const rates: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const before = postgresCpuSeconds();
      const started = Date.now();
      const scans = await load(seconds * 1000);
      rates.push(scans / ((Date.now() - started) / 1000));
      cpu.push(((postgresCpuSeconds() - before) * 1e6) / scans);
    }
    await recorder.drained();
    return { scansPerSecond: median(rates), postgresUsPerScan: median(cpu) };
  } finally {
    await db.close();
    await log.close();
    await pg.drop();
  }
}
