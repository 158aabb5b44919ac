// Child process for the kill -9 test: consumes a group and appends each event id to a file,
// one line per event, slowly enough that a kill lands in the middle of a batch.
const { appendFileSync } = require('node:fs');
const { join } = require('node:path');
const dist = join(__dirname, '../../../dist/libs');
const { openEventLog } = require(join(dist, 'event-log/src/index.js'));

async function main() {
  const storage = JSON.parse(process.env.STORAGE_JSON);
  const log = await openEventLog({
    transport: process.env.KAFKA_BROKERS_FOR_CHILD ? { kind: 'kafka', brokers: process.env.KAFKA_BROKERS_FOR_CHILD.split(',') } : { kind: 'sql' },
    storage,
    runMigrations: false,
    clientId: 'kill-test',
    log: { event: () => undefined },
    pollMs: 100,
    sessionTimeoutMs: process.env.SESSION_TIMEOUT_MS ? Number(process.env.SESSION_TIMEOUT_MS) : undefined,
  });
  log.subscribe({
    group: process.env.GROUP,
    topics: ['qr.scanned.v1'],
    batchSize: Number(process.env.BATCH || 50),
    handler: async (records) => {
      for (const r of records) {
        // Earlier tests' events on the shared log go by at once: only the test's own keys take time.
        if (process.env.KEY_PREFIX && !r.key.startsWith(process.env.KEY_PREFIX)) continue;
        appendFileSync(process.env.OUT_FILE, r.event.id + '\n');
        await new Promise((res) => setTimeout(res, 1));
      }
    },
  });
  process.stdout.write('ready\n');
  // Ends with the test that started it (its stdin closes when that process ends, however it ends).
  process.stdin.on('end', () => process.exit(0)).resume();
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
