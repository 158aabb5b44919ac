#!/usr/bin/env bash
# `npm run test:kafka`: the event-log contract suite and the distributed suite against a real Kafka broker.
# With KAFKA_BROKERS set, that broker is used. Otherwise, on a machine with a Docker engine, a single KRaft
# broker is started with @testcontainers/kafka for the run (not possible on the build machines: no Docker).
set -euo pipefail
cd "$(dirname "$0")/.."
run_suites() {
  npx jest -c jest.integration.config.js libs/event-log
  npx jest -c jest.e2e.config.js test/e2e/distributed
}
if [ -n "${KAFKA_BROKERS:-}" ]; then run_suites; exit; fi
if ! docker info >/dev/null 2>&1; then
  echo "test:kafka: no KAFKA_BROKERS and no Docker engine: nothing to run against (no fake broker)." >&2
  exit 1
fi
npm install --no-save --no-audit --no-fund @testcontainers/kafka@^11 >/dev/null
mkdir -p .tmp && rm -f .tmp/kafka-address
node scripts/kafka-container.js > .tmp/kafka-address &
container=$!
trap 'kill $container 2>/dev/null || true' EXIT
for _ in $(seq 1 180); do [ -s .tmp/kafka-address ] && break; sleep 1; done
KAFKA_BROKERS=$(cat .tmp/kafka-address)
export KAFKA_BROKERS
run_suites
