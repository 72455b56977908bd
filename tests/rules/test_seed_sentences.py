"""The seeds, sentence by sentence: one hand-written scenario per sentence of Robert's Rules
of Poker, chapter 13 "Kill Pots" (and its glossary's kill and joker entries), per
Alternate Rule of the house rules, and per joker rule (docs/rules.md §1, §5, §10, §11).

Every scenario's decisions and refusals are read in both languages: the English text has no
Cyrillic, the Russian text is Russian (the Russian seed is a loose translation; floorkill's
Russian is written from the English meaning, docs/rules.md §1).

Default table (helpers.table_doc): $10-$20 fixed hold'em, blinds $5/$10, full kill,
two-pots trigger, six players Ann..Fay in seats 1-6.
"""

from __future__ import annotations

import re

import pytest
from helpers import (
    hand,
    start,
    table_doc,  # noqa: E402,I001  (the table builder, for config errors)
)

from floorkill.rules import ConfigError, Refusal, apply, next_hand
from floorkill.rules.config import config_from_dict
from floorkill.rules.placard import placard
from floorkill.rules.rulings import same_game

CYRILLIC = re.compile(r"[\u0400-\u04ff]")
LOWBALL = dict(game="lowball-a5", bets=(2, 4), blinds=(1, 2))
STACKED = tuple((s, n, 500) for s, n in ((1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")))


class Session:
    """A table and its events; every decision and refusal read in both languages."""

    def __init__(self, *args, **kw):
        self.state = start(*args, **kw)
        self.decisions = []

    def __call__(self, *events):
        for ev in events:
            a = apply(self.state, ev)
            for d in a.decisions:
                _both_languages(d.text("en"), d.text("ru"))
            self.decisions = a.decisions
            self.state = a.state
        return self

    def refused(self, ev, key=None):
        with pytest.raises(Refusal) as info:
            apply(self.state, ev)
        _both_languages(info.value.text("en"), info.value.text("ru"))
        if key is not None:
            assert info.value.key == key, (info.value.key, info.value.text())
        return info.value

    @property
    def codes(self):
        return [d.code for d in self.decisions]

    @property
    def next(self):
        return next_hand(self.state)


def _both_languages(en: str, ru: str) -> None:
    assert en and ru and not CYRILLIC.search(en), en
    letters = [c for c in ru if c.isalpha()]
    share = sum(1 for c in letters if CYRILLIC.match(c)) / max(1, len(letters))
    assert share > 0.5, ru


def killed_by(s: Session, seat: int) -> None:
    assert s.next.killed and s.next.killer == seat, s.next


# ---------------------------------------------------------------------------
# Chapter 13, the opening paragraph (rrop-13.0)


def test_rrop_13_0_a_full_kill_is_double_the_big_blind_and_doubles_the_limits():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10))
    assert s.next.kill_blind == 2000 and s.next.limits == (2000, 4000)


def test_rrop_13_0_a_half_kill_is_one_and_a_half_big_blinds_and_raises_the_limits_so():
    s = Session(kind="half")(hand(2), hand(2, won_beyond_blinds=10))
    assert s.next.kill_blind == 1500 and s.next.limits == (1500, 3000)


def test_rrop_13_0_an_optional_kill_in_lowball_deals_a_newcomer_in_at_once():
    s = Session(voluntary=True, **LOWBALL)
    s({"type": "join", "seat": 7, "name": "Yan", "stack": 100, "posts_kill": True})
    killed_by(s, 7)
    assert 7 in s.next.dealt_in and s.next.kind == "voluntary"


def test_rrop_13_0_a_hilo_scoop_of_a_pot_bigger_than_the_set_size_must_kill():
    s = Session("omaha8", triggers=["scoop"])(hand(high=[3], low=[3], pot=100))
    killed_by(s, 3)


def test_rrop_13_0_two_consecutive_pots_must_kill_the_next():
    killed_by(Session()(hand(4), hand(4, won_beyond_blinds=10)), 4)


def test_rrop_13_0_the_kill_button_marks_the_winner_until_the_next_hand_is_completed():
    s = Session()(hand(4))
    assert (s.state.button.status, s.state.button.seat) == ("leg-up", 4)


def test_rrop_13_0_a_second_win_that_does_not_qualify_monetarily_does_not_kill():
    s = Session()(hand(4), hand(4, qualifies=False))
    assert not s.next.killed


# ---------------------------------------------------------------------------
# Rules 1-13


def test_rrop_13_1a_the_first_hand_of_a_new_game_is_neutral():
    assert Session().state.button.status == "neutral"


def test_rrop_13_1b_the_winner_of_the_previous_pot_quits_neutral():
    s = Session()(hand(4), {"type": "quit", "seat": 4})
    assert s.state.button.status == "neutral" and "neutral" in s.codes


def test_rrop_13_1c_a_split_where_neither_had_the_button_is_neutral():
    s = Session()(hand(4), hand(winners=[1, 2]))
    assert s.state.button.status == "neutral"


def test_rrop_13_2_the_killer_acts_in_proper_turn():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10))
    assert not s.next.killer_acts_last


