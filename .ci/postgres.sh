#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests (sourced by .ci/run; usable by hand:
# `source .ci/postgres.sh` in a shell, then run pytest).
#
# Installs Debian's `postgresql` when no server binaries are found, initdb's a cluster
# in a temp dir as the `postgres` OS user (the server refuses to run as root), starts it
# on a unix socket in that dir and on a loopback port, creates a writer role (`floorkill`,
# owner of database `floorkill`, may create schemas: each test gets its own) and a
# SELECT-only role (`floorkill_ro`, what a big screen uses), exports
#   FLOORKILL_TEST_PG     postgresql://floorkill@…/floorkill   (the writer)
#   FLOORKILL_TEST_PG_RO  postgresql://floorkill_ro@…/floorkill (read-only)
# and stops the server (and removes the dir) when the calling shell exits.

floorkill_pg_start() {
    local bindir pgdir port runas
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
        echo "postgres.sh: installing the Debian postgresql package" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null && apt-get install -y -qq postgresql >/dev/null
        bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    fi
    pgdir=$(mktemp -d /tmp/floorkill-pg.XXXXXX)
    chmod 755 "$pgdir"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$pgdir"
        runas=(runuser -u postgres --)
    else
        runas=()
    fi
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "${runas[@]}" "$bindir/initdb" -D "$pgdir/data" -U postgres -A trust -E UTF8 \
        --locale=C.UTF-8 >"$pgdir/initdb.log" 2>&1 \
        || { cat "$pgdir/initdb.log" >&2; return 1; }
    "${runas[@]}" "$bindir/pg_ctl" -D "$pgdir/data" -l "$pgdir/server.log" -w -t 60 \
        -o "-k $pgdir -p $port -h 127.0.0.1 -c max_connections=200 -c fsync=on" start >/dev/null \
        || { cat "$pgdir/server.log" >&2; return 1; }
    "${runas[@]}" "$bindir/psql" -q -h "$pgdir" -p "$port" -U postgres -d postgres \
        -v ON_ERROR_STOP=1 >/dev/null <<'SQL' || return 1
CREATE ROLE floorkill LOGIN;
CREATE ROLE floorkill_ro LOGIN;
CREATE DATABASE floorkill OWNER floorkill;
\c floorkill
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT CREATE, USAGE ON SCHEMA public TO floorkill;
ALTER DEFAULT PRIVILEGES FOR ROLE floorkill GRANT SELECT ON TABLES TO floorkill_ro;
SQL
    FLOORKILL_PG_DIR=$pgdir
    FLOORKILL_PG_BIN=$bindir
    export FLOORKILL_PG_DIR FLOORKILL_PG_BIN
    export FLOORKILL_TEST_PG="postgresql://floorkill@/floorkill?host=$pgdir&port=$port"
    export FLOORKILL_TEST_PG_RO="postgresql://floorkill_ro@/floorkill?host=$pgdir&port=$port"
    export FLOORKILL_TEST_PG_TCP="postgresql://floorkill@127.0.0.1:$port/floorkill"
    echo "postgres.sh: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $pgdir port $port" >&2
}

floorkill_pg_stop() {
    [ -n "${FLOORKILL_PG_DIR:-}" ] && [ -d "$FLOORKILL_PG_DIR/data" ] || return 0
    local runas=()
    [ "$(id -u)" = 0 ] && runas=(runuser -u postgres --)
    "${runas[@]}" "$FLOORKILL_PG_BIN/pg_ctl" -D "$FLOORKILL_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$FLOORKILL_PG_DIR"
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then          # sourced: start now, stop on exit
    floorkill_pg_start || return 1
    _floorkill_prev_trap=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
    trap "floorkill_pg_stop; ${_floorkill_prev_trap}" EXIT
else
    echo "source this file: . .ci/postgres.sh" >&2
    exit 2
fi
