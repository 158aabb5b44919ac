import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createTempDir } from '@qr/testing';
import { DashboardAssets } from './dashboard-assets';

describe('DashboardAssets', () => {
  it('reads a build into memory, gzipping text once', () => {
    const dir = createTempDir('dash-assets');
    try {
      mkdirSync(join(dir.path, 'assets'));
      const js = 'export const x = 1;\n'.repeat(200);
      writeFileSync(
        join(dir.path, 'index.html'),
        '<script type="module" src="/app/assets/index-a1.js"></script><link rel="stylesheet" href="/app/assets/index-b2.css">',
      );
      writeFileSync(join(dir.path, 'assets/index-a1.js'), js);
      writeFileSync(join(dir.path, 'assets/index-b2.css'), 'body{margin:0}'.repeat(50));
      writeFileSync(join(dir.path, 'assets/lazy-c3.js'), 'lazy'.repeat(1000));
      const assets = DashboardAssets.load(dir.path);
      expect(assets.index).toBeDefined();
      const file = assets.file('/assets/index-a1.js')!;
      expect(file.contentType).toBe('text/javascript; charset=utf-8');
      expect(gunzipSync(file.gzip!).toString()).toBe(js);
      expect(file.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect(assets.file('/assets/index-b2.css')!.contentType).toBe('text/css; charset=utf-8');
      expect(assets.index!.contentType).toBe('text/html; charset=utf-8');
      expect(assets.file('/assets/missing.js')).toBeUndefined();
    } finally {
      dir.remove();
    }
  });

  it('says when there is no build', () => {
    const dir = createTempDir('dash-none');
    try {
      expect(DashboardAssets.load(dir.path).index).toBeUndefined();
    } finally {
      dir.remove();
    }
  });
});
