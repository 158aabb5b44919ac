import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { codeSnapshot } from '../testing/code-snapshot';
import { REDIRECT_MIGRATIONS } from '../store/redirect-migrations';
import { ApplyCodeChanges } from './apply-code-changes';
import { LinkCache } from './link-cache';
import { LinksRepository } from './links.repository';

describe.each(STORAGE_KINDS)('redirect links on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let links: LinksRepository;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: true });
    links = new LinksRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  describe('LinksRepository.scanCounts', () => {
    beforeAll(async () => {
      await new ApplyCodeChanges(db, links, null).execute([
        { kind: 'upsert', snapshot: codeSnapshot('qr_count_a1', { workspace_id: 'ws_a' }) },
        { kind: 'upsert', snapshot: codeSnapshot('qr_count_a2', { workspace_id: 'ws_a' }) },
        { kind: 'upsert', snapshot: codeSnapshot('qr_count_b1', { workspace_id: 'ws_b' }) },
      ]);
      for (const [id, n] of [
        ['qr_count_a1', 7],
        ['qr_count_a2', 0],
        ['qr_count_b1', 42],
      ] as const)
        await db.query('UPDATE links SET scan_count = $1 WHERE qr_id = $2', [n, id]);
    });

    it('answers the committed counts of the workspace’s codes, as numbers, leaving out codes it has no row for', async () => {
      expect(await links.scanCounts('ws_a', ['qr_count_a1', 'qr_count_a2', 'qr_unknown'])).toEqual({ qr_count_a1: 7, qr_count_a2: 0 });
    });

    it('never answers another workspace’s counts, even when asked for its ids', async () => {
      expect(await links.scanCounts('ws_a', ['qr_count_a1', 'qr_count_b1'])).toEqual({ qr_count_a1: 7 });
      expect(await links.scanCounts('ws_b', ['qr_count_a1', 'qr_count_a2'])).toEqual({});
      expect(await links.scanCounts('ws_b', ['qr_count_b1'])).toEqual({ qr_count_b1: 42 });
    });

    it('answers nothing for no ids without asking the store', async () => {
      expect(await links.scanCounts('ws_a', [])).toEqual({});
    });
  });

  describe('ApplyCodeChanges', () => {
    it('forgets a moved short code even when the same batch deletes a code it never had a link for', async () => {
      const cache = new LinkCache();
      const apply = new ApplyCodeChanges(db, links, cache);
      await apply.execute([{ kind: 'upsert', snapshot: codeSnapshot('qr_move_1', { short_code: 'OldPath' }) }]);
      expect(cache.get('OldPath')?.qr_id).toBe('qr_move_1');
      await apply.execute([
        { kind: 'delete', qr_id: 'qr_never_linked', revision: 2 },
        { kind: 'upsert', snapshot: codeSnapshot('qr_move_1', { short_code: 'NewPath', revision: 2, updated_at: 2 }) },
      ]);
      expect(cache.get('OldPath')).toBeUndefined();
      expect(cache.get('NewPath')?.qr_id).toBe('qr_move_1');
    });
  });
});
