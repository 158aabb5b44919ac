import { ANALYTICS_STORE_SPEC } from '@qr/analytics';
import { QR_STORE_SPEC } from '@qr/codes';
import { EVENT_LOG_MIGRATIONS } from '@qr/event-log';
import { GATEWAY_STORE_SPEC } from '@qr/identity';
import { openDatabase } from '@qr/persistence';
import { REDIRECT_STORE_SPEC } from '@qr/redirect';
import { provisionStorage, STORAGE_KINDS } from '@qr/testing';
import { WEBHOOKS_STORE_SPEC } from '@qr/webhooks';

/** Every store's whole migration chain, from an empty database, on each dialect. */
const STORES = [
  { ...GATEWAY_STORE_SPEC, expect: ['workspaces', 'members', 'api_keys', 'usage_counters', 'dynamic_allowance', 'dynamic_allowance_holds', 'gateway_jobs'] },
  { ...QR_STORE_SPEC, expect: ['outbox'] },
  { ...REDIRECT_STORE_SPEC, expect: ['outbox', 'processed_events'] },
  { ...ANALYTICS_STORE_SPEC, expect: ['processed_events'] },
  { ...WEBHOOKS_STORE_SPEC, expect: ['processed_events'] },
  {
    name: 'eventlog',
    migrations: EVENT_LOG_MIGRATIONS,
    expect: ['event_log', 'consumer_groups'],
    gone: ['consumer_partitions', 'consumer_members', 'event_log_settings'],
  },
];

describe.each(STORAGE_KINDS)('migrations from empty on %s', (kind) => {
  it.each(STORES.map((s) => [s.name, s] as const))('%s: applies every migration, creates its tables, and is idempotent', async (_name, spec) => {
    const provisioned = await provisionStorage(kind);
    try {
      const db = await openDatabase({ name: spec.name, storage: provisioned.storage, migrations: spec.migrations, runMigrations: true });
      const tables =
        db.dialect === 'sqlite'
          ? await db.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
          : await db.query<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1', [db.schema]);
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(spec.expect));
      for (const table of ('gone' in spec && spec.gone) || []) expect(tables.map((t) => t.name)).not.toContain(table);
      const applied = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations');
      expect(Number(applied[0].n)).toBe(spec.migrations.length);
      await db.close();
      const again = await openDatabase({ name: spec.name, storage: provisioned.storage, migrations: spec.migrations, runMigrations: true });
      expect(await again.dataSource.showMigrations()).toBe(false);
      expect(Number((await again.query<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))[0].n)).toBe(spec.migrations.length);
      await again.close();
    } finally {
      await provisioned.cleanup();
    }
  });
});
