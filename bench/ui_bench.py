"""Podium speed, one run, against a same-run baseline.

    python bench/ui_bench.py [--runs 5] [--hands 200] [--before TREE] [--lang ru]
    python bench/ui_bench.py --langs en,ru     # the languages in one run

``--before TREE`` (another source tree of floorkill, e.g. the main branch checked out in
/tmp) measures both in the same run: start children interleaved, then submit-to-updated
for each in its own process.

1. Start: whole-process time from spawning ``python`` to the podium's first frame
   (headless, the app exits right after its first refresh), against a bare Textual app
   mounting the same number of widgets (Static). Median of ``--runs`` processes each.
2. Submit-to-updated: each line typed as a terminal sends it (key events through the
   app's key gate, one every ``--pace`` s), then Enter: from the Enter key (the preview's
   check, the commit, every panel told) to the screen's next refresh having happened
   (``call_after_refresh`` after ``HandEntry.Recorded``): median and p99 over ``--hands``
   hands, with a 10-hand and a 10,000-hand session (in memory, and in an SQLite journal).
   ``--pace 0`` sends each line and its Enter in one burst: then the Enter's frame also
   waits for Textual's frame timer after the preview's frame (up to 1/60 s).
3. Peak memory (``ru_maxrss`` at the first frame) of both apps, each in its own process.
4. The preview (``--preview`` alone): for every key of each typed line, the entry's
   reading of it — what Enter would record and what the rules decide — and its message
   line; wall and cpu per key.

Goals: start <= 1.6x bare; submit to every panel p99 <= 20 ms; 10,000 vs 10 ratio <= 1.2;
memory <= 1.5x bare; the preview p99 <= 2 ms per key.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_START = 1.6
GOAL_P99_MS = 20.0
PACE = 0.06  # s between a person's keys (a fast typist: ~15 keys/s)

TABLE = """
[table]
name = "Bench"
game = "holdem"
seats = 9
button = 1
[stakes]
structure = "fixed"
bets = [10, 20]
blinds = [5, 10]
[kill]
kind = "full"
triggers = ["two-pots"]
[[players]]
seat = 1
name = "Ann"
stack = 500
[[players]]
seat = 3
name = "Cy"
[[players]]
seat = 4
name = "Dee"
stack = 800
[[players]]
seat = 6
name = "Fay"
[[players]]
seat = 7
name = "Gus"
stack = 1250
"""

# Winners that never ask a question (each a first leg) plus an occasional split.
LINES = ["1", "3", "4", "6", "7", "3 4", "1", "6", "4", "7"]


def _env(root: Path = ROOT) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    # An installed floorkill has its .pyc files (pip compiles them); with
    # PYTHONDONTWRITEBYTECODE set, the warm-up spawn could not write them and every
    # podium process compiled floorkill's sources (~25 ms) while the bare app's Textual
    # came precompiled from site-packages.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    tmp = tempfile.mkdtemp(prefix="fkbench-")
    env["FLOORKILL_THEMES_DIR"] = str(Path(tmp) / "themes")  # never the user's own
    env["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
    env["XDG_DATA_HOME"] = str(Path(tmp) / "data")
    return env


def _maxrss_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# ---------------------------------------------------------------------------
# child processes: one app each, report at the first frame


def _lang() -> str:
    """The podium's language: --lang (passed down as $FLOORKILL_LANG), else the locale's."""
    try:
        from floorkill.i18n import get_lang
    except ImportError:  # a --before tree from before the catalogue
        return os.environ.get("FLOORKILL_LANG", "en")
    return get_lang()


def child_podium() -> None:
    from floorkill.rules import load_table_text
    from floorkill.store.session import MemorySession
    from floorkill.ui.podium import PodiumApp

    tf = load_table_text(TABLE)
    session = MemorySession(tf.config, tf.players)
    for i in range(10):
        session.append({"type": "hand", "winner": (1, 3, 4, 6, 7)[i % 5]})

    class FirstFrame(PodiumApp):
        def on_mount(self) -> None:
            self.call_after_refresh(self._first_frame)

        def _first_frame(self) -> None:
            print(
                json.dumps(
                    {
                        "at": time.time(),
                        "widgets": len(self.screen.query("*")),
                        "maxrss_kb": _maxrss_kb(),
                        "cpu_s": time.process_time(),
                    }
                ),
                flush=True,
            )
            self.exit()

    FirstFrame(session, lang=_lang()).run(headless=True, size=(120, 40))


def child_bare(widgets: int) -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App):
        def compose(self) -> ComposeResult:
            for i in range(widgets):
                yield Static(f"widget {i}")

        def on_mount(self) -> None:
            self.call_after_refresh(self._first_frame)

        def _first_frame(self) -> None:
            print(
                json.dumps(
                    {
                        "at": time.time(),
                        "widgets": len(self.screen.query("*")),
                        "maxrss_kb": _maxrss_kb(),
                        "cpu_s": time.process_time(),
                    }
                ),
                flush=True,
            )
            self.exit()

    Bare().run(headless=True, size=(120, 40))


def spawn(args: list[str], root: Path = ROOT) -> dict:
    """Run this script as a child with ``root``'s floorkill first on the path."""
    t0 = time.time()
    out = subprocess.run(
        [sys.executable, __file__, *args],
        capture_output=True,
        text=True,
        env=_env(root),
        cwd=root,
        timeout=1200,
    )
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode != 0 or not line:
        raise SystemExit(f"child {args} failed:\n{out.stdout}\n{out.stderr}")
    data = json.loads(line[-1])
    data["start_s"] = data["at"] - t0
    return data


