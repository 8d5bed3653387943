#!/usr/bin/env bash
# The real servers the scale-out tests run against (issue 14), on loopback, in one temporary folder,
# started by hand: there is no Docker engine or systemd on the machines we test on.
#
#   config/scripts/testServers.sh start   # PostgreSQL, Redis and s3rver; prints the variables to export
#   config/scripts/testServers.sh env     # the same variables, for `eval "$(... env)"`
#   config/scripts/testServers.sh stop    # stops each by its process id and deletes the folder
#
# Needs Debian's postgresql and redis-server (`apt-get install -y postgresql redis-server`); s3rver
# comes from the npm registry with the dev dependencies. PostgreSQL refuses to run as root, so when
# run as root its data folder belongs to the `postgres` user and its commands run as that user.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROOT="${WPG_TEST_SERVERS_DIR:-${TMPDIR:-/tmp}/wpg-test-servers}"
PG_PORT="${WPG_TEST_PG_PORT:-55432}"
REDIS_PORT="${WPG_TEST_REDIS_PORT:-56379}"
S3_PORT="${WPG_TEST_S3_PORT:-54569}"
S3_BUCKET=wpg-test

print_env() {
  echo "export TEST_DATABASE_URL=postgres://wpg@127.0.0.1:${PG_PORT}/wpg_test"
  echo "export TEST_REDIS_URL=redis://127.0.0.1:${REDIS_PORT}"
  echo "export TEST_S3_ENDPOINT=http://127.0.0.1:${S3_PORT}"
  echo "export TEST_S3_BUCKET=${S3_BUCKET}"
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$dir" ]; then
    echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "$dir"
}

wait_for() {
  local what="$1"; shift
  for _ in $(seq 1 100); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "$what did not start; its log is in $ROOT" >&2
  exit 1
}

start_postgres() {
  local bin data="$ROOT/pg"
  bin="$(pg_bin)"
  if [ -f "$data/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then return 0; fi
  mkdir -p "$data"
  if [ "$(id -u)" = 0 ]; then chown postgres "$ROOT/pg"; chmod 700 "$data"; fi
  if [ ! -f "$data/PG_VERSION" ]; then
    as_postgres "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$ROOT/pg-initdb.log"
  fi
  # Only loopback, a socket in the data folder, and no durability: the tests' data is thrown away.
  as_postgres "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $data -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
  as_postgres "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qtAc "SELECT 1 FROM pg_roles WHERE rolname = 'wpg'" | grep -q 1 ||
    as_postgres "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE ROLE wpg LOGIN SUPERUSER"
  as_postgres "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qtAc "SELECT 1 FROM pg_database WHERE datname = 'wpg_test'" | grep -q 1 ||
    as_postgres "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE DATABASE wpg_test OWNER wpg"
}

start_redis() {
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "Redis is not installed: apt-get install -y redis-server" >&2
    exit 1
  fi
  if [ -f "$ROOT/redis.pid" ] && kill -0 "$(cat "$ROOT/redis.pid")" 2>/dev/null; then return 0; fi
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --pidfile "$ROOT/redis.pid" \
    --logfile "$ROOT/redis.log" --dir "$ROOT" --save '' --appendonly no
  wait_for Redis redis-cli -p "$REDIS_PORT" ping
}

start_s3() {
  if [ -f "$ROOT/s3.pid" ] && kill -0 "$(cat "$ROOT/s3.pid")" 2>/dev/null; then return 0; fi
  mkdir -p "$ROOT/s3"
  nohup node node_modules/s3rver/bin/s3rver.js --address 127.0.0.1 --port "$S3_PORT" --directory "$ROOT/s3" \
    --configure-bucket "$S3_BUCKET" --silent >"$ROOT/s3.log" 2>&1 &
  echo $! >"$ROOT/s3.pid"
  wait_for s3rver bash -c "exec 3<>/dev/tcp/127.0.0.1/$S3_PORT"
}

stop_all() {
  local bin
  if [ -f "$ROOT/pg/postmaster.pid" ]; then
    bin="$(pg_bin)"
    as_postgres "$bin/pg_ctl" -D "$ROOT/pg" -m immediate stop >/dev/null 2>&1 || true
  fi
  for name in redis s3; do
    if [ -f "$ROOT/$name.pid" ]; then kill "$(cat "$ROOT/$name.pid")" 2>/dev/null || true; fi
  done
  rm -rf "$ROOT"
}

case "${1:-}" in
  start)
    mkdir -p "$ROOT"
    start_postgres
    start_redis
    start_s3
    print_env
    ;;
  env) print_env ;;
  stop) stop_all ;;
  *)
    echo "usage: $0 start|env|stop" >&2
    exit 2
    ;;
esac
