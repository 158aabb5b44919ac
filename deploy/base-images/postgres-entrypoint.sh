#!/bin/sh
# First start on an empty PGDATA: a cluster owned by POSTGRES_USER (password POSTGRES_PASSWORD) with the
# database POSTGRES_DB, reached over the network with that password. Then the server in the foreground.
set -eu
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "docker-entrypoint: set POSTGRES_PASSWORD" >&2; exit 1; }
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 -D "$PGDATA" > /dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.auto.conf"
  # Single-user mode: no server answers (nor passes a health check) before the real one below.
  [ "$db" = postgres ] || echo "CREATE DATABASE \"$db\"" | postgres --single -D "$PGDATA" -j postgres > /dev/null
  echo "docker-entrypoint: initialised $PGDATA (user $user, database $db)"
fi
if [ "${1:-}" = postgres ]; then shift; exec postgres -D "$PGDATA" "$@"; fi
exec "$@"
