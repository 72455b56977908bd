"""Keys per action, counted by pressing them (the README lists these numbers):
plain hand 2, split 4, hi-lo 6, second leg with its question <= 6, join <= 7 + name +
stack, switch table 2. Each action is checked by what it stored, and nothing is stored
before its last key."""

from __future__ import annotations

from floorhelp import HALF
from uihelp import HOLDEM, OMAHA8, hand, session

from floorkill.ui.podium import make_podium_app

SIZE = (120, 40)


class Keys:
    """Presses keys one at a time and counts them."""

    def __init__(self, pilot) -> None:
        self.pilot = pilot
        self.count = 0

    async def press(self, *keys: str) -> None:
        for k in keys:
            await self.pilot.press(k)
            self.count += 1
        await self.pilot.pause()


async def _stored_after(s, pilot, keys: list[str]) -> int:
    """Press ``keys``; nothing is stored before the last one, one record after it. The
    number of keys."""
    k = Keys(pilot)
    before = len(s)
    await k.press(*keys[:-1])
    assert len(s) == before, keys
    await k.press(keys[-1])
    assert len(s) == before + 1, keys
    return k.count


async def test_plain_hand_2_split_4():
    s = session(HOLDEM)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        assert await _stored_after(s, pilot, ["3", "enter"]) == 2
        assert s.records(0, 1)[0].event == {"type": "hand", "winner": 3}
        assert await _stored_after(s, pilot, ["3", "space", "4", "enter"]) == 4
        assert s.records(1, 2)[0].event == {"type": "hand", "winners": [3, 4]}


async def test_hilo_6():
    s = session(OMAHA8)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        assert await _stored_after(s, pilot, ["h", "3", "space", "l", "5", "enter"]) == 6
        assert s.records(0, 1)[0].event == {"type": "hand", "high": [3], "low": [5]}


async def test_second_leg_with_its_question_at_most_6():
    s = session(HOLDEM, events=[hand(3)])  # Cy has a leg up
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        n = await _stored_after(s, pilot, ["3", "enter", "y", "enter"])
        assert n <= 6
        assert s.state.button.killed and s.state.button.seat == 3


async def test_join_at_most_7_plus_name_and_stack():
    s = session(HOLDEM)
    app = make_podium_app(s)
    async with app.run_test(size=SIZE) as pilot:
        name, stack = "Hal", "200"
        keys = ["f6", "5", "j", *name, "tab", "tab", *stack, "enter"]
        n = await _stored_after(s, pilot, keys)
        assert n - len(name) - len(stack) <= 7
        p = s.state.player(5)
        assert p is not None and p.name == "Hal" and p.stack == 20000


async def test_switch_table_2():
    a, b = session(HOLDEM), session(HALF)
    app = make_podium_app(a, others=[b])
    async with app.run_test(size=SIZE) as pilot:
        k = Keys(pilot)
        await k.press("f9", "2")
        assert app.session is b and k.count == 2
