#!/usr/bin/env bash
# Docker for the test run (scripts/test-all.sh, .ci/run): installs what is missing from Debian's
# packages, then starts dockerd when none answers. Fails, saying what to install, where it cannot.
#   docker.io   the engine (dockerd, containerd, runc); mmdebstrap, for scripts/docker-base-images.js
#   Compose v2 and buildx: Debian 12 packages neither (its docker-compose is the retired Python v1), so
#   they come from Debian 13's docker-compose and docker-buildx: Go binaries that need only libc, fetched
#   with apt-get download from the same mirror (the machine's apt sources are left as they are).
set -euo pipefail

missing() {
  if [ "$(id -u)" != 0 ]; then
    echo "docker-engine: $1 is missing; install it (Debian: $2) or run the tests as root, which installs it" >&2
    exit 1
  fi
}

if ! command -v dockerd > /dev/null || ! command -v mmdebstrap > /dev/null; then
  missing "the Docker engine or mmdebstrap" "apt-get install docker.io mmdebstrap"
  packages="docker.io mmdebstrap"
  (apt-get install -y --no-install-recommends $packages || { apt-get update && apt-get install -y --no-install-recommends $packages; }) > /dev/null
fi

if ! docker compose version > /dev/null 2>&1 || ! docker buildx version > /dev/null 2>&1; then
  missing "Docker Compose v2 or buildx" "Debian 13's docker-compose and docker-buildx"
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" > "$dir/sources.list"
  apt=(-o "Dir::Etc::sourcelist=$dir/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$dir/lists"
    -o "Dir::Cache=$dir/cache" -o Dir::State::status=/dev/null -o APT::Sandbox::User=root)
  apt-get "${apt[@]}" update -qq > /dev/null
  (cd "$dir" && apt-get "${apt[@]}" download docker-compose docker-buildx > /dev/null)
  dpkg -i "$dir"/*.deb > /dev/null
fi

if ! docker info > /dev/null 2>&1; then
  log=${TMPDIR:-/tmp}/dockerd.log
  if [ "$(id -u)" != 0 ]; then
    echo "docker-engine: no Docker engine answers; start dockerd (or add this user to the docker group)" >&2
    exit 1
  fi
  # At nice 10, like every build and test here: the builds and containers it starts inherit it.
  setsid nice -n 10 dockerd > "$log" 2>&1 < /dev/null &
  for _ in $(seq 60); do docker info > /dev/null 2>&1 && break; sleep 1; done
  if ! docker info > /dev/null 2>&1; then
    tail -n 20 "$log" >&2
    echo "docker-engine: dockerd did not start (its log: $log)" >&2
    exit 1
  fi
fi
echo "Docker Engine $(docker version --format '{{.Server.Version}}'), $(docker compose version), buildx $(docker buildx version | cut -d' ' -f2)"
