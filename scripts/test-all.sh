#!/usr/bin/env bash
# The test command (`npm test`): lint and build, then the four tiers in order:
#   unit (pure rules, no I/O) → integration (real SQLite files, PostgreSQL, Redis, Kafka) → end-to-end (built servers over HTTP)
#   → docker (the images, docker-compose.yml and the docs' Docker sections; scripts/docker-engine.sh installs and starts Docker).
# Before them: the Kubernetes manifests are checked against the API schemas.
# PostgreSQL and Redis URLs come from DATABASE_URL / REDIS_URL, defaulting to 127.0.0.1. Kafka: KAFKA_BROKERS,
# or else a broker of the run's own (scripts/kafka-local.js: Apache Kafka from Maven Central, Java 17+ and
# Maven needed), started in the background now and stopped at the end. Its address reaches the tests as
# TEST_KAFKA_BROKERS (libs/testing: testKafkaBrokers), so no server a test starts inherits it.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
mkdir -p .tmp
[ -f node_modules/.package-lock.json ] || npm ci --no-audit --no-fund || exit 1

step() { echo; echo "=== $1 ==="; }

kafka_dir=.tmp/kafka-test
if [ -n "${KAFKA_BROKERS:-}" ]; then
  echo "Kafka: the brokers in KAFKA_BROKERS ($KAFKA_BROKERS)"
  echo "$KAFKA_BROKERS" > .tmp/kafka-address
  kafka_pid=
else
  rm -f .tmp/kafka-address
  node scripts/kafka-local.js start --fresh --dir "$kafka_dir" > .tmp/kafka-address 2> .tmp/kafka-start.log &
  kafka_pid=$!
  trap 'node scripts/kafka-local.js stop --dir "$kafka_dir" >/dev/null 2>&1' EXIT
fi
unset KAFKA_BROKERS

step "docker engine"; bash scripts/docker-engine.sh || exit 1
step "lint"; npm run --silent lint || exit 1
step "deploy manifests"; node scripts/validate-manifests.mjs || exit 1
step "build"; npm run --silent build || exit 1
date -u +%FT%TZ > dist/.build-stamp

step "kafka broker"
if [ -n "$kafka_pid" ] && ! wait "$kafka_pid"; then
  cat .tmp/kafka-start.log >&2
  echo "npm test: the Kafka broker did not start (see above). It needs Java 17+ and Maven; or set KAFKA_BROKERS to a running broker." >&2
  exit 1
fi
[ -f .tmp/kafka-start.log ] && cat .tmp/kafka-start.log
TEST_KAFKA_BROKERS=$(head -n1 .tmp/kafka-address)
[ -n "$TEST_KAFKA_BROKERS" ] || { echo "npm test: no Kafka broker address" >&2; exit 1; }
export TEST_KAFKA_BROKERS
echo "Kafka at $TEST_KAFKA_BROKERS"

status=0
for tier in unit integration e2e docker; do
  step "$tier tests"
  started=$SECONDS
  npx jest -c "jest.$tier.config.js" --json --outputFile=".tmp/jest-$tier.json" || status=1
  echo "$tier tests: $((SECONDS - started)) s"
done
node scripts/test-summary.js .tmp/jest-unit.json .tmp/jest-integration.json .tmp/jest-e2e.json .tmp/jest-docker.json || status=1
exit $status