# ---------------------------------------------------------------------------
# submit-to-updated, in this process


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[k]


def _pace_words() -> str:
    pace = float(os.environ.get("FK_BENCH_PACE", PACE))
    if pace:
        return f"{pace * 1000:.0f} ms apart"
    return f"in one burst: the frame timer, {1000 / 60:.1f} ms, after the preview's frame"


def _key(char: str):
    """The key event a terminal's driver posts for ``char`` (or "enter")."""
    from textual import events

    if char == "enter":
        return events.Key("enter", "\r")
    if char == " ":
        return events.Key("space", " ")
    return events.Key(char, char)


class TypedEnter:
    """A podium's hand entry driven as a terminal drives it: :meth:`enter` types a line's
    keys (through the app's key gate, ``pace`` s apart), then Enter, and returns the wall
    and CPU ms from the Enter key to the frame after the hand is recorded and every panel
    told (``HandEntry.Recorded``, then ``call_after_refresh``)."""

    def __init__(self, app, entry_class) -> None:
        self.app = app
        self.entry = app.query_one(entry_class)
        self._recorded = entry_class.Recorded
        self._done: asyncio.Future | None = None
        self.entered_at = 0.0
        post = self.entry.post_message

        def posted(message) -> bool:  # the record is told: then the next frame
            done = self._done
            if isinstance(message, self._recorded) and done is not None:
                app.screen.call_after_refresh(
                    lambda: (
                        done.done() or done.set_result((time.perf_counter(), time.process_time()))
                    )
                )
            return post(message)

        self.entry.post_message = posted  # type: ignore[method-assign]

    async def enter(self, line: str, pace: float) -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        for char in line:
            self.app.post_message(_key(char))
            if pace:
                await asyncio.sleep(pace)
        self._done = done = loop.create_future()
        c0 = time.process_time()
        t0 = time.perf_counter()
        self.entered_at = time.monotonic()  # (the clock other processes share)
        self.app.post_message(_key("enter"))
        try:
            t1, c1 = await asyncio.wait_for(done, 10)
        except TimeoutError:
            raise SystemExit(f"{line!r} not recorded: {self.entry.message}") from None
        return (t1 - t0) * 1000, (c1 - c0) * 1000


async def submit_times(session, hands: int, pace: float) -> tuple[list[float], list[float]]:
    """Each line typed as a terminal sends it, then Enter (:class:`TypedEnter`); ``pace``
    0: the whole line and its Enter in one burst."""
    from floorkill.ui.podium import make_podium_app

    try:
        from floorkill.ui.widgets.hand_entry import HandEntry
    except ImportError:  # a --before tree from before ui/widgets/
        from floorkill.ui.hand_entry import HandEntry  # type: ignore[no-redef]

    app = make_podium_app(session, lang=_lang())
    times: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        typed = TypedEnter(app, HandEntry)
        for i in range(hands + 10):
            wall, used = await typed.enter(LINES[i % len(LINES)], pace)
            if i >= 10:  # the first few warm caches up
                times.append(wall)
                cpu.append(used)
            await asyncio.sleep(pace)
            await pilot.pause()
    return times, cpu


