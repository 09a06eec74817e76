#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the BaseModelPostgres tests.
#
#   eval "$(scripts/postgres-test-server.sh start)"   # prints the exports the tests read
#   swift test --filter BaseModelPostgresTests
#   scripts/postgres-test-server.sh restart            # restarts it (clients lose their connections)
#   scripts/postgres-test-server.sh stop               # stops it and removes its folder
#
# `start` makes a cluster with `initdb` in a new temporary folder, owned by a non-root user (the
# current one, or `postgres` when run as root), listening on 127.0.0.1 only (port
# $BASEMODEL_POSTGRES_PORT, default the first free one from 54329) with password authentication, and creates the user
# `basemodel` (password `basemodel`) and the database `basemodel_test`. It prints
# BASEMODEL_POSTGRES_URL and BASEMODEL_POSTGRES_DIR. Needs Debian's `postgresql` package
# (apt-get install -y postgresql) or initdb/pg_ctl on the PATH.
set -euo pipefail

# The first free port from 54329 on, unless BASEMODEL_POSTGRES_PORT names one.
free_port() {
    local port
    for port in $(seq 54329 54429); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    echo "error: no free port in 54329-54429" >&2
    exit 1
}

bindir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    if [ -z "$dir" ] && command -v initdb >/dev/null 2>&1; then
        dir=$(dirname "$(readlink -f "$(command -v initdb)")")
    fi
    [ -n "$dir" ] || { echo "error: initdb not found; install PostgreSQL (apt-get install -y postgresql)" >&2; exit 1; }
    echo "$dir"
}

# Runs a command as the cluster's owner.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case "${1:-}" in
start)
    bin=$(bindir)
    port="${BASEMODEL_POSTGRES_PORT:-$(free_port)}"
    dir=$(mktemp -d /tmp/basemodel-postgres.XXXXXX)
    chmod 755 "$dir"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$dir"
    fi
    echo "basemodel" >"$dir/pwfile"
    as_owner "$bin/initdb" -D "$dir/data" -U basemodel --pwfile="$dir/pwfile" --auth=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=400" start >&2 ||
        { cat "$dir/server.log" >&2; exit 1; }
    PGPASSWORD=basemodel "$bin/psql" -h 127.0.0.1 -p "$port" -U basemodel -d postgres -q \
        -c "CREATE DATABASE basemodel_test" >&2
    echo "export BASEMODEL_POSTGRES_URL=postgres://basemodel:basemodel@127.0.0.1:$port/basemodel_test"
    echo "export BASEMODEL_POSTGRES_DIR=$dir"
    ;;
restart)
    dir="${2:-${BASEMODEL_POSTGRES_DIR:-}}"
    [ -n "$dir" ] && [ -d "$dir/data" ] || { echo "error: no cluster folder (give it or set BASEMODEL_POSTGRES_DIR)" >&2; exit 1; }
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w restart >&2
    ;;
stop)
    dir="${2:-${BASEMODEL_POSTGRES_DIR:-}}"
    [ -n "$dir" ] && [ -d "$dir/data" ] || { echo "error: no cluster folder (give it or set BASEMODEL_POSTGRES_DIR)" >&2; exit 1; }
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start | restart [folder] | stop [folder]" >&2
    exit 2
    ;;
esac
