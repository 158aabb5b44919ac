import { createTempDir, threadSched } from '@qr/testing';
import { DEPLOYABLES, loadRuntimeConfig } from '../config/runtime-config';
import { createPlatformRuntime, type ThreadRole } from './platform-runtime';

describe('createPlatformRuntime on SQLite', () => {
  const dir = createTempDir('platform-runtime');
  afterAll(() => dir.remove());

  it.each<[ThreadRole, string]>([
    ['front', 'elsewhere'],
    ['background', 'inline'],
    ['single', 'inline'],
  ])('the %s thread’s SQLite connections checkpoint %s', async (thread, checkpoints) => {
    // BACKGROUND_PRIORITY=normal: a 'background' runtime lowers the priority of the thread that creates it (here, the test's).
    const runtime = await createPlatformRuntime(loadRuntimeConfig({ DATA_DIR: dir.path, BACKGROUND_PRIORITY: 'normal' }, DEPLOYABLES), 'test', thread);
    try {
      expect(runtime.config.storage).toMatchObject({ kind: 'sqlite', dataDir: dir.path });
      expect(runtime.config.storage.kind === 'sqlite' && (runtime.config.storage.checkpoints ?? 'inline')).toBe(checkpoints);
    } finally {
      await runtime.eventLog.close();
    }
    expect(threadSched(process.pid, process.pid).policy).toBe(0);
  });
});
