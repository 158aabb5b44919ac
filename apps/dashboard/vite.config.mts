import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const lib = (path: string) => fileURLToPath(new URL(`../../libs/${path}`, import.meta.url));

// The dashboard is served by the api-gateway under /app (libs/dashboard). Nothing is inlined into the
// HTML: the page's Content-Security-Policy allows scripts and styles from our own files only.
export default defineConfig({
  root,
  base: '/app/',
  publicDir: 'public',
  // The libs' browser entries: the names and tables the dashboard shares with the server, bundled
  // from source (tsconfig.json maps the same paths for the type check).
  resolve: {
    alias: {
      '@qr/domain/browser': lib('domain/src/browser.ts'),
      '@qr/qr-content/browser': lib('qr-content/src/browser.ts'),
      '@qr/opening-rules/browser': lib('opening-rules/src/browser.ts'),
      '@qr/qr-design/browser': lib('qr-design/src/browser.ts'),
      '@qr/gs1/browser': lib('gs1/src/browser.ts'),
    },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/dashboard', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
