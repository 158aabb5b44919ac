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

# Prove the rules are live: a pure lib importing Nest must fail lint, and so must the SDK (published on
# its own) importing a lib of the monorepo, the dashboard importing a lib's server-side index, and a lib's
# own test fixtures (src/testing) importing the test helpers.
probes=(libs/domain/src/boundary-probe.ts libs/sdk/src/boundary-probe.ts apps/dashboard/src/boundary-probe.ts libs/event-log/src/testing/boundary-probe.ts)
rules=(enforce-module-boundaries enforce-module-boundaries no-restricted-imports no-restricted-imports)
trap 'rm -f "${probes[@]}"; rmdir libs/event-log/src/testing 2>/dev/null || true' EXIT
mkdir -p libs/event-log/src/testing
printf "import { Injectable } from '@nestjs/common';\nexport const probe = Injectable;\n" > "${probes[0]}"
printf "import { Errors } from '@qr/domain';\nexport const probe = Errors;\n" > "${probes[1]}"
printf "import { ROLES } from '@qr/domain';\nexport const probe = ROLES;\n" > "${probes[2]}"
printf "import { waitUntil } from '@qr/testing';\nexport const probe = waitUntil;\n" > "${probes[3]}"
for i in "${!probes[@]}"; do
  probe=${probes[$i]}
  if out=$(npx eslint "$probe" 2>&1); then
    echo "lint: the rule ${rules[$i]} did not reject $probe" >&2
    exit 1
  fi
  grep -q "${rules[$i]}" <<<"$out" || { echo "lint: $probe failed for another reason:" >&2; echo "$out" >&2; exit 1; }
done
echo "lint: ok (formatted; no import circles; boundaries enforced: a pure lib importing @nestjs/common, the SDK importing @qr/domain, the dashboard importing a lib's main entry and a lib's src/testing importing @qr/testing are rejected)"
