import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  remove(): void;
}

export function createTempDir(label = 'qr'): TempDir {
  const path = mkdtempSync(join(tmpdir(), `${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
