#!/usr/bin/env node
// Installs dependencies when node_modules is missing and rebuilds dist/ when any source is newer
// than the last build, so `npm start` and `npm run admin` work on a fresh clone.
// Only node built-ins here: this runs before anything is installed. Progress goes to stderr so
// a command's stdout (e.g. the admin CLI's --json line) stays clean.
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });

/** The newest source file under `dir`: [mtime, path]. */
function newest(dir) {
  let latest = [0, dir];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    const found = entry.isDirectory() ? newest(path) : [statSync(path).mtimeMs, path];
    if (found[0] > latest[0]) latest = found;
  }
  return latest;
}

const fileTime = (path) => [statSync(path).mtimeMs, path];

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  process.stderr.write('Installing dependencies (first run)…\n');
  run('npm ci --no-audit --no-fund');
}
const [sources, changed] = [
  newest(join(root, 'apps')),
  newest(join(root, 'libs')),
  newest(join(root, 'bench')),
  fileTime(join(root, 'tsconfig.base.json')),
  fileTime(join(root, 'package-lock.json')),
].reduce((a, b) => (b[0] > a[0] ? b : a));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  process.stderr.write(existsSync(stamp) ? `Building… (${changed.slice(root.length + 1)} changed since the last build)\n` : 'Building…\n');
  run('npm run --silent build');
  writeFileSync(stamp, new Date().toISOString());
}
