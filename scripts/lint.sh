#!/usr/bin/env bash
# Lint with the Nx module boundaries really enforced.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
# The boundary rule reads Nx's cached project graph and silently skips itself without one.
npx nx show projects > /dev/null
npx eslint . --max-warnings=0

# One layout (Prettier, .prettierrc.json): `npx prettier --write .` fixes what this finds.
npx prettier --check --log-level warn . || { echo "lint: files not formatted (above); run npx prettier --write ." >&2; exit 1; }

# No import circles between files (type-only imports count too): two files that import each other cannot
# be read, tested or moved apart.
if ! circles=$(npx madge --circular --no-spinner --extensions ts,tsx --ts-config tsconfig.json libs apps bench test 2>&1); then
  echo "$circles" >&2
  echo "lint: import circles (above)" >&2
  exit 1
fi

# Prove the rule is live: a pure lib importing Nest must fail lint, and so must the SDK (published on
# its own) importing a lib of the monorepo.
probes=(libs/domain/src/boundary-probe.ts libs/sdk/src/boundary-probe.ts)
trap 'rm -f "${probes[@]}"' EXIT
printf "import { Injectable } from '@nestjs/common';\nexport const probe = Injectable;\n" > "${probes[0]}"
printf "import { Errors } from '@qr/domain';\nexport const probe = Errors;\n" > "${probes[1]}"
for probe in "${probes[@]}"; do
  if out=$(npx eslint "$probe" 2>&1); then
    echo "lint: the module-boundary rule did not reject $probe" >&2
    exit 1
  fi
  grep -q 'enforce-module-boundaries' <<<"$out" || { echo "lint: $probe failed for another reason:" >&2; echo "$out" >&2; exit 1; }
done
echo "lint: ok (formatted; no import circles; module boundaries enforced: a pure lib importing @nestjs/common and the SDK importing @qr/domain are rejected)"
