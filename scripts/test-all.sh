#!/usr/bin/env bash
# The test command (`npm test`): lint and build, then the three tiers in order:
#   unit (pure rules, no I/O) → integration (real SQLite files, PostgreSQL, Redis) → end-to-end (built servers over HTTP).
# Before them: the Kubernetes manifests are checked against the API schemas.
# PostgreSQL and Redis URLs come from DATABASE_URL / REDIS_URL, defaulting to 127.0.0.1.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
mkdir -p .tmp
[ -f node_modules/.package-lock.json ] || npm ci --no-audit --no-fund || exit 1

step() { echo; echo "=== $1 ==="; }
step "lint"; npm run --silent lint || exit 1
step "deploy manifests"; node scripts/validate-manifests.mjs || exit 1
step "build"; npm run --silent build || exit 1
date -u +%FT%TZ > dist/.build-stamp

status=0
for tier in unit integration e2e; do
  step "$tier tests"
  npx jest -c "jest.$tier.config.js" --json --outputFile=".tmp/jest-$tier.json" || status=1
done
node scripts/test-summary.js .tmp/jest-unit.json .tmp/jest-integration.json .tmp/jest-e2e.json || status=1
exit $status
