"""rules/frozen.py: the fast __init__ of the value classes built on every event keeps
them what @dataclass(frozen=True, slots=True) made them."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from floorkill.rules.decisions import Decision
from floorkill.rules.events import Hand
from floorkill.rules.frozen import fast_init
from floorkill.rules.replay import Step
from floorkill.rules.state import KillButton, Owed, Player, TableState

FAST = (KillButton, Player, Owed, TableState, Hand, Decision, Step)


@dataclasses.dataclass(frozen=True, slots=True)
class _Plain:
    a: int
    b: str = "x"
    c: tuple = ()


@pytest.mark.parametrize("cls", FAST, ids=lambda c: c.__name__)
def test_the_fast_classes_keep_the_dataclass_signature(cls):
    params = inspect.signature(cls).parameters
    fields = dataclasses.fields(cls)
    assert list(params) == [f.name for f in fields]
    assert [p.default for p in params.values()] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]


def test_a_fast_instance_is_frozen_equal_hashable_and_replaceable():
    fast = fast_init(
        dataclasses.make_dataclass(
            "_Fast",
            [
                ("a", int),
                ("b", str, dataclasses.field(default="x")),
                ("c", tuple, dataclasses.field(default=())),
            ],
            frozen=True,
            slots=True,
        )
    )
    one, two = fast(1, c=(2,)), _Plain(1, c=(2,))
    assert (one.a, one.b, one.c) == (two.a, two.b, two.c) == (1, "x", (2,))
    assert one == fast(a=1, b="x", c=(2,)) and hash(one) == hash(fast(1, "x", (2,)))
    assert repr(one) == "_Fast(a=1, b='x', c=(2,))"
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.a = 2  # type: ignore[misc]
    assert dataclasses.replace(one, b="y") == fast(1, "y", (2,))
    with pytest.raises(TypeError):
        fast()  # a required field stays required
    with pytest.raises(TypeError):
        fast(1, d=3)


def test_a_kill_button_survives_pickle_and_replace():
    b = KillButton("killed", 3, "Ann", "required", 2000, 5, "Bob")
    assert pickle.loads(pickle.dumps(b)) == b
    assert dataclasses.replace(b, seat=4).seat == 4 and b.seat == 3


def test_classes_fast_init_cannot_serve_are_refused():
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        a: int

    for cls in (NoSlots, Factory, NotFrozen):
        with pytest.raises(TypeError):
            fast_init(cls)
