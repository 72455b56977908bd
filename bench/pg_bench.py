"""Bench: the journal on PostgreSQL (local socket) against the SQLite file, same run.

    FLOORKILL_TEST_PG=postgresql://… python bench/pg_bench.py [--appends 300]
        [--podiums 10] [--tables 20] [--hands 20] [--full]

(``source .ci/postgres.sh`` starts a throw-away server and sets FLOORKILL_TEST_PG.)
Each part runs in a fresh schema of that database, dropped afterwards.

1. Append latency: ``--appends`` acknowledged appends (call to return, COMMIT included)
   on one table, SQLite file (WAL, synchronous=FULL) then PostgreSQL; median, p99, ratio.
2. Follower latency with LISTEN/NOTIFY: a read-only follower (its own connection, blocked
   in ``wait_changed``) catches each append up to the new state; from the writer's COMMIT
   returned to the follower's refreshed state; median and max. Goal <= 0.2 s.
3. A room: ``--podiums`` processes, each entering ``--hands`` hands at each of its own
   ``--tables`` tables (round robin, as fast as it can, every entry carrying the seq it
   saw) on one journal, all at once; p50 / p99 / max of one append. Goal (with
   ``--pace 0.5``: each podium a hand every 0.5 s, 20x a busy room) p99 <= 50 ms. Each
   podium starts at its own moment of the first interval (seeded): floorpeople do not
   press Enter in the same millisecond; ``--aligned`` makes them (every podium's entry
   queues behind the nine others' on the one chain head).
   The default is 10 x 20 x 20; ``--full`` is 10 x 20 x 1,000 (200,000 entries).
   ``--pace S``: each podium enters one event every S seconds instead of flat out (a
   floorperson enters a hand a table every minute or so; 0.1 s is already 100 entries
   a second room-wide). The same room on an SQLite file follows (``--no-sqlite-room``
   skips it): its writers wait in SQLite's busy handler, a sleep and retry, not a queue.
4. Floors, same run, same writers: "one chain" — each durable transaction locks one head
   row, INSERTs a row and moves the head (one commit per row, one after another: what a
   write on one hash chain costs when every entry commits on its own); "no chain" — bare
   INSERT-commits (PostgreSQL's group commit flushes concurrent ones together); and one
   writer's bare INSERT-commit (the disk's own fsync latency today). Every entry locks the
   chain head and commits on its own, so the one-chain floor is the one to compare with.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# --before DIR runs the room again with the floorkill of DIR (another checkout), same run
CODE = Path(os.environ.get("PG_BENCH_CODE") or ROOT)
sys.path.insert(0, str(CODE))

from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store.backend import open_journal  # noqa: E402
from floorkill.store.errors import JournalBusy  # noqa: E402

GOAL_FOLLOW_S = 0.2
GOAL_P99_MS = 50.0


def table_text(name: str) -> str:
    lines = [
        "[table]",
        f'name = "{name}"',
        'game = "holdem"',
        "seats = 9",
        "button = 1",
        "[stakes]",
        'structure = "fixed"',
        "bets = [10, 20]",
        "blinds = [5, 10]",
        "[kill]",
        'kind = "full"',
        'triggers = ["two-pots"]',
    ]
    for s in range(1, 10):
        lines += ["[[players]]", f"seat = {s}", f'name = "Player {s}"']
    return "\n".join(lines) + "\n"


def hand(i: int) -> dict:
    return {"type": "hand", "winner": i % 9 + 1, "qualifies": False}


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


# -- schemas -------------------------------------------------------------------------


def with_schema(url: str, schema: str) -> str:
    parts = urllib.parse.urlsplit(url)
    q = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query) if k != "options"]
    q.append(("options", f"-csearch_path={schema}"))
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(q)))


class Schema:
    def __init__(self, url: str) -> None:
        import psycopg

        self.base = url
        self.name = "bench_" + uuid.uuid4().hex[:10]
        with psycopg.connect(url, autocommit=True) as c:
            c.execute(f'CREATE SCHEMA "{self.name}"')
        self.url = with_schema(url, self.name)

    def drop(self) -> None:
        import psycopg

        with psycopg.connect(self.base, autocommit=True) as c:
            c.execute(f'DROP SCHEMA IF EXISTS "{self.name}" CASCADE')


# -- 1. append latency ------------------------------------------------------------------


def append_latencies(where: str, n: int) -> list[float]:
    with open_journal(where, floorperson="bench") as j:
        s = j.create_table(load_table_text(table_text("Bench 9")))
        for i in range(20):  # warm-up (not counted)
            s.append(hand(i), expect_seq=len(s))
        out = []
        for i in range(n):
            t = time.perf_counter()
            s.append(hand(i), expect_seq=len(s))
            out.append(time.perf_counter() - t)
        return out


def bare_commits(where: str, n: int, insert: bool = False) -> list[float]:
    """Same-run baseline: one tiny durable transaction (a 1-row UPDATE, or INSERT, and
    COMMIT) on the same server or file, as fast as the disk and the machine allow today."""
    out = []
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as c:
            c.execute("CREATE TABLE IF NOT EXISTS bare(one BOOLEAN PRIMARY KEY, n BIGINT)")
            c.execute("CREATE TABLE IF NOT EXISTS bare_rows(n BIGINT)")
            c.execute("INSERT INTO bare VALUES (TRUE, 0) ON CONFLICT DO NOTHING")
            for i in range(n):
                t = time.perf_counter()
                with c.transaction():
                    if insert:
                        c.execute("INSERT INTO bare_rows VALUES (%s)", (i,))
                    else:
                        c.execute("UPDATE bare SET n = %s WHERE one", (i,))
                out.append(time.perf_counter() - t)
        return out
    import sqlite3

    c = sqlite3.connect(where, isolation_level=None)
    c.execute("PRAGMA journal_mode = WAL")
    c.execute("PRAGMA synchronous = FULL")
    c.execute("CREATE TABLE IF NOT EXISTS bare(one INTEGER PRIMARY KEY, n INTEGER)")
    c.execute("INSERT OR IGNORE INTO bare VALUES (1, 0)")
    for i in range(n):
        t = time.perf_counter()
        c.execute("BEGIN IMMEDIATE")
        c.execute("UPDATE bare SET n = ? WHERE one = 1", (i,))
        c.execute("COMMIT")
        out.append(time.perf_counter() - t)
    c.close()
    return out


# -- 2. follower latency -----------------------------------------------------------------


def follower_latencies(url: str, n: int) -> list[float]:
    done: dict[int, float] = {}
    ready = threading.Event()
    stop = threading.Event()
    with open_journal(url, floorperson="bench") as j:
        s = j.create_table(load_table_text(table_text("Follow 1")))

        def follow() -> None:
            ro = open_journal(url, readonly=True)
            view = ro.open_table("Follow 1")
            ready.set()
            while not stop.is_set():
                if ro.wait_changed(0.5):
                    ro.refresh(view)
                    done.setdefault(view.seq, time.perf_counter())
            ro.close()

        th = threading.Thread(target=follow, daemon=True)
        th.start()
        ready.wait(30)
        committed: dict[int, float] = {}
        for i in range(n):
            rec = s.append(hand(i))
            committed[rec.seq] = time.perf_counter()
            time.sleep(0.02)  # the next hand comes later (a pace, not a wait)
        deadline = time.monotonic() + 5
        while max(done, default=0) < n and time.monotonic() < deadline:
            time.sleep(0.01)
        stop.set()
        th.join(5)
    # a refresh that caught several seqs at once counts for each of them
    lat = []
    for seq, t in committed.items():
        seen = min((v for k, v in done.items() if k >= seq), default=None)
        lat.append(float("inf") if seen is None else max(0.0, seen - t))
    return lat


# -- 3. a room of podiums -------------------------------------------------------------------

FOLLOW_EVERY = 0.25  # as the podium app's follow timer (ui/podium/app.py)


def podium(args: tuple, start) -> tuple[list[float], float, int]:
    """One podium process: (latencies, its CPU seconds, follow ticks that found news). Set
    up as a podium is before its first entry (its tables open, the room read), then
    ``start()``: every podium begins together."""
    url, p, tables, hands, pace, mac, prefix, follow, profile, aligned = args
    keyed = {"mac_key": os.urandom(32)} if mac else {}
    prof = None
    if profile and p == 0:
        import cProfile

        prof = cProfile.Profile(time.process_time)  # CPU, not waits
    with open_journal(url, floorperson=f"podium-{p}", **keyed) as j:
        sessions = [j.open_table(f"{prefix}{p:02d}-T{t:02d}") for t in range(tables)]
        if follow:
            j.changed()  # LISTEN, and the room read (the podium app does both at start)
        else:
            j.room()
        start()
        out = []
        news = 0
        cpu0 = time.process_time()
        if prof is not None:
            prof.enable()
        next_at = time.perf_counter()
        if pace and not aligned:
            # podiums press Enter independently: each starts at its own moment of the first
            # interval (seeded), not all in the same millisecond
            next_at += random.Random(p).random() * pace
        follow_at = next_at + FOLLOW_EVERY
        for h in range(hands):
            for s in sessions:
                if pace:
                    next_at += pace
                    delay = next_at - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)  # the podium's pace
                if follow and time.perf_counter() >= follow_at:
                    # what the podium app's follow timer does between keys (Floor.follow):
                    # other podiums' commits, then every open table caught up
                    follow_at = time.perf_counter() + FOLLOW_EVERY
                    if j.changed():
                        news += 1
                        together = getattr(j, "refresh_sessions", None)
                        if together is not None:
                            together(sessions)
                        else:  # an earlier build (--before)
                            for other in sessions:
                                other.refresh()
                t = time.perf_counter()
                try:
                    s.append(hand(h), expect_seq=len(s))
                except JournalBusy:
                    out.append(float("inf"))  # refused busy: counted, not retried
                    continue
                out.append(time.perf_counter() - t)
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)
        return out, time.process_time() - cpu0, news


def room(
    url: str,
    podiums: int,
    tables: int,
    hands: int,
    pace: float = 0.0,
    mac: bool = False,
    prefix: str = "P",
    follow: bool = False,
    profile: str | None = None,
    aligned: bool = False,
) -> tuple[list[float], float, Cpu]:
    """``mac``: every podium MACs its rows with a key of its own (PostgreSQL: the general
    write path: the key never leaves the podium). ``follow``: each podium also follows the
    others as the podium app does (every 0.25 s between entries). ``profile``: cProfile
    stats of podium 0 written there. ``aligned``: with a pace, every podium enters at the
    same instants (the worst case: all queue on the chain head at once)."""
    with open_journal(url, floorperson="setup") as j:
        for p in range(podiums):
            for t in range(tables):
                j.create_table(load_table_text(table_text(f"{prefix}{p:02d}-T{t:02d}")))
    server = ServerCpu(url)
    results, wall = run_pool(
        podium,
        [
            (url, p, tables, hands, pace, mac, prefix, follow, profile, aligned)
            for p in range(podiums)
        ],
    )
    lat = [x for r in results for x in r[0]]
    return (
        lat,
        wall,
        Cpu(sum(r[1] for r in results), server.used(), len(lat), sum(r[2] for r in results)),
    )


class ServerCpu:
    """CPU seconds the PostgreSQL server used (postmaster, its live children, and the
    children it reaped: /proc), when the server is on this machine; else nothing."""

    def __init__(self, url: str) -> None:
        self.pid = None
        host = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)).get("host")
        try:
            self.pid = (
                int(Path(host, "data", "postmaster.pid").read_text().split()[0]) if host else None
            )
        except (OSError, ValueError):
            self.pid = None
        self.start = self._now()

    def _now(self) -> float | None:
        if self.pid is None:
            return None
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        try:
            for d in Path("/proc").iterdir():
                if not d.name.isdigit():
                    continue
                try:
                    f = (d / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                pid, ppid = int(d.name), int(f[1])
                if pid == self.pid:
                    total += sum(int(x) for x in f[11:15])  # own + reaped children
                elif ppid == self.pid:
                    total += int(f[11]) + int(f[12])
        except OSError:
            return None
        return total / tick

    def used(self) -> float | None:
        now = self._now()
        return None if now is None or self.start is None else now - self.start


class Cpu:
    def __init__(self, client: float, server: float | None, n: int, news: int) -> None:
        self.client, self.server, self.n, self.news = client, server, n, news

    def __str__(self) -> str:
        per = f"CPU per entry: podium {self.client / self.n * 1000:.2f} ms"
        if self.server is not None:
            per += f", server {self.server / self.n * 1000:.2f} ms"
        return per + (f"; {self.news} follow ticks with news" if self.news else "")


SETUP_TIMEOUT = 300.0  # every process set up by then, or the bench stops
RUN_TIMEOUT = 3600.0


def run_pool(fn, jobs: list[tuple]) -> tuple[list, float]:
    """Run ``fn(job, start)`` in one process per job; each calls ``start()`` once set up,
    which returns when all have (they begin together, whatever their set-up cost);
    (every job's result, wall time from that start)."""
    ctx = mp.get_context("spawn")
    start = ctx.Barrier(len(jobs) + 1, timeout=SETUP_TIMEOUT)
    done = ctx.Queue()
    procs = [
        ctx.Process(target=_job, args=(fn, i, job, start, done), daemon=True)
        for i, job in enumerate(jobs)
    ]
    for proc in procs:
        proc.start()
    start.wait()
    t0 = time.perf_counter()
    results = dict(done.get(timeout=RUN_TIMEOUT) for _ in procs)
    wall = time.perf_counter() - t0
    for proc in procs:
        proc.join()
    return [results[i] for i in range(len(jobs))], wall


def _job(fn, i: int, job: tuple, start, done) -> None:
    done.put((i, fn(job, start.wait)))


# -- 4. the floor: what the disk and one chain allow, in the same run -----------------------

FLOOR_DDL = (
    "CREATE TABLE IF NOT EXISTS floor_head(one BOOLEAN PRIMARY KEY, gseq BIGINT); "
    "CREATE TABLE IF NOT EXISTS floor_rows(gseq BIGSERIAL PRIMARY KEY, p INT, "
    "payload TEXT)"
)


def floor_podium(args: tuple, start) -> tuple[list[float], float]:
    """One process of the floor: ``n`` durable transactions as fast as it can; chained:
    each locks the one head row FOR UPDATE, INSERTs a row and moves the head (the least a
    write on one hash chain does, in one round trip); not chained: a bare INSERT-commit."""
    import psycopg

    url, p, n, chained = args
    with psycopg.connect(url, autocommit=True) as c:
        start()
        out = []
        payload = "x" * 300
        cpu0 = time.process_time()
        for _ in range(n):
            t = time.perf_counter()
            with c.pipeline(), c.transaction():
                if chained:
                    c.execute("SELECT gseq FROM floor_head WHERE one FOR UPDATE")
                c.execute("INSERT INTO floor_rows(p, payload) VALUES (%s, %s)", (p, payload))
                if chained:
                    c.execute("UPDATE floor_head SET gseq = gseq + 1 WHERE one")
            out.append(time.perf_counter() - t)
        return out, time.process_time() - cpu0


def floor(url: str, writers: int, n: int, chained: bool) -> tuple[list[float], float, Cpu]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        c.execute(FLOOR_DDL)
        c.execute("INSERT INTO floor_head VALUES (TRUE, 0) ON CONFLICT DO NOTHING")
    server = ServerCpu(url)
    results, wall = run_pool(floor_podium, [(url, p, n, chained) for p in range(writers)])
    lat = [x for r in results for x in r[0]]
    return lat, wall, Cpu(sum(r[1] for r in results), server.used(), len(lat), 0)


ROOM_LINE = re.compile(r"p50 ([\d.]+) ms, p99 ([\d.]+) ms, p99\.9 ([\d.]+) ms")


def room_elsewhere(
    args: argparse.Namespace, code: str, mac: bool = False
) -> tuple[list[str], tuple[float, float, float] | None]:
    """The room of this run with the floorkill of ``code`` (a checkout: a child process of
    this script importing from there): its printed lines and (p50, p99, p99.9) in ms."""
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--room-only",
        "--no-floors",
        "--podiums",
        str(args.podiums),
        "--tables",
        str(args.tables),
        "--hands",
        str(args.hands),
        "--pace",
        str(args.pace),
    ]
    cmd += ["--no-follow"] if args.no_follow else []
    cmd += ["--aligned"] if args.aligned else []
    cmd += ["--mac-only"] if mac else []
    done = subprocess.run(
        cmd, env={**os.environ, "PG_BENCH_CODE": code}, capture_output=True, text=True
    )
    if done.returncode:
        return [f"failed: {done.stderr.strip()[-500:]}"], None
    lines = [
        ln.strip() for ln in done.stdout.splitlines() if ln.startswith("  ") and "goal" not in ln
    ]
    found = [ROOM_LINE.search(ln) for ln in lines]
    m = next((f for f in found if f), None)
    return lines, (tuple(float(x) for x in m.groups()) if m else None)  # type: ignore