async def preview_times(session, hands: int) -> tuple[list[float], list[float]]:
    """The preview's cost per key: for each line, every prefix as typed (the reading, the
    rules' trial and the message line), then Enter; wall and cpu ms per key."""
    from floorkill.ui.podium import make_podium_app

    try:
        from floorkill.ui.widgets.hand_entry import HandEntry
    except ImportError:  # a --before tree from before ui/widgets/
        from floorkill.ui.hand_entry import HandEntry  # type: ignore[no-redef]

    app = make_podium_app(session, lang=_lang())
    times: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        entry = app.query_one(HandEntry)
        for i in range(hands + 10):
            line = LINES[i % len(LINES)]
            for k in range(1, len(line) + 1):
                c0 = time.process_time()
                t0 = time.perf_counter()
                entry._show_preview(line[:k])
                t1, c1 = time.perf_counter(), time.process_time()
                if i >= 10:
                    times.append((t1 - t0) * 1000)
                    cpu.append((c1 - c0) * 1000)
            if not entry.enter_text(line):
                raise SystemExit(f"hand {i} not recorded: {entry.message}")
            await pilot.pause()
    return times, cpu


def report_preview(hands: int) -> None:
    print(f"preview per key ({hands} hands, every prefix of each line; goal p99 <= 2 ms)")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, n in (("memory", 10), ("memory", 10_000), ("journal", 10_000)):
            closer = None
            if kind == "memory":
                s = memory_session(n)
            else:
                j, s = journal_session(n, Path(tmp))
                closer = j.close
            try:
                t, c = asyncio.run(preview_times(s, hands))
            finally:
                if closer:
                    closer()
            print(
                f"  {kind:8s} {n:6,d} hands: wall median {statistics.median(t):5.2f} "
                f"p99 {_pct(t, 0.99):5.2f} ms | cpu median {statistics.median(c):5.2f} "
                f"p99 {_pct(c, 0.99):5.2f} ms  ({len(t)} keys)"
            )


def memory_session(n: int):
    from floorkill.rules import load_table_text
    from floorkill.store.session import MemorySession

    tf = load_table_text(TABLE)
    s = MemorySession(tf.config, tf.players)
    for i in range(n):
        s.append({"type": "hand", "winner": (1, 3, 4, 6, 7)[i % 5]})
    return s


def journal_session(n: int, folder: Path):
    from floorkill.rules import load_table_text
    from floorkill.store.journal import Journal

    tf = load_table_text(TABLE)
    j = Journal(folder / f"bench-{n}.db", "bench")
    s = j.create_table(tf, TABLE)
    raws = [{"type": "hand", "winner": (1, 3, 4, 6, 7)[i % 5]} for i in range(n)]
    for k in range(0, n, 1000):
        s.append_many(raws[k : k + 1000])
    return j, s