def test_rrop_13_3_no_size_for_the_first_leg_one_full_bet_beyond_the_blinds_for_the_second():
    s = Session()(hand(2, pot=15))
    assert s.state.button.status == "leg-up"
    assert not Session()(hand(2), hand(2, won_beyond_blinds=5)).next.killed
    killed_by(Session()(hand(2), hand(2, won_beyond_blinds=10)), 2)


def test_rrop_13_4_a_leg_up_who_splits_keeps_it_and_a_killer_who_splits_kills_again():
    s = Session()(hand(2), hand(winners=[2, 3]))
    assert (s.state.button.status, s.state.button.seat) == ("leg-up", 2)
    s = Session()(hand(2), hand(2, won_beyond_blinds=10), hand(winners=[2, 3]))
    killed_by(s, 2)


def test_rrop_13_5_leaving_with_a_leg_up_keeps_it_on_return():
    s = Session()(hand(2), {"type": "away", "seat": 2}, {"type": "back", "seat": 2})
    assert (s.state.button.status, s.state.button.seat) == ("leg-up", 2)


def test_rrop_13_6_a_required_kill_is_posted_that_hand_even_when_quitting():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10), {"type": "quit", "seat": 2})
    assert s.next.killed and s.next.posts.get(2) == 2000


def test_rrop_13_6_an_unposted_kill_bars_the_player_from_any_game():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10))
    s({"type": "quit", "seat": 2, "posts_kill": False})
    assert [o.player for o in s.state.barred] == ["Bob"]
    s.refused({"type": "join", "seat": 2, "name": "Bob"}, key="join-barred")
    other = start(name="Table 9", players=((1, "Ann"), (3, "Cy")))
    with pytest.raises(Refusal):
        apply(other, {"type": "join", "seat": 2, "name": "bob"}, {"bob": (2000, "Table 12")})


def test_rrop_13_7_a_required_killer_who_wins_again_kills_again_for_the_same_amount():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10), hand(2))
    killed_by(s, 2)
    assert s.next.kill_blind == 2000 and "kill-again" in s.codes


@pytest.mark.parametrize("pot, kills", [(99, False), (100, True)])
def test_rrop_13_8_a_scoop_kills_only_at_five_times_the_upper_limit(pot, kills):
    s = Session("omaha8", triggers=["scoop"])(hand(high=[3], low=[3], pot=pot))
    assert s.next.killed == kills


def test_rrop_13_9_an_unnoticed_required_kill_must_be_completed_else_may_withdraw():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10), {"type": "underpost", "seat": 4})
    assert s.codes == ["must-complete"]
    s = Session(voluntary=True, players=STACKED)({"type": "voluntary_kill", "seat": 3})
    s({"type": "underpost", "seat": 4})
    assert s.codes == ["may-withdraw"]


