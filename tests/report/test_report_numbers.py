"""The report's numbers, cross-checked against ``floorkill replay --json`` of the same tables
(exported from the same journal): every count is recomputed here from the replay's JSON
lines and the exported events, never from the report's own code."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from reporthelp import sample_journal

from floorkill.cli import main
from floorkill.rules import Refusal, load_table_file
from floorkill.store.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from storehelp import RICH_KILL, random_events, table  # noqa: E402


def replay_json(journal: Path, name: str, tmp: Path) -> tuple[list[dict], list[dict]]:
    """(replay --json lines, the exported raw events) of one journal table."""
    out = tmp / f"export-{abs(hash(name))}.toml"
    assert main(["export", "--journal", str(journal), "--table", name, "-o", str(out)]) == 0
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["replay", str(out), "--json"]) == 0
    lines = [json.loads(x) for x in buf.getvalue().splitlines()]
    return lines, list(load_table_file(out).events)


def expected(lines: list[dict], raws: list[dict]) -> dict:
    """The report's definitions, computed from the replay's output alone."""
    c: Counter = Counter()
    prev = {"status": "neutral", "seat": None}
    for line, raw in zip(lines, raws, strict=True):
        assert line["error"] is None
        after = line["button"]
        codes = [d["code"] for d in line["decisions"]]
        for d in line["decisions"]:
            for cid in d["cites"]:
                c[f"clause-{cid}"] += 1
        if line["type"] == "hand":
            c["hands"] += 1
            res = line["result"]
            if res["scoop"] is None:
                c["splits"] += 1
            if raw.get("flop") is False:
                c["walks"] += 1
            leg_before = (
                prev["seat"]
                if prev["status"] == "leg-up"
                else (prev.get("leg") or {}).get("seat")
                if prev["status"] == "killed"
                else None
            )
            if after["status"] == "leg-up" and after["seat"] != leg_before:
                c["legs"] += 1
            if prev["status"] == "killed" and raw.get("kill_posted", True):
                c["kill-pots"] += 1
                c[f"kind-{prev['kind']}"] += 1
                if res["scoop"] == prev["seat"]:
                    c["killer-won"] += 1
                elif prev["seat"] in res["high"] + res["low"]:
                    c["killer-split"] += 1
            c["agreed-kills"] += sum(
                1 for d in line["decisions"] if d["code"] == "kill" and d["cites"] == ["rrop-13.12"]
            )
        if line["type"] == "voluntary_kill" or (
            line["type"] == "join" and raw.get("posts_kill") and "kill" in codes
        ):
            c["voluntary"] += 1
        if line["type"] == "underpost":
            c["underposts"] += 1
        c["missed"] += sum(1 for x in codes if x in ("barred", "owes"))
        c["payments"] += codes.count("paid")
        c["agreements"] += codes.count("agrees-to-kill")
        prev = after
    c["barred-now"] = len(lines[-1]["barred"]) if lines else 0
    c["hands-total"] = lines[-1]["hand"] if lines else 0
    return c


def report_numbers(html: str, table: str) -> dict:
    """Every ``data-k`` number the report prints for ``table``."""
    out = {}
    esc_name = re.escape(
        table.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )
    for key, value in re.findall(r'data-k="([^"]+)" data-table="' + esc_name + r'">(\d+)<', html):
        out.setdefault(key, int(value))
    return out


KEYS = (
    "hands",
    "kill-pots",
    "killer-won",
    "killer-split",
    "legs",
    "splits",
    "walks",
    "voluntary",
    "agreed-kills",
    "agreements",
    "underposts",
    "missed",
    "payments",
    "barred-now",
    "hands-total",
    "kind-required",
    "kind-voluntary",
    "kind-agreed",
    "kind-owed",
)


def check(journal: Path, tmp: Path, names: list[str], lang: str = "en") -> str:
    out = tmp / f"report-{lang}.html"
    assert main(["report", "--journal", str(journal), "-o", str(out), "--lang", lang]) == 0
    html = out.read_text(encoding="utf-8")
    totals: Counter = Counter()
    for name in names:
        lines, raws = replay_json(journal, name, tmp)
        want = expected(lines, raws)
        got = report_numbers(html, name)
        for key in KEYS:
            assert got[key] == want[key], f"{name}: {key}"
        for key, n in want.items():
            if key.startswith("clause-"):
                assert got[key] == n, f"{name}: {key}"
        assert sum(v for k, v in got.items() if k.startswith("trigger-")) == want["kill-pots"]
        totals.update({k: want[k] for k in KEYS})
    room = report_numbers(html, "*")
    for key in (
        "hands",
        "kill-pots",
        "killer-won",
        "legs",
        "splits",
        "walks",
        "voluntary",
        "agreed-kills",
        "underposts",
        "missed",
        "payments",
    ):
        assert room[key] == totals[key], f"room: {key}"
    return html


def test_the_sample_sessions_match_replay(tmp_path):
    journal = sample_journal(tmp_path / "j.db")
    with Journal(journal) as j:
        names = j.table_names()
    html = check(journal, tmp_path, names)
    assert 'data-k="kind-voluntary" data-table="*">3<' in html  # a cross-check with teeth
    ru = check(journal, tmp_path, names, lang="ru")
    assert "Килл-поты" in ru and "Печать смены" in ru


@pytest.mark.parametrize("seed", [3, 17])
def test_random_sessions_with_voids_match_replay(tmp_path, seed):
    """Every kind of event (joins, quits, missed kills, payments, voluntary kills, under-
    posts) and undos: the report counts what the export replays."""
    rng = random.Random(seed)
    path = tmp_path / "j.db"
    names = []
    with Journal(path, "Floor Fay", snapshot_every=25) as j:
        for t in range(2):
            tf = table(f"Rand {seed}-{t}", players=6, extra_kill=RICH_KILL)
            s = j.create_table(tf)
            names.append(s.name)
            for i, ev in enumerate(random_events(seed * 10 + t, 260, tf)):
                try:
                    s.append(ev)
                except Refusal:
                    continue
                if i % 37 == 36:
                    rec = s.last_undoable()
                    try:
                        s.void(rec.seq, rng.choice(["misclick", "wrong seat", "<b>typo</b>"]))
                    except Refusal:
                        pass
    html = check(path, tmp_path, names)
    voids = len(re.findall(r'data-k="void"', html))
    assert voids >= 2
    assert "&lt;b&gt;typo&lt;/b&gt;" in html or "<b>typo</b>" not in html