def child_submit(hands: int, pace: float) -> None:
    """Submit-to-updated for the floorkill on this process's path (one JSON line)."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("memory", "journal"):
            for n in (10, 10_000):
                closer = None
                if kind == "memory":
                    s = memory_session(n)
                else:
                    j, s = journal_session(n, Path(tmp))
                    closer = j.close
                try:
                    t, c = asyncio.run(submit_times(s, hands, pace))
                finally:
                    if closer:
                        closer()
                results[f"{kind} {n}"] = (
                    statistics.median(t),
                    _pct(t, 0.99),
                    statistics.median(c),
                    _pct(c, 0.99),
                )
    print(json.dumps({"at": time.time(), "results": results}), flush=True)


def report_submit(label: str, results: dict, hands: int) -> None:

    print(
        f"Enter to every panel updated — {label} ({hands} hands, 120x40, keys "
        f"{_pace_words()}); wall = until the next frame; cpu = the process's (every thread)"
    )
    for kind in ("memory", "journal"):
        for n in (10, 10_000):
            m, p, cm, cp = results[f"{kind} {n}"]
            print(
                f"  {kind:8s} {n:6,d} hands: wall median {m:6.2f} p99 {p:6.2f} ms | "
                f"cpu median {cm:6.2f} p99 {cp:6.2f} ms   (goal p99 <= {GOAL_P99_MS:g})"
            )
        m10, p10, cm10, cp10 = results[f"{kind} 10"]
        m10k, p10k, cm10k, cp10k = results[f"{kind} 10000"]
        print(
            f"  {kind:8s} ratio 10,000/10: wall median {m10k / m10:.2f} p99 {p10k / p10:.2f} | "
            f"cpu median {cm10k / cm10:.2f} p99 {cp10k / cp10:.2f}  (goal <= 1.2)"
        )


def compare(before: Path, runs: int, hands: int, pace: float) -> int:
    """Before and after in the same run: the start children interleaved (before, after,
    bare, before, after, bare, …) so a busy machine slows all three alike."""
    for root in (before, ROOT):
        spawn(["--child", "podium"], root)  # warm the disk cache and .pyc files
    widgets = spawn(["--child", "podium"])["widgets"]
    spawn(["--child", "bare", "--widgets", str(widgets)])
    got: dict[str, list[dict]] = {"before": [], "after": [], "bare": []}
    for _ in range(runs):
        got["before"].append(spawn(["--child", "podium"], before))
        got["after"].append(spawn(["--child", "podium"]))
        got["bare"].append(spawn(["--child", "bare", "--widgets", str(widgets)]))
    start = {k: statistics.median(r["start_s"] for r in v) for k, v in got.items()}
    cpu = {k: statistics.median(r["cpu_s"] for r in v) for k, v in got.items()}
    mem = {k: statistics.median(r["maxrss_kb"] for r in v) for k, v in got.items()}
    print(
        f"start to first frame (median of {runs} interleaved processes each; cpu = the "
        "process's own CPU time, which a busy machine does not inflate)"
    )
    for k in ("before", "after"):
        print(
            f"  {k:6s} podium {start[k] * 1000:8.1f} ms   bare {start['bare'] * 1000:8.1f} ms   "
            f"ratio {start[k] / start['bare']:.2f}  (goal <= {GOAL_START:g}) | cpu {cpu[k] * 1000:.0f} ms vs "
            f"{cpu['bare'] * 1000:.0f} ms, ratio {cpu[k] / cpu['bare']:.2f} | "
            f"memory {mem[k] / 1024:.1f} MB, ratio {mem[k] / mem['bare']:.2f}"
        )
    for k, root in (("before", before), ("after", ROOT)):
        data = spawn(["--child", "submit", "--hands", str(hands), "--pace", str(pace)], root)
        report_submit(f"{k} ({root})", data["results"], hands)
    return 0


def compare_langs(langs: list[str], runs: int, hands: int, pace: float) -> int:
    """The podium in each language, same run: start children interleaved with the bare
    app (en, ru, bare, en, ru, bare, …), then submit-to-updated for each language in its
    own process (twice each, alternating; the faster of the two per row)."""

    def child(args: list[str], lang: str | None) -> dict:
        if lang is None:
            os.environ.pop("FLOORKILL_LANG", None)
        else:
            os.environ["FLOORKILL_LANG"] = lang
        return spawn(args)

    widgets = child(["--child", "podium"], langs[0])["widgets"]  # warm the caches
    child(["--child", "bare", "--widgets", str(widgets)], None)
    got: dict[str, list[dict]] = {k: [] for k in [*langs, "bare"]}
    for _ in range(runs):
        for lang in langs:
            got[lang].append(child(["--child", "podium"], lang))
        got["bare"].append(child(["--child", "bare", "--widgets", str(widgets)], None))
    start = {k: statistics.median(r["start_s"] for r in v) for k, v in got.items()}
    cpu = {k: statistics.median(r["cpu_s"] for r in v) for k, v in got.items()}
    print(f"start to first frame (median of {runs} interleaved processes each)")
    for lang in langs:
        print(
            f"  {lang}  podium {start[lang] * 1000:8.1f} ms   bare {start['bare'] * 1000:8.1f} ms   "
            f"ratio {start[lang] / start['bare']:.2f}  (goal <= {GOAL_START:g}) | cpu {cpu[lang] * 1000:.0f} ms, "
            f"ratio to bare {cpu[lang] / cpu['bare']:.2f}, to {langs[0]} "
            f"{cpu[lang] / cpu[langs[0]]:.2f}"
        )
    submit: dict[str, list[dict]] = {lang: [] for lang in langs}
    for _ in range(2):
        for lang in langs:
            submit[lang].append(
                child(["--child", "submit", "--hands", str(hands), "--pace", str(pace)], lang)[
                    "results"
                ]
            )
    best = {
        lang: {
            row: [min(r[row][i] for r in submit[lang]) for i in range(4)] for row in submit[lang][0]
        }
        for lang in langs
    }
    for lang in langs:
        report_submit(f"{lang} (the better of 2 processes per row)", best[lang], hands)
    print(f"same run, {langs[1]} / {langs[0]} (cpu median, p99 per row):")
    for row in best[langs[0]]:
        a, b = best[langs[0]][row], best[langs[1]][row]
        print(
            f"  {row:16s} cpu median {b[2] / a[2]:.2f}  p99 {b[3] / a[3]:.2f}  | "
            f"wall median {b[0] / a[0]:.2f}"
        )
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--child", choices=("podium", "bare", "submit"))
    ap.add_argument("--preview", action="store_true", help="only the preview's cost per key")
    ap.add_argument(
        "--before",
        type=Path,
        metavar="TREE",
        help="another floorkill source tree (e.g. `git worktree add /tmp/base main`): "
        "report it and this one in the same run",
    )
    ap.add_argument("--widgets", type=int, default=30)
    ap.add_argument(
        "--pace",
        type=float,
        default=PACE,
        help=f"seconds between the typed keys of a line (default {PACE}: a person's pace; "
        "0: each line and its Enter in one burst)",
    )
    ap.add_argument(
        "--lang",
        choices=("en", "ru"),
        default=None,
        help="the podium's language (default: $FLOORKILL_LANG, else the locale)",
    )
    ap.add_argument(
        "--langs",
        default=None,
        metavar="EN,RU",
        help="two languages compared in the same run (start and submit)",
    )
    args = ap.parse_args()
    os.environ["FK_BENCH_PACE"] = str(args.pace)  # (for the reports' words)
    if args.lang:
        os.environ["FLOORKILL_LANG"] = args.lang  # this process and every child
    if args.child == "podium":
        child_podium()
        return 0
    if args.child == "bare":
        child_bare(args.widgets)
        return 0
    if args.child == "submit":
        child_submit(args.hands, args.pace)
        return 0

    if args.preview:
        report_preview(args.hands)
        return 0

    sys.path.insert(0, str(ROOT))
    os.environ.update({k: v for k, v in _env().items() if k != "PYTHONPATH"})
    if args.before is not None:
        return compare(args.before.resolve(), args.runs, args.hands, args.pace)
    if args.langs:
        return compare_langs(args.langs.split(","), args.runs, args.hands, args.pace)
    spawn(["--child", "podium"])  # warm the disk cache and .pyc files
    podium = [spawn(["--child", "podium"]) for _ in range(args.runs)]
    widgets = podium[0]["widgets"]
    spawn(["--child", "bare", "--widgets", str(widgets)])
    bare = [spawn(["--child", "bare", "--widgets", str(widgets)]) for _ in range(args.runs)]
    p_start = statistics.median(r["start_s"] for r in podium)
    b_start = statistics.median(r["start_s"] for r in bare)
    p_mem = statistics.median(r["maxrss_kb"] for r in podium)
    b_mem = statistics.median(r["maxrss_kb"] for r in bare)

    print(f"language: {_lang()}")
    print(f"start to first frame (median of {args.runs} processes, {widgets} widgets each)")
    print(
        f"  podium {p_start * 1000:8.1f} ms   bare {b_start * 1000:8.1f} ms   "
        f"ratio {p_start / b_start:.2f}  (goal <= {GOAL_START:g})"
    )
    print("peak memory (ru_maxrss at first frame)")
    print(
        f"  podium {p_mem / 1024:8.1f} MB   bare {b_mem / 1024:8.1f} MB   "
        f"ratio {p_mem / b_mem:.2f}  (goal <= 1.5)"
    )

    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("memory", "journal"):
            for n in (10, 10_000):
                closer = None
                if kind == "memory":
                    s = memory_session(n)
                else:
                    j, s = journal_session(n, Path(tmp))
                    closer = j.close
                try:
                    t, c = asyncio.run(submit_times(s, args.hands, args.pace))
                finally:
                    if closer:
                        closer()
                results[(kind, n)] = (
                    statistics.median(t),
                    _pct(t, 0.99),
                    statistics.median(c),
                    _pct(c, 0.99),
                )

    print(
        f"Enter to every panel updated ({args.hands} hands, 120x40, keys {_pace_words()}); "
        "wall = until the next frame; cpu = the process's (every thread)"
    )
    for kind in ("memory", "journal"):
        for n in (10, 10_000):
            m, p, cm, cp = results[(kind, n)]
            print(
                f"  {kind:8s} {n:6,d} hands: wall median {m:6.2f} p99 {p:6.2f} ms | "
                f"cpu median {cm:6.2f} p99 {cp:6.2f} ms"
            )
        m10, p10, cm10, cp10 = results[(kind, 10)]
        m10k, p10k, cm10k, cp10k = results[(kind, 10_000)]
        print(
            f"  {kind:8s} ratio 10,000/10: wall median {m10k / m10:.2f} p99 {p10k / p10:.2f} | "
            f"cpu median {cm10k / cm10:.2f} p99 {cp10k / cp10:.2f}  (goal <= 1.2)"
        )
    report_preview(args.hands)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