def test_rrop_13_10_a_lowball_voluntary_kill_after_two_cards_with_four_kill_blinds():
    s = Session(voluntary=True, **LOWBALL)
    s({"type": "stack", "seat": 1, "amount": 15})
    s.refused({"type": "voluntary_kill", "seat": 1}, key="voluntary-stack-short")  # 16 needed
    s({"type": "stack", "seat": 1, "amount": 16})
    s.refused({"type": "voluntary_kill", "seat": 1, "third_card_dealt": True})
    s({"type": "voluntary_kill", "seat": 1})
    killed_by(s, 1)
    assert s.next.killer_acts_last  # acts last on the first round


def test_rrop_13_10_the_russian_texts_sometimes_three_cards_is_the_option_voluntary_cards():
    s = Session(voluntary=True, voluntary_cards=3, **LOWBALL)
    s({"type": "stack", "seat": 1, "amount": 16})
    s.refused({"type": "voluntary_kill", "seat": 1, "cards_seen": 3, "cards_dealt": 4})
    s({"type": "voluntary_kill", "seat": 1, "cards_seen": 3})
    killed_by(s, 1)


def test_rrop_13_11_only_one_kill_per_deal():
    s = Session(voluntary=True, players=STACKED)(hand(2), hand(2, won_beyond_blinds=10))
    s.refused({"type": "voluntary_kill", "seat": 3}, key="one-kill-per-deal")


def test_rrop_13_12_a_new_player_sits_out_a_killed_pot_or_agrees_to_kill_the_next():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10))
    s({"type": "join", "seat": 7, "name": "Yan"})
    assert 7 not in s.next.dealt_in and "not-dealt-in" in s.codes
    s({"type": "join", "seat": 8, "name": "Zed", "agrees_to_kill": True})
    assert 8 in s.next.dealt_in and "agrees-to-kill" in s.codes
    s(hand(3))
    killed_by(s, 8)


def test_rrop_13_13_a_kill_game_is_another_game_type_for_broken_game_status():
    kill = start().config
    no_kill = start(kind="none").config
    (d,) = same_game(kill, no_kill)
    _both_languages(d.text("en"), d.text("ru"))
    assert kill.game_type() != no_kill.game_type()


# ---------------------------------------------------------------------------
# The house rules, with their Alternate Rules


def test_house_spread_a_kill_raises_the_minimum_and_the_maximum():
    s = Session(structure="spread", bets=(2, 6), blinds=(1, 2))(hand(2), hand(2, qualifies=True))
    assert s.next.limits == (400, 1200)


def test_house_blind_games_only_games_with_blinds_are_played_for_a_kill():
    with pytest.raises(ConfigError):
        config_from_dict(table_doc("stud", blinds=None))


def test_house_kill_defined_ten_twenty_kill_posts_twenty_and_plays_twenty_forty():
    s = Session()(hand(2), hand(2, won_beyond_blinds=10))
    assert s.next.posts[2] == 2000 and s.next.limits == (2000, 4000)


def test_house_natural_alternate_a_leg_up_who_splits_makes_the_button_neutral():
    s = Session(split_with_leg="neutral")(hand(2), hand(winners=[2, 3]))
    assert s.state.button.status == "neutral"


def test_house_natural_alternate_a_killer_who_splits_makes_the_button_neutral():
    s = Session(split_by_killer="neutral")(hand(2), hand(2, won_beyond_blinds=10))
    s(hand(winners=[2, 3]))
    assert s.state.button.status == "neutral"


def test_house_natural_a_returning_leg_holder_waits_while_a_kill_pot_is_in_play():
    s = Session()(hand(1), {"type": "away", "seat": 1}, hand(2), hand(2, won_beyond_blinds=10))
    s({"type": "back", "seat": 1})
    assert "Ann" in s.state.credits and "leg-credit" in s.codes
    s(hand(winners=[3, 4]))  # the next available pot: the button would be neutral
    assert (s.state.button.status, s.state.button.seat) == ("leg-up", 1)


