"""The table's placard (rules/placard.py, `floorkill rules TABLE`): generated from the
configuration, every option reflected, both languages, text and self-contained HTML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import make_table

from floorkill.cli import main
from floorkill.rules.clauses import CLAUSES
from floorkill.rules.config import KILL_OPTIONS, TRIGGERS, with_options
from floorkill.rules.placard import placard, placard_html, placard_text

ROOT = Path(__file__).resolve().parents[2]

# $1-4-8-8 spread hold'em, $1/$2 blinds: every formula gives a different amount here
# (5x upper $40, 5x lower $5, 5x big blind $10; one lower bet $1, one upper bet $8).
BASE_KW = dict(
    structure="spread",
    bets=(1, 4, 4, 8, 8),
    blinds=(1, 2),
    triggers=("two-pots", "scoop", "big-pot"),
    voluntary=True,
    second_leg_needs_flop=True,
)
# Values to switch each option to, beyond its other keywords (amount options: an amount).
AMOUNTS = {
    "scoop_minimum": 2500,
    "big_pot_minimum": 2500,
    "second_leg_minimum": 300,
    "second_leg_pot": 2500,
}


def base():
    return make_table(**BASE_KW).config


def _alternatives(name, current):
    allowed, _default, _cid = KILL_OPTIONS[name]
    values = [v for v in allowed if v != current]
    if name in AMOUNTS:
        values.append(AMOUNTS[name])
    return values


@pytest.mark.parametrize("name", list(KILL_OPTIONS))
def test_every_house_option_changes_the_placard_in_both_languages(name):
    cfg = base()
    before = {lang: placard_text(cfg, lang) for lang in ("en", "ru")}
    for value in _alternatives(name, getattr(cfg.kill, name)):
        changed = with_options(cfg, **{name: value})
        for lang in ("en", "ru"):
            assert placard_text(changed, lang) != before[lang], (name, value, lang)


@pytest.mark.parametrize("kill", [{"kind": "half"}, {"kind": "none", "triggers": ()}])
def test_the_kind_of_kill_changes_the_placard(kill):
    cfg = base()
    from dataclasses import replace

    other = replace(cfg, kill=replace(cfg.kill, **kill))
    for lang in ("en", "ru"):
        assert placard_text(other, lang) != placard_text(cfg, lang)


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_each_trigger_changes_the_placard(trigger):
    cfg = base()
    if trigger not in cfg.kill.triggers:  # a trigger the base table lacks: with it, then without
        cfg = with_options(cfg, triggers=(*cfg.kill.triggers, trigger))
    without = with_options(cfg, triggers=tuple(t for t in cfg.kill.triggers if t != trigger))
    for lang in ("en", "ru"):
        assert placard_text(without, lang) != placard_text(cfg, lang)


def test_house_natural_the_walk_is_told_only_with_the_flop_rule():
    cfg = with_options(base(), second_leg_needs_flop=False)
    for walk in ("keeps", "neutral"):
        text = placard_text(with_options(cfg, walk=walk))
        assert "walk" not in text and "with or without a flop" in text
    text = placard_text(with_options(base(), walk="neutral"))
    assert "without a flop (a walk) and the button goes back to the middle" in text


def test_house_natural_second_leg_pot_on_the_placard():
    cfg = with_options(base(), second_leg_pot="5x-big-blind")
    en, ru = placard_text(cfg, "en"), placard_text(cfg, "ru")
    assert "in a pot of at least $10 (uncalled bets excluded), after a flop" in en
    assert "beyond the blinds" not in en  # the pot test replaces rrop-13.3's
    assert "банк не меньше 10\u00a0$" in ru  # a Russian amount: 10 $
    line = next(ln for ln in placard(cfg).lines if "$10 (uncalled" in ln.render("en"))
    assert "house-natural" in line.cites and "rrop-13.3" not in line.cites


def test_every_line_cites_known_clauses_and_russian_is_russian():
    for path in sorted((ROOT / "sample_tables").glob("*.toml")):
        from floorkill.rules import load_table_file

        p = placard(load_table_file(path).config)
        for line in p.lines:
            assert all(c in CLAUSES for c in line.cites), line
            assert re.search("[а-яё]", line.render("ru"), re.I), line


def test_placard_snapshot_english(snapshot):
    assert placard_text(make_table(preset="house-pot").config, "en") == snapshot


def test_placard_snapshot_russian(snapshot):
    assert placard_text(make_table(preset="house-pot").config, "ru") == snapshot


def test_placard_html_is_self_contained_and_escapes_the_table_name():
    cfg = make_table(name="<script>alert(1)</script> & [b]Bold[/b]").config
    page = placard_html(cfg, "ru")
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert '<html lang="ru">' in page
    assert not re.search(r"""(src|href)\s*=|@import|url\(""", page)
    assert page.count("<li>") == len(placard(cfg).lines)


def test_cli_rules_prints_the_placard(capsys):
    table = ROOT / "sample_tables" / "holdem-4-8-half-two-pots.toml"
    assert main(["rules", str(table), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Половинный килл" in out and "[rrop-13.4]" in out


def test_cli_rules_html_to_a_file(tmp_path, capsys):
    table = ROOT / "sample_tables" / "omaha8-10-20-scoop.toml"
    target = tmp_path / "placard.html"
    assert main(["rules", str(table), "--html", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "rrop-13.8" in page


def test_cli_rules_bad_table_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[table]\nname = "T"\ngame = "chess"\n[stakes]\nbets = [1, 2]\n', encoding="utf-8"
    )
    assert main(["rules", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.toml:3" in err
