#!/usr/bin/env bash
# Lint with the Nx module boundaries really enforced.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
# The boundary rule reads Nx's cached project graph and silently skips itself without one.
npx nx show projects > /dev/null
npx eslint . --max-warnings=0

# Prove the rule is live: a pure lib importing Nest must fail lint.
probe=libs/domain/src/boundary-probe.ts
trap 'rm -f "$probe"' EXIT
printf "import { Injectable } from '@nestjs/common';\nexport const probe = Injectable;\n" > "$probe"
if out=$(npx eslint "$probe" 2>&1); then
  echo "lint: the module-boundary rule did not reject @nestjs/common in libs/domain" >&2
  exit 1
fi
grep -q 'enforce-module-boundaries' <<<"$out" || { echo "lint: probe failed for another reason:" >&2; echo "$out" >&2; exit 1; }
echo "lint: ok (module boundaries enforced: a pure lib importing @nestjs/common is rejected)"
