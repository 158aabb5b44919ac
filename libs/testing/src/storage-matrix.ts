import type { StorageConfig } from '@qr/persistence';
import { createTestPostgres } from './test-postgres';
import { createTempDir } from './temp-dir';

export interface TestStorage {
  storage: StorageConfig;
  cleanup(): Promise<void>;
}

/**
 * The dialects every storage suite runs against (Kysely-style: one suite, every dialect).
 * `describe.each(STORAGE_KINDS)` then `await provisionStorage(kind)` in beforeAll.
 */
export const STORAGE_KINDS = ['sqlite', 'postgres'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

export async function provisionStorage(kind: StorageKind): Promise<TestStorage> {
  if (kind === 'sqlite') {
    const dir = createTempDir('qr-sqlite');
    return { storage: { kind: 'sqlite', dataDir: dir.path }, cleanup: async () => dir.remove() };
  }
  const pg = await createTestPostgres();
  return { storage: { kind: 'postgres', url: pg.url }, cleanup: () => pg.drop() };
}
