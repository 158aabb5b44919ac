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

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  process.stderr.write('Installing dependencies (first run)…\n');
  run('npm ci --no-audit --no-fund');
}
const sources = Math.max(
  newest(join(root, 'apps')),
  newest(join(root, 'libs')),
  newest(join(root, 'bench')),
  statSync(join(root, 'tsconfig.base.json')).mtimeMs,
  statSync(join(root, 'package-lock.json')).mtimeMs,
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  process.stderr.write('Building…\n');
  run('npm run --silent build');
  writeFileSync(stamp, new Date().toISOString());
}