def compare(args: argparse.Namespace, mac: bool = False) -> float | None:
    """``--before`` checkouts and this one, the same room each, in turn, ``--rounds``
    times (the machine's load drifts: each round runs them back to back); the medians.
    This checkout's median p99."""
    codes = [*args.before, str(ROOT)]
    got: dict[str, list[tuple[float, float, float]]] = {c: [] for c in codes}
    for r in range(args.rounds):
        for code in codes:
            lines, nums = room_elsewhere(args, code, mac)
            name = "this" if code == str(ROOT) else code
            for ln in lines:
                print(f"  [{r + 1}] {name}: {ln}")
            if nums:
                got[code].append(nums)
    for code in codes:
        if got[code]:
            med = [statistics.median(x[i] for x in got[code]) for i in range(3)]
            name = "this" if code == str(ROOT) else code
            print(
                f"  median of {len(got[code])}, {name}{' (MAC)' if mac else ''}: "
                f"p50 {med[0]:.2f} ms, p99 {med[1]:.2f} ms, p99.9 {med[2]:.1f} ms"
            )
    mine = got[str(ROOT)]
    return statistics.median(x[1] for x in mine) if mine else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--appends", type=int, default=300)
    ap.add_argument("--follows", type=int, default=100)
    ap.add_argument("--podiums", type=int, default=10)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--full", action="store_true", help="10 podiums x 20 tables x 1,000 hands")
    ap.add_argument(
        "--floor-n", type=int, default=400, help="commits per writer for the floors (default 400)"
    )
    ap.add_argument(
        "--mac",
        action="store_true",
        help="also the room with a MAC key on every podium (the general path)",
    )
    ap.add_argument("--no-sqlite-room", action="store_true", help="skip the room on an SQLite file")
    ap.add_argument(
        "--room-only",
        action="store_true",
        help="only the room on PostgreSQL and its floors (parts 3 and 4)",
    )
    ap.add_argument("--no-floors", action="store_true", help="skip the floors (part 4)")
    ap.add_argument(
        "--no-follow",
        action="store_true",
        help="podiums do not follow each other (a real podium does)",
    )
    ap.add_argument(
        "--profile", metavar="FILE", help="cProfile stats of podium 0 of the room written to FILE"
    )
    ap.add_argument(
        "--before",
        metavar="DIR",
        action="append",
        default=[],
        help="the same room with the floorkill of DIR (e.g. a checkout of main) first, "
        "then this checkout's, in turn (repeatable)",
    )
    ap.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="with --before: how many times each room runs (medians)",
    )
    ap.add_argument("--mac-only", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument(
        "--pace",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="each podium enters one event every SECONDS (default: flat out)",
    )
    ap.add_argument(
        "--aligned",
        action="store_true",
        help="with --pace: every podium enters at the same instants (default: each podium "
        "at its own moment of the interval, as independent floorpeople do)",
    )
    args = ap.parse_args()
    if args.full:
        args.podiums, args.tables, args.hands = 10, 20, 1000
    url = os.environ.get("FLOORKILL_TEST_PG")
    if not url:
        print("pg_bench: set FLOORKILL_TEST_PG (source .ci/postgres.sh)", file=sys.stderr)
        return 2

    if not args.room_only:
        with tempfile.TemporaryDirectory() as d:
            lite = append_latencies(str(Path(d) / "bench.db"), args.appends)
            lite_bare = bare_commits(str(Path(d) / "bare.db"), args.appends)
        sch = Schema(url)
        try:
            pg = append_latencies(sch.url, args.appends)
            pg_bare = bare_commits(sch.url, args.appends)
        finally:
            sch.drop()
        ml, mp_ = statistics.median(lite) * 1000, statistics.median(pg) * 1000
        bl, bp = statistics.median(lite_bare) * 1000, statistics.median(pg_bare) * 1000
        print(
            f"append, {args.appends} acknowledged (median / p99 ms): "
            f"SQLite {ml:.2f} / {pct(lite, 99) * 1000:.2f}   "
            f"PostgreSQL {mp_:.2f} / {pct(pg, 99) * 1000:.2f}   ratio PG/SQLite {mp_ / ml:.2f}"
        )
        print(
            f"  baseline, a bare durable 1-row commit (median ms): SQLite {bl:.2f}, "
            f"PostgreSQL {bp:.2f}; append / bare commit: SQLite {ml / bl:.1f}x, "
            f"PostgreSQL {mp_ / bp:.1f}x"
        )

        sch = Schema(url)
        try:
            follow = follower_latencies(sch.url, args.follows)
        finally:
            sch.drop()
        worst = max(follow)
        print(
            f"follower (LISTEN/NOTIFY, commit returned -> follower's state caught up), "
            f"{len(follow)} appends: median {statistics.median(follow) * 1000:.1f} ms, "
            f"max {worst * 1000:.1f} ms  goal <= {GOAL_FOLLOW_S * 1000:.0f} ms: "
            f"{'ok' if worst <= GOAL_FOLLOW_S else 'MISSED'}"
        )

    def line(label: str, lat: list[float], wall: float, cpu: Cpu | None = None) -> float:
        busy = sum(1 for x in lat if x == float("inf"))
        p99 = pct(lat, 99) * 1000
        print(
            f"  {label}: {len(lat)} in {wall:.1f} s ({len(lat) / wall:.0f}/s): "
            f"p50 {pct(lat, 50) * 1000:.2f} ms, p99 {p99:.2f} ms, "
            f"p99.9 {pct(lat, 99.9) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms"
            f"{f', {busy} refused busy' if busy else ''}   (load {os.getloadavg()[0]:.1f})"
        )
        if cpu is not None:
            print(f"      {cpu}")
        return p99

    pace = (
        f"one entry per podium every {args.pace:g} s"
        + (", all podiums at the same instants" if args.aligned else ", each at its own phase")
        if args.pace
        else "flat out"
    )
    follow = not args.no_follow
    print(
        f"room, {pace}: {args.podiums} podiums x {args.tables} tables x {args.hands} hands "
        f"at once, every entry carrying the seq it saw; podiums "
        f"{'follow each other every 0.25 s' if follow else 'do not follow each other'}"
        f"  (load before {os.getloadavg()[0]:.1f})"
    )
    floor99 = bare99 = None
    sch = Schema(url)
    try:
        if args.before:  # every room in a child process, in turn
            p99 = compare(args)
            if args.mac:
                compare(args, mac=True)
        elif args.mac_only:
            lat, wall, cpu = room(
                sch.url,
                args.podiums,
                args.tables,
                args.hands,
                args.pace,
                mac=True,
                prefix="M",
                follow=follow,
                aligned=args.aligned,
            )
            p99 = line("PostgreSQL, MAC'd  ", lat, wall, cpu)
        else:
            lat, wall, cpu = room(
                sch.url,
                args.podiums,
                args.tables,
                args.hands,
                args.pace,
                follow=follow,
                aligned=args.aligned,
                profile=args.profile,
            )
            p99 = line("PostgreSQL appends ", lat, wall, cpu)
        if args.mac and not args.before and not args.mac_only:
            mlat, mwall, mcpu = room(
                sch.url,
                args.podiums,
                args.tables,
                args.hands,
                args.pace,
                mac=True,
                prefix="M",
                follow=follow,
                aligned=args.aligned,
            )
            line("PostgreSQL, MAC'd  ", mlat, mwall, mcpu)
        if not args.no_floors:
            n = min(args.floor_n, args.tables * args.hands)
            flat, fwall, fcpu = floor(sch.url, args.podiums, n, chained=True)
            floor99 = line("floor, one chain   ", flat, fwall, fcpu)
            blat, bwall, bcpu = floor(sch.url, args.podiums, n, chained=False)
            bare99 = line("floor, no chain    ", blat, bwall, bcpu)
            one = bare_commits(sch.url, args.appends, insert=True)
    finally:
        sch.drop()
    if not args.no_sqlite_room and not args.room_only:
        with tempfile.TemporaryDirectory() as d:
            slat, swall, scpu = room(
                str(Path(d) / "room.db"),
                args.podiums,
                args.tables,
                args.hands,
                args.pace,
                follow=follow,
                aligned=args.aligned,
            )
        line("SQLite appends     ", slat, swall, scpu)
    if floor99 is not None and bare99 is not None:
        print(
            f"  (floor, one chain: {args.podiums} writers each locking one head row, "
            f"INSERTing a row and moving the head, durable commit, one round trip each — "
            f"one commit per row, one after another; no chain: bare INSERT-commits, which "
            f"PostgreSQL's group commit flushes together; one writer alone: a bare "
            f"INSERT-commit median {statistics.median(one) * 1000:.2f} ms, "
            f"p99 {pct(one, 99) * 1000:.2f} ms)"
        )
        if p99 is not None:
            print(
                f"  PostgreSQL p99 {p99:.2f} ms = {p99 / floor99:.2f}x the one-chain "
                f"floor's p99, {p99 / bare99:.2f}x the no-chain floor's"
            )
    if p99 is not None:
        print(f"  goal p99 <= {GOAL_P99_MS:.0f} ms: {'ok' if p99 <= GOAL_P99_MS else 'MISSED'}")
    print(f"(machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
