"""A deliberately small second model of the kill button, written from
docs/rules.md (sections 2, 4 and 5) and the seeds, sharing no code with
``floorkill.rules`` (it imports nothing of floorkill). Money is integer cents.

Input: a table as a plain dict (the shape of a parsed table file) and events as dicts.
Output of :meth:`Model.apply`: ``None`` when the event is refused, else a dict of what the
docs/rules.md says is observable (the button, the coming hand, who is barred, who is dealt in, and
whether the button *became* neutral). Typed results only (no cards); the second-leg answer
is ``won_beyond_blinds``; pot-size triggers read ``pot``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

BOUND = ("required", "agreed", "owed")  # kills a player is bound to post (rrop-13.6)
BLINDLESS = ("stud", "stud8", "razz")


def cents(x) -> int:
    if isinstance(x, int):
        return x * 100
    whole, _, frac = str(x).partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


@dataclass
class Seat:
    name: str
    stack: int | None = None
    away: bool = False
    sitting_out: bool = False
    waiting: bool = False  # sat down between the last dealer and the coming small blind
    missed: bool = False  # not dealt in (away, barred, sitting out) while a hand was played
    new: bool = False  # joined and never dealt a hand: sits out killed pots (rrop-13.12)
    entry: str = ""  # button_gap = "posts": "posts" a big blind the coming hand, then "posted"


@dataclass
class Button:
    status: str = "neutral"  # neutral | leg-up | killed
    seat: int | None = None
    name: str | None = None
    kind: str | None = None  # killed: required | voluntary | agreed | owed
    amount: int | None = None
    leg: tuple[int, str] | None = None  # killed by a non-required kill: who keeps the leg


@dataclass
class Table:
    seats: dict[int, Seat]
    button: Button = field(default_factory=Button)
    barred: list[tuple[str, int, str]] = field(default_factory=list)  # (name, owes, mode)
    elsewhere: list[tuple[str, int]] = field(default_factory=list)  # barred at other tables
    credits: list[str] = field(default_factory=list)
    agreed: list[int] = field(default_factory=list)
    held: int | None = None
    hands: int = 0
    dealer_pos: int = 1


class Refused(Exception):
    pass


class Model:
    def __init__(self, doc: dict) -> None:
        t, s, k = doc["table"], doc["stakes"], doc.get("kill", {})
        self.game = t["game"]
        self.n = t["seats"]
        self.bets = tuple(cents(b) for b in s["bets"])
        self.fixed = s.get("structure", "fixed") == "fixed"
        blinds = s.get("blinds") or [0, 0]
        self.blinds = (cents(blinds[0]), cents(blinds[1]))
        self.kind = k.get("kind", "none")
        self.mult = (2, 1) if self.kind == "full" else (3, 2)
        self.triggers = tuple(k.get("triggers", ()))
        self.opt = {
            "second_leg_minimum": "lower-bet",
            "second_leg_needs_flop": False,
            "split_with_leg": "keeps",
            "split_by_killer": "kills-again",
            "walk": "keeps",
            "unqualified_second_win": "keeps-leg",
            "voluntary": False,
            "voluntary_cards": 2,
            "killer_acts": "in-turn",
            "new_player": "must-agree",
            "missed_kill": "barred",
            "killer_in_blind": "replaces",
            "button_gap": "waits",
            "scoop_minimum": "5x-upper",
            "big_pot_minimum": "5x-upper",
        }
        self.opt.update({key: v for key, v in k.items() if key not in ("kind", "triggers")})
        self.t = Table(
            seats={
                p["seat"]: Seat(p["name"], cents(p["stack"]) if "stack" in p else None)
                for p in doc.get("players", [])
            },
            dealer_pos=t.get("button", 1),
        )

    # -- amounts -------------------------------------------------------------
    @property
    def kill_blind(self) -> int:
        return self.blinds[1] * self.mult[0] // self.mult[1]

    def killed_limits(self) -> tuple[int, ...]:
        return tuple(b * self.mult[0] // self.mult[1] for b in self.bets)

    def minimum(self, spec) -> int:
        if spec == "5x-upper":
            return 5 * max(self.bets)
        if spec == "5x-lower":
            return 5 * (self.bets[0] if self.fixed else min(self.bets))
        return cents(spec)

    def full_bet(self, killed: bool) -> int:
        limits = self.killed_limits() if killed else self.bets
        spec = self.opt["second_leg_minimum"]
        if spec == "lower-bet":
            return limits[0] if self.fixed else min(limits)
        if spec == "upper-bet":
            return max(limits)
        return cents(spec)

    # -- who plays -----------------------------------------------------------
    def is_barred(self, name: str, t: Table | None = None) -> bool:
        t = t or self.t
        key = name.casefold()
        return any(b[0].casefold() == key and b[2] == "barred" for b in t.barred) or any(
            b[0].casefold() == key for b in t.elsewhere
        )

    def dealt(self, t: Table | None = None) -> list[int]:
        t = t or self.t
        return [
            s
            for s in sorted(t.seats)
            if not t.seats[s].away
            and not t.seats[s].sitting_out
            and (not t.seats[s].waiting or t.seats[s].entry)
            and not self.is_barred(t.seats[s].name, t)
        ]

    def seat_named(self, name: str, t: Table | None = None) -> int | None:
        t = t or self.t
        return next((s for s, p in t.seats.items() if p.name.casefold() == name.casefold()), None)

    def positions(self, t: Table | None = None, dealt: list[int] | None = None):
        t = t or self.t
        dealt = self.dealt(t) if dealt is None else dealt
        dealt = [s for s in dealt if not t.seats[s].waiting]  # passed by, button and blinds
        if not dealt:
            return None, None, None
        dealer = next(
            s for s in [(t.dealer_pos - 1 + i) % self.n + 1 for i in range(self.n)] if s in dealt
        )
        if len(dealt) < 2:
            return dealer, None, None
        i = dealt.index(dealer)
        if len(dealt) == 2:
            return dealer, dealer, dealt[(i + 1) % 2]
        return dealer, dealt[(i + 1) % len(dealt)], dealt[(i + 2) % len(dealt)]

    def in_gap(self, seat: int) -> bool:
        """The dealer button never moves backwards: a seat after the last dealer and before
        the small blind the coming hand would have without its player is not dealt in yet."""
        t = self.t
        if t.hands == 0 or self.game in BLINDLESS:
            return False
        _d, sb, bb = self.positions(t, [s for s in self.dealt() if s != seat])
        if sb is None or bb is None:
            return False
        last = (t.dealer_pos - 2) % self.n + 1
        return 0 < (seat - last) % self.n < (sb - last) % self.n

    def _take_seat(self, p: Seat, seat: int) -> None:
        """In the gap: wait for the button, or (button_gap = "posts") post a big blind and be
        dealt in, the button and the blinds passing the seat by."""
        p.waiting = self.in_gap(seat)
        p.entry = "posts" if p.waiting and self.opt["button_gap"] == "posts" else ""

    def leg_holder(self, b: Button) -> tuple[int, str] | None:
        if b.status == "leg-up":
            return (b.seat, b.name)
        if b.status == "killed":
            return b.leg
        return None

    # -- the observable state ------------------------------------------------
    def observe(self, became_neutral: bool = False) -> dict:
        t = self.t
        b = t.button
        dealer, sb, bb = self.positions()
        if self.game in BLINDLESS:
            sb = bb = None
        posts = {}
        if sb is not None:
            posts[sb] = self.blinds[0]
        if bb is not None:
            posts[bb] = self.blinds[1]
        for s in self.dealt():
            if t.seats[s].entry == "posts":  # a big blind, to be dealt in at once
                posts[s] = self.blinds[1]
        if b.status == "killed":
            if b.seat in posts and self.opt["killer_in_blind"] == "both":
                posts[b.seat] += b.amount
            else:
                posts[b.seat] = b.amount
        return {
            "button": (b.status, b.seat, b.kind, b.leg[0] if b.leg else None),
            "killed": b.status == "killed",
            "killer": b.seat if b.status == "killed" else None,
            # rrop-13.10: a voluntary killer acts last; a bound one as killer_acts says (13.2)
            "killer_acts_last": b.status == "killed"
            and (b.kind == "voluntary" or self.opt["killer_acts"] == "last"),
            "kill_blind": b.amount if b.status == "killed" else None,
            "limits": self.killed_limits() if b.status == "killed" else self.bets,
            "dealer": dealer,
            "small_blind": sb,
            "big_blind": bb,
            "posts": posts,
            "dealt_in": tuple(self.dealt()),
            "barred": sorted(
                [(n.casefold(), o, m) for n, o, m in t.barred]
                + [(n.casefold(), o, "barred") for n, o in t.elsewhere]
            ),
            "hands": t.hands,
            "became_neutral": became_neutral,
            "ruling": getattr(self, "ruling", None),
        }

    # -- events --------------------------------------------------------------
    def apply(self, ev: dict) -> dict | None:
        before = copy.deepcopy(self.t)
        self.ruling = None
        try:
            if "room" in ev:  # the bars of players seated here at other tables (rrop-13.6)
                self.t.elsewhere = [(b["player"], cents(b["owes"])) for b in ev["room"]]
            getattr(self, "_" + ev["type"])(ev)
            self._settle()
            seated = {p.name.casefold() for p in self.t.seats.values()}
            self.t.elsewhere = [b for b in self.t.elsewhere if b[0].casefold() in seated]
        except Refused:
            self.t = before
            return None
        return self.observe(before.button.status != "neutral" and self.t.button.status == "neutral")

    def _occupied(self, seat: int) -> Seat:
        if seat not in self.t.seats:
            raise Refused
        return self.t.seats[seat]

    def _miss(self, b: Button) -> None:
        """A bound killer did not post: barred, or owing under post-later (wsop-197)."""
        mode = "post-later" if self.opt["missed_kill"] == "post-later" else "barred"
        self.t.barred = [x for x in self.t.barred if x[0].casefold() != b.name.casefold()]
        self.t.barred.append((b.name, b.amount, mode))

    @staticmethod
    def _without_kill(b: Button) -> Button:
        return Button("leg-up", b.leg[0], b.leg[1]) if b.leg else Button()

    def _hand(self, ev: dict) -> None:
        t = self.t
        dealt = self.dealt()
        if len(dealt) < 2:
            raise Refused
        # The dealer button of this hand stood where `next` showed it before the deal: a
        # killer found not to have posted is skipped for cards, not for the button.
        dealer = self.positions(t)[0]
        if "high" in ev:
            high, low = list(ev["high"]), list(ev.get("low", []))
        elif "winners" in ev:
            high, low = list(ev["winners"]), []
        else:
            high, low = [ev["winner"]], []
        for s in high + low:
            if s not in dealt:
                raise Refused
        shared = set(high) | set(low)
        W = high[0] if len(high) == 1 and (not low or low == high) else None
        posted = ev.get("kill_posted", True)
        wbb, qual = ev.get("won_beyond_blinds"), ev.get("qualifies")
        flop = ev.get("flop", True)
        b = t.button
        # this hand's kill (docs/rules.md 5.5, 5.7)
        killed_now = b.status == "killed" and posted
        if b.status == "killed" and not posted:
            if b.kind in BOUND:
                if b.seat in shared:
                    raise Refused  # a bound killer who missed was not dealt in
                self._miss(b)
            b = self._without_kill(b)
        elif b.status == "killed" and b.kind == "owed":
            t.barred = [x for x in t.barred if x[0].casefold() != b.name.casefold()]
        if (
            wbb is not None
            and qual is not None
            and (cents(wbb) >= self.full_bet(killed_now)) != qual
        ):
            raise Refused  # the two answers disagree
        # a leg holder who is not playing (away, barred) keeps a credit (rrop-13.5)
        lh = self.leg_holder(b)
        if lh is not None and t.seats.get(lh[0]) is not None and lh[0] not in dealt:
            if lh[1] not in t.credits:
                t.credits.append(lh[1])
            b = (
                Button("killed", b.seat, b.name, b.kind, b.amount, None)
                if b.status == "killed"
                else Button()
            )
        if self.kind == "none":
            new = Button()
        else:
            new = self._next(b, W, shared, ev, flop, killed_now)
        # agreed kills wait for a hand without a required kill (docs/rules.md 5.8)
        t.agreed = [s for s in t.agreed if s in t.seats]
        if t.agreed and new.status != "killed":
            s = t.agreed.pop(0)
            leg = (new.seat, new.name) if new.status == "leg-up" else None
            new = Button("killed", s, t.seats[s].name, "agreed", self.kill_blind, leg)
        # dealt this hand: no longer new (rrop-13.12); not dealt: missed it (back in play, the
        # button rule); a new player sits out every killed pot, _settle deals them in once a
        # hand is not killed
        for s, p in t.seats.items():
            if s in dealt:
                p.new = False
                p.entry = "posted" if p.entry else ""
            elif not p.waiting:
                p.missed = True
        t.dealer_pos = dealer % self.n + 1
        t.button = new
        t.hands += 1
        t.held = None

    def _next(self, b: Button, W, shared, ev, flop, killed_now) -> Button:
        two = "two-pots" in self.triggers
        fired = False
        if W is not None and ("scoop" in self.triggers or "big-pot" in self.triggers):
            if ev.get("pot") is None:
                raise Refused
            pot = cents(ev["pot"])
            fired = (
                "scoop" in self.triggers and pot >= self.minimum(self.opt["scoop_minimum"])
            ) or ("big-pot" in self.triggers and pot >= self.minimum(self.opt["big_pot_minimum"]))

        def name(s: int) -> str:
            return self.t.seats[s].name

        def win(s: int) -> Button:
            if fired:
                return Button("killed", s, name(s), "required", self.kill_blind)
            return Button("leg-up", s, name(s)) if two else Button()

        if b.status == "killed" and b.kind == "required":
            K = b.seat
            if W == K:
                if two or fired or "scoop" not in self.triggers:
                    return Button("killed", K, b.name, "required", b.amount)
                return Button()
            if K in shared:
                if two and self.opt["split_by_killer"] == "kills-again":
                    return Button("killed", K, b.name, "required", b.amount)
                return Button()
            return win(W) if W is not None else Button()
        lh = self.leg_holder(b)
        L = lh[0] if lh else None
        if W is not None:
            if W == L and two and not fired:
                # A walk (no flop) matters only where the second leg needs a flop: without
                # that rule a flopless win is an ordinary second leg, whatever `walk` says
                # (one reading for both choices, as docs/rules.md 5.3 says).
                if not flop and self.opt["second_leg_needs_flop"]:
                    return Button("leg-up", L, lh[1]) if self.opt["walk"] == "keeps" else Button()
                wbb, qual = ev.get("won_beyond_blinds"), ev.get("qualifies")
                if wbb is None and qual is None:
                    raise Refused  # the second-leg question
                if qual if qual is not None else cents(wbb) >= self.full_bet(killed_now):
                    return Button("killed", L, lh[1], "required", self.kill_blind)
                if self.opt["unqualified_second_win"] == "keeps-leg":
                    return Button("leg-up", L, lh[1])
                return Button()
            return win(W)
        if L is not None and L in shared and two:
            return Button("leg-up", L, lh[1]) if self.opt["split_with_leg"] == "keeps" else Button()
        return Button()

    def _join(self, ev: dict) -> None:
        t = self.t
        s, name = ev["seat"], ev["name"]
        if s in t.seats or t.held == s or self.seat_named(name) is not None or self.is_barred(name):
            raise Refused
        p = Seat(name, cents(ev["stack"]) if "stack" in ev else None, new=True)
        if ev.get("posts_kill"):
            # kills the hand being dealt to be dealt in at once: a voluntary kill (docs/rules.md 4)
            if (
                t.button.status == "killed"
                or not self.opt["voluntary"]
                or p.stack is None
                or p.stack < 4 * self.kill_blind
            ):
                raise Refused
            t.seats[s] = p
            t.button = Button(
                "killed", s, name, "voluntary", self.kill_blind, self.leg_holder(t.button)
            )
            return
        if t.button.status == "killed" and self.opt["new_player"] != "may-sit":
            if ev.get("agrees_to_kill"):
                t.agreed.append(s)
            else:
                p.sitting_out = True
        if not p.sitting_out and s not in t.agreed:
            self._take_seat(p, s)
        t.seats[s] = p

    def _leave(self, seat: int, posts_kill: bool, quitting: bool) -> None:
        t = self.t
        b = t.button
        if b.status == "killed" and b.seat == seat:
            if posts_kill:
                if quitting:
                    t.held = seat
            else:
                if b.kind in BOUND:
                    self._miss(b)
                t.button = b = self._without_kill(b)
        if quitting:
            lh = self.leg_holder(b)
            if lh is not None and lh[0] == seat:
                t.button = (
                    Button()
                    if b.status == "leg-up"
                    else Button("killed", b.seat, b.name, b.kind, b.amount, None)
                )

    def _away(self, ev: dict) -> None:
        p = self._occupied(ev["seat"])
        if p.away:
            raise Refused
        self._leave(ev["seat"], ev.get("posts_kill", True), quitting=False)
        p.away = True

    def _back(self, ev: dict) -> None:
        p = self._occupied(ev["seat"])
        if not p.away or self.is_barred(p.name):
            raise Refused
        if p.missed:
            p.missed = False
            b = self.t.button
            if not (b.status == "killed" and b.seat == ev["seat"]):
                self._take_seat(p, ev["seat"])
        p.away = False
        if p.name in self.t.credits and self.t.button.status == "neutral" and not p.waiting:
            self.t.credits.remove(p.name)
            self.t.button = Button("leg-up", ev["seat"], p.name)

    def _quit(self, ev: dict) -> None:
        p = self._occupied(ev["seat"])
        self._leave(ev["seat"], ev.get("posts_kill", True), quitting=True)
        self.t.credits = [c for c in self.t.credits if c != p.name]
        self.t.agreed = [s for s in self.t.agreed if s != ev["seat"]]
        del self.t.seats[ev["seat"]]

    def _stack(self, ev: dict) -> None:
        self._occupied(ev["seat"]).stack = cents(ev["amount"])

    def _pay_kill(self, ev: dict) -> None:
        key = ev["name"].casefold()
        if not any(x[0].casefold() == key for x in self.t.barred):
            raise Refused
        b = self.t.button
        if b.status == "killed" and b.kind == "owed" and b.name.casefold() == key:
            raise Refused  # wsop-197: the owed kill posted this hand is the payment
        self.t.barred = [x for x in self.t.barred if x[0].casefold() != key]

    def _voluntary_kill(self, ev: dict) -> None:
        t = self.t
        s = ev["seat"]
        p = self._occupied(s)
        if (
            not self.opt["voluntary"]
            or s not in self.dealt()
            or t.button.status == "killed"
            or p.stack is None
            or p.stack < 4 * self.kill_blind
        ):
            raise Refused
        t.button = Button(
            "killed", s, p.name, "voluntary", self.kill_blind, self.leg_holder(t.button)
        )

    def _move(self, ev: dict) -> None:
        """A seat change at this table (rrop-13.1b): everything goes along with the player."""
        t = self.t
        a, z = ev["from"], ev["to"]
        p = self._occupied(a)
        if a == z or z in t.seats or t.held == z:
            raise Refused
        del t.seats[a]
        t.seats[z] = p
        b = t.button
        if b.seat == a:
            b.seat = z
        if b.leg and b.leg[0] == a:
            b.leg = (z, b.leg[1])
        t.agreed = [z if s == a else s for s in t.agreed]
        # a seat the blinds have passed is taken as a newcomer takes it; a killer posts anyway
        if p.waiting or z in self.dealt():
            p.waiting, p.entry = False, ""
            if not (b.status == "killed" and b.seat == z):
                self._take_seat(p, z)

    def _underpost(self, ev: dict) -> None:
        self._occupied(ev["seat"])
        b = self.t.button
        if b.status != "killed":
            raise Refused
        self.ruling = "must-complete" if b.kind in BOUND else "may-withdraw"  # rrop-13.9

    # -- after every event ---------------------------------------------------
    def _back_in_play(self) -> None:
        """Who missed hands and can play again (a bar paid or lifted, a kill pot over) takes
        the seat as a newcomer does; a killer posts the kill anyway."""
        t = self.t
        for s, p in sorted(t.seats.items()):
            if p.missed and not (p.away or p.sitting_out or p.waiting or self.is_barred(p.name)):
                p.missed = False
                b = t.button
                if not (b.status == "killed" and b.seat == s):
                    self._take_seat(p, s)

    def _settle(self) -> None:
        self._back_in_play()
        t = self.t
        b = t.button
        # a leg credit is used up once its holder has the button again (rrop-13.5)
        holding = {b.leg[1]} if b.leg else set()
        if b.status == "leg-up" or (b.status == "killed" and b.kind == "required"):
            holding.add(b.name)
        t.credits = [c for c in t.credits if c not in holding]
        if b.status == "neutral":
            for c in t.credits:
                s = self.seat_named(c)
                if s is not None and s in self.dealt():
                    t.credits.remove(c)
                    t.button = b = Button("leg-up", s, t.seats[s].name)
                    break
        if b.status != "killed":
            dealt = self.dealt()
            dealer, sb, bb = self.positions()
            for name, owes, mode in t.barred:
                s = self.seat_named(name)
                if mode == "post-later" and s in dealt and s not in (dealer, sb, bb):
                    leg = (b.seat, b.name) if b.status == "leg-up" else None
                    t.button = b = Button("killed", s, t.seats[s].name, "owed", owes, leg)
                    break
        for s, p in sorted(t.seats.items()):  # in seat order, each after those before it
            if p.waiting and not self.in_gap(s):
                p.waiting, p.entry = False, ""
        if b.status == "killed" and b.kind != "voluntary" and self.opt["new_player"] != "may-sit":
            # a kill placed between hands: a player never dealt a hand sits it out (rrop-13.12)
            for s, p in t.seats.items():
                if p.new and s != b.seat and s not in t.agreed:
                    p.sitting_out = True
        if b.status != "killed":
            for p in t.seats.values():
                p.sitting_out = False
        self._back_in_play()
