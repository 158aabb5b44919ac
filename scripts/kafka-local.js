#!/usr/bin/env node
// A real Apache Kafka broker on this machine, from Maven Central, for development and the tests: one KRaft
// node that is both controller and broker, on 127.0.0.1. Needs Java 17+ and Maven; no Docker.
//
//   npm run kafka                                   # start, print the bootstrap address, stop on Ctrl-C
//   node scripts/kafka-local.js start [--dir D] [--fresh]   # start in the background, print the address
//   node scripts/kafka-local.js stop  [--dir D]             # stop it cleanly (SIGTERM, then waits)
//
// The broker's version is pinned in deploy/kafka-local/pom.xml; its jars are copied into
// deploy/kafka-local/lib (ignored by git) with `mvn dependency:copy-dependencies`, cached in ~/.m2.
// The tests use the same functions (libs/testing: startOwnKafka) for brokers they kill and restart.
'use strict';
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, readdirSync } = require('node:fs');
const { createServer } = require('node:net');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const PROJECT = join(ROOT, 'deploy/kafka-local');
const LIB = join(PROJECT, 'lib');
const HEAP = '512m';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

function fail(message) {
  const err = new Error(`kafka-local: ${message}`);
  err.kafkaLocal = true;
  throw err;
}

function javaCommand() {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin/java') : 'java';
  const text = javaVersionText(java);
  if (text === null) fail(`Java 17 or later is needed to run the Kafka broker, and ${java} was not found (install a JDK or set JAVA_HOME)`);
  const version = /version "(?:1\.)?(\d+)/.exec(text);
  if (version && Number(version[1]) < 17) fail(`Java 17 or later is needed to run the Kafka broker; ${java} is ${version[1]}`);
  return java;
}

/** What `java -version` prints (on stderr), or null when there is no such command. */
function javaVersionText(java) {
  const r = spawnSync(java, ['-version'], { encoding: 'utf8' });
  return r.error ? null : `${r.stdout}${r.stderr}`;
}

/** The broker's jars, copied from ~/.m2 when the pom changed since the last copy. */
function ensureJars() {
  const pom = readFileSync(join(PROJECT, 'pom.xml'));
  const stamp = join(LIB, '.pom-sha256');
  const sha = createHash('sha256').update(pom).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sha) return;
  rmSync(LIB, { recursive: true, force: true });
  try {
    execFileSync('mvn', ['-q', '-B', '-f', join(PROJECT, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${LIB}`, '-DincludeScope=runtime'], {
      stdio: ['ignore', 2, 2],
    });
  } catch (err) {
    if (err.code === 'ENOENT') fail('Maven (`mvn`) is needed to fetch the Kafka broker from Maven Central, and it was not found');
    fail(`mvn could not copy the broker's jars (exit ${err.status}); see its output above`);
  }
  writeFileSync(stamp, sha);
}

function kafkaVersion() {
  const jar = readdirSync(LIB).find((f) => /^kafka_2\.13-.*\.jar$/.test(f));
  return jar ? jar.replace(/^kafka_2\.13-|\.jar$/g, '') : 'unknown';
}

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer()
      .once('error', rej)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => res(port));
      });
  });
}

