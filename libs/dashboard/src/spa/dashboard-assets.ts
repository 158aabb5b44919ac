import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  body: Buffer;
  /** Gzip of the body when that is smaller (text types), else null. */
  gzip: Buffer | null;
  contentType: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

/**
 * The built dashboard (Vite's output), read into memory once at start and gzipped once: a few
 * hundred kilobytes that every page view needs, so there is no disk read or compression per request.
 */
export class DashboardAssets {
  private constructor(
    private readonly files: ReadonlyMap<string, Asset>,
    readonly directory: string,
  ) {}

  /** The build's output next to the built server, unless DASHBOARD_DIR names another directory. */
  static load(directory: string | undefined): DashboardAssets {
    const dir = directory ?? defaultDirectory();
    const files = new Map<string, Asset>();
    if (existsSync(join(dir, 'index.html'))) {
      for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (statSync(join(dir, name)).isFile()) files.set(`/${name.split(sep).join('/')}`, toAsset(join(dir, name)));
      }
    }
    return new DashboardAssets(files, dir);
  }

  /** A file by its path under /app (`/assets/index-abc.js`). */
  file(path: string): Asset | undefined {
    return this.files.get(path);
  }

  /** The single page; undefined while the dashboard is not built. */
  get index(): Asset | undefined {
    return this.files.get('/index.html');
  }
}

function defaultDirectory(): string {
  // dist/libs/dashboard/src/spa → dist/apps/dashboard (the server runs built; see the root build script).
  return resolve(__dirname, __dirname.split(sep).includes('dist') ? '../../../../apps/dashboard' : '../../../../dist/apps/dashboard');
}

function toAsset(path: string): Asset {
  const ext = extname(path);
  const body = readFileSync(path);
  const gzipped = COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null;
  return {
    body,
    gzip: gzipped && gzipped.length < body.length ? gzipped : null,
    contentType: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}