def test_house_natural_the_second_leg_needs_a_flop_and_a_walk_keeps_the_button():
    s = Session(second_leg_needs_flop=True)(hand(2), hand(2, flop=False))
    assert (s.state.button.status, s.state.button.seat) == ("leg-up", 2)


def test_house_natural_alternate_after_a_walk_the_button_is_neutral():
    s = Session(second_leg_needs_flop=True, walk="neutral")(hand(2), hand(2, flop=False))
    assert s.state.button.status == "neutral"


def test_house_natural_alternate_a_second_leg_by_a_pot_of_a_set_size():
    s = Session(second_leg_pot=100)(hand(2), hand(2, pot=99))
    assert not s.next.killed
    killed_by(Session(second_leg_pot=100)(hand(2), hand(2, pot=100)), 2)


def test_house_scoop_a_scoop_by_an_unmatched_wager_kills_at_five_times_the_upper_limit():
    s = Session("omaha8", triggers=["scoop"])(hand(high=[4], low=[], pot=100))
    killed_by(s, 4)


def test_house_big_pot_150_in_a_15_30_game_kills():
    s = Session(triggers=["big-pot"], bets=(15, 30), blinds=(10, 15))(hand(3, pot=150))
    killed_by(s, 3)
    assert not Session(triggers=["big-pot"], bets=(15, 30), blinds=(10, 15))(
        hand(3, pot=149)
    ).next.killed


def test_house_button_d_a_pot_short_of_the_requirement_leaves_the_button_neutral():
    s = Session(unqualified_second_win="neutral")(hand(2), hand(2, won_beyond_blinds=5))
    assert s.state.button.status == "neutral"


def test_house_button_alternate_c_neutral_after_any_split():
    s = Session(split_with_leg="neutral")(hand(2), hand(winners=[2, 5]))
    assert s.state.button.status == "neutral"


# ---------------------------------------------------------------------------
# The joker


def showdown(game: str, hands: dict[int, str], **kw) -> Session:
    return Session(game, joker=True, **kw)({"type": "hand", "showdown": {"hands": hands}})


def test_joker_1_the_players_are_told_whether_the_joker_is_in():
    lines = [ln.render("en") for ln in placard(start("draw-high", joker=True).config).lines]
    assert any("joker is in" in ln for ln in lines)


def test_joker_2_the_joker_is_an_ace_so_kings_and_sevens_have_an_ace_kicker():
    s = showdown("draw-high", {1: "Kh Kd 7c 7s Jk", 2: "Ks Kc 7h 7d Qs"})
    assert s.state.button.seat == 1


def test_joker_3_in_a_flush_the_joker_is_the_highest_card_not_present():
    s = showdown("draw-high", {1: "Ah 9h 6h 4h Jk", 2: "Ad Kd 9d 6d 3d"})
    assert s.state.button.seat == 1  # A-K-9-6-4 of hearts beats A-K-9-6-3


def test_joker_4_five_aces_is_the_best_hand():
    s = showdown("draw-high", {1: "As Ah Ad Ac Jk", 2: "9c Tc Jc Qc Kc"})
    assert s.state.button.seat == 1


def test_rrop_glossary_joker_in_lowball_the_joker_is_the_lowest_unmatched_rank():
    # the joker is the five here (a wheel), not an ace (which would pair the ace)
    s = showdown(
        "lowball-a5", {1: "Jk As 2d 3c 4h", 2: "Ah 2s 3s 4d 6h"}, bets=(2, 4), blinds=(1, 2)
    )
    assert s.state.button.seat == 1
    line = next(ln for ln in placard(s.state.config).lines if "joker" in ln.render("en"))
    assert "lowest" in line.render("en") and "младший" in line.render("ru")