function portFree(port) {
  return new Promise((res) => {
    const s = createServer()
      .once('error', () => res(false))
      .listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stateOf(dir) {
  const file = join(dir, 'broker.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function serverProperties(dir, port, controllerPort) {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${join(dir, 'data')}`,
    // One node: every internal topic has one replica.
    'offsets.topic.replication.factor=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    // Fewer internal partitions than the default 50: the group coordinator loads them at the first join.
    'offsets.topic.num.partitions=4',
    'transaction.state.log.num.partitions=4',
    // Groups form at once instead of waiting 3 s for more members.
    'group.initial.rebalance.delay.ms=0',
    // Topics are created by the services (KafkaEventLog.ensureTopics), as on a production cluster.
    'auto.create.topics.enable=false',
    'num.partitions=12',
    '',
  ].join('\n');
}

/** Waits until the broker answers a metadata request (a cluster description), or its process exits. */
async function waitForMetadata(brokers, pid, logFile) {
  const { Kafka, logLevel } = require('kafkajs');
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (!alive(pid)) fail(`the broker exited while starting; the end of ${logFile}:\n${tail(logFile)}`);
    const admin = new Kafka({ clientId: 'kafka-local', brokers, logLevel: logLevel.NOTHING, retry: { retries: 0 }, connectionTimeout: 1000 }).admin();
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      if (cluster.brokers.length > 0) return;
    } catch (err) {
      last = String(err && err.message);
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`the broker did not answer a metadata request within ${START_TIMEOUT_MS / 1000} s (${last}); the end of ${logFile}:\n${tail(logFile)}`);
}

function tail(file) {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}

/**
 * Starts a broker with its data under `dir` (formatted on first use) and waits until it answers a
 * metadata request. A broker already running from `dir` is reused. The port is kept across restarts of
 * the same `dir` (the data stays reachable at the same address) unless something else took it.
 */
async function startBroker({ dir, fresh = false, port } = {}) {
  dir = resolve(dir ?? join(ROOT, '.tmp/kafka'));
  const running = stateOf(dir);
  if (running && alive(running.pid)) {
    if (!fresh) return handle(dir, running);
    await stopBroker({ dir });
  }
  if (fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const java = javaCommand();
  ensureJars();
  const previous = stateOf(dir);
  const pick = async (wanted) => (wanted && (await portFree(wanted)) ? wanted : freePort());
  const brokerPort = port ?? (await pick(previous?.port));
  let controllerPort = await pick(previous?.controllerPort);
  while (controllerPort === brokerPort) controllerPort = await freePort();
  const properties = join(dir, 'server.properties');
  writeFileSync(properties, serverProperties(dir, brokerPort, controllerPort));
  const classpath = `${LIB}/*`;
  if (!existsSync(join(dir, 'data', 'meta.properties'))) {
    // A cluster id is 16 random bytes, base64url without padding (what `kafka-storage random-uuid` prints).
    // Like Kafka's own Uuid.randomUuid, never one that starts with '-': the format command would read it as an option.
    let clusterId = randomBytes(16).toString('base64url');
    while (clusterId.startsWith('-')) clusterId = randomBytes(16).toString('base64url');
    execFileSync(
      java,
      [
        '-cp',
        classpath,
        `-Dlog4j2.configurationFile=${join(PROJECT, 'log4j2.properties')}`,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        clusterId,
        '-c',
        properties,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const logFile = join(dir, 'broker.log');
  const out = openSync(logFile, 'a');
  const child = spawn(
    java,
    [
      `-Xmx${HEAP}`,
      '-Xms128m',
      '-XX:+UseG1GC',
      '-Djava.awt.headless=true',
      `-Dlog4j2.configurationFile=${join(PROJECT, 'log4j2.properties')}`,
      `-Dkafka.logs.dir=${dir}`,
      '-cp',
      classpath,
      'kafka.Kafka',
      properties,
    ],
    { detached: true, stdio: ['ignore', out, out] },
  );
  child.unref();
  const state = { pid: child.pid, port: brokerPort, controllerPort, version: kafkaVersion(), java: javaVersionText(java).split('\n')[0] };
  writeFileSync(join(dir, 'broker.json'), JSON.stringify(state));
  try {
    await waitForMetadata([`127.0.0.1:${brokerPort}`], child.pid, logFile);
  } catch (err) {
    if (alive(child.pid)) process.kill(child.pid, 'SIGKILL');
    throw err;
  }
  return handle(dir, state);
}

function handle(dir, state) {
  return {
    dir,
    pid: state.pid,
    version: state.version,
    brokers: `127.0.0.1:${state.port}`,
    stop: () => stopBroker({ dir }),
    /** kill -9: no clean shutdown, the data stays for a restart. */
    kill9: async () => {
      if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
      await waitForExit(state.pid, STOP_TIMEOUT_MS);
    },
    restart: () => startBroker({ dir, port: state.port }),
  };
}

async function waitForExit(pid, ms) {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

/** A clean stop (SIGTERM: the broker closes its logs), SIGKILL after 30 s. */
async function stopBroker({ dir } = {}) {
  dir = resolve(dir ?? join(ROOT, '.tmp/kafka'));
  const state = stateOf(dir);
  if (!state || !alive(state.pid)) return false;
  process.kill(state.pid, 'SIGTERM');
  if (!(await waitForExit(state.pid, STOP_TIMEOUT_MS))) {
    process.kill(state.pid, 'SIGKILL');
    await waitForExit(state.pid, 5000);
  }
  return true;
}

function argsOf(argv) {
  const o = { dir: undefined, fresh: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dir') o.dir = argv[++i];
    else if (argv[i] === '--fresh') o.fresh = true;
    else fail(`unknown option ${argv[i]}`);
  }
  return o;
}

async function main() {
  const [command = 'run', ...rest] = process.argv.slice(2);
  const o = argsOf(rest);
  if (command === 'start') {
    const b = await startBroker(o);
    process.stderr.write(`kafka-local: Apache Kafka ${b.version} (KRaft) at ${b.brokers}, pid ${b.pid}, data in ${b.dir}\n`);
    process.stdout.write(`${b.brokers}\n`);
  } else if (command === 'stop') {
    process.stderr.write((await stopBroker(o)) ? 'kafka-local: stopped\n' : 'kafka-local: not running\n');
  } else if (command === 'run') {
    const b = await startBroker(o);
    process.stdout.write(`Apache Kafka ${b.version} (KRaft, one node) at ${b.brokers}; data in ${b.dir}\n`);
    process.stdout.write(`  KAFKA_BROKERS=${b.brokers}\nCtrl-C stops it.\n`);
    const stop = () => b.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    setInterval(() => {
      if (!alive(b.pid)) {
        process.stderr.write('kafka-local: the broker exited\n');
        process.exit(1);
      }
    }, 1000);
  } else fail(`unknown command ${command} (start, stop or run)`);
}

module.exports = { startBroker, stopBroker, ensureJars };

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err.kafkaLocal ? err.message : err.stack}\n`);
    process.exit(1);
  });
}
