"""Two podium processes on one journal (rrop-13.6: a bar holds at every table, at once).

Podium A is the podium app under Pilot in this test; podium B is the real podium app in
another OS process (tests/big_screen/podium_proc.py --app: opened as ``floorkill --journal``
opens it, headless, driven by keys over a pipe). Neither is told about the other: each
follows the journal on its own timer, and shows the other's change with no key pressed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "store"))  # pghelp: the backends
sys.path.insert(0, str(HERE.parent / "big_screen"))  # podium_proc: the podium's process

from floorhelp import HALF, HOLDEM, KILLED  # noqa: E402
from podium_proc import Shows  # noqa: E402

from floorkill.rules import load_table_text  # noqa: E402
from floorkill.store.backend import open_journal  # noqa: E402
from floorkill.ui.podium import make_podium_app  # noqa: E402

PODIUM_PROC = HERE.parent / "big_screen" / "podium_proc.py"
SIZE = (120, 40)
START = 120.0  # seconds a podium process may take to start on a loaded box
WAIT = 30.0  # how long anything is waited for before the test fails
# Table 14 seats "cy" at seat 5: the same person as Table 12's Cy (one name key)
HALF_CY = HALF + '[[players]]\nseat = 5\nname = "cy"\n'
BARRED_AT_5 = {"probe": "seats", "seat": 5, "is": "BARRED"}
FREE_AT_5 = {"probe": "seats", "seat": 5, "is": ""}


class PodiumB:
    """The podium app in another process: a JSON command a line, a JSON answer a line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, journal: str, table: str) -> tuple[PodiumB, dict]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(PODIUM_PROC),
            "--app",
            journal,
            table,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        b = cls(proc)
        return b, await b._answer(START)

    async def _answer(self, within: float = WAIT) -> dict:
        line = await asyncio.wait_for(self.proc.stdout.readline(), within)
        if not line:
            err = (await self.proc.stderr.read()).decode(errors="replace")
            raise AssertionError(f"podium B ended (rc {await self.proc.wait()}):\n{err}")
        return json.loads(line)

    async def ask(self, **cmd) -> dict:
        self.proc.stdin.write((json.dumps(cmd) + "\n").encode())
        await self.proc.stdin.drain()
        return await self._answer(cmd.get("within", 0) + 2 * WAIT)  # (its own wait, then this)

    async def close(self) -> None:
        if self.proc.returncode is None:
            try:
                await self.ask(quit=True)
                await asyncio.wait_for(self.proc.wait(), WAIT)
            except (TimeoutError, AssertionError, ConnectionError, ValueError):
                self.proc.kill()
                await self.proc.wait()


def _journal(where: str) -> None:
    with open_journal(where, floorperson="setup") as j:
        a = j.create_table(load_table_text(HOLDEM))  # Table 12: Cy must kill the next hand
        j.create_table(load_table_text(HALF_CY))  # Table 14: cy sits at seat 5
        for ev in KILLED:
            a.append(ev)


# Each way to pay in a file journal; in PostgreSQL the pay at A's table, where each podium
# follows the other once (A follows B's quit, B follows A's pay): the room view's ways to
# pay are the same screens on either backend.
PAYS = [("sqlite", p) for p in ("A's table", "A's room view", "B's room view")]


@pytest.mark.parametrize("where, pay", [*PAYS, ("postgresql", "A's table")], indirect=["where"])
async def test_rrop_13_6_a_bar_at_podium_b_holds_at_podium_a_and_a_pay_lifts_it_everywhere(
    where, pay
):
    _journal(where)
    b, ready = await PodiumB.start(where, "Table 12")
    try:
        assert ready["shows"]["table"] == "Table 12" and ready["shows"]["seats"]["3"] == ""
        with open_journal(where, floorperson="podium-A") as journal:
            app = make_podium_app(journal.open_table("Table 14"), cursor_blink=False)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                a = Shows(app)
                assert a.look()["seats"]["5"] == ""

                # at B: Cy leaves Table 12 without posting the kill she owes -> barred
                pressed = await b.ask(press=["f6", "3", "x", "n"], commits=1)
                [quit_] = pressed["commits"]
                assert (quit_["type"], quit_["table"]) == ("quit", "Table 12")
                assert "Barred: Cy owes $20" in pressed["shows"]["status"]

                # at A, no key pressed: cy's seat shows BARRED, status line and panel say where
                seen, shown = await a.first(BARRED_AT_5, since=quit_["t"], within=WAIT)
                assert seen is not None, shown
                assert "cy owes $20 at Table 12" in shown["status"]
                assert "cy owes $20 (Table 12)" in shown["panel"]

                # at A: a hand naming cy the winner is refused, naming Table 12
                await pilot.press("f5", "5", "enter")
                await pilot.pause()
                assert len(app.session) == 0
                panel = a.look()["panel"]
                assert "owes a kill of $20 at Table 12" in panel and "rrop-13.6" in panel

                # the payment
                if pay == "A's table":
                    await pilot.press("f6", "5", "p", "enter")
                elif pay == "A's room view":
                    await pilot.press("ctrl+o", *"CY", "enter", "enter")
                    await pilot.pause()
                    rows = a.look()["room"]
                    assert ["cy", "Table 14", 5, "playing"] in rows, rows
                    await pilot.press("escape", "escape")  # the filter cleared, then closed
                else:
                    opened = await b.ask(press=["ctrl+o"])
                    assert ["cy", "Table 14", 5, "BARRED — owes $20 at Table 12"] in opened[
                        "shows"
                    ]["room"], opened["shows"]["room"]
                    pressed = await b.ask(press=["c", "y", "enter", "enter"], commits=1)
                    [paid] = pressed["commits"]
                    assert "Cy" not in pressed["shows"]["status"]
                if pay.startswith("A's"):
                    await pilot.pause()
                    [paid] = await a.committed(0, 1, WAIT)  # (still saving, beside load)
                    assert a.look()["seats"]["5"] == ""
                    # at B, no key pressed: Table 12's status line no longer bars Cy
                    lifted = await b.ask(
                        wait={"probe": "status", "lacks": "Barred"}, since=paid["t"], within=WAIT
                    )
                    assert lifted["ok"], lifted["shows"]
                else:
                    seen, shown = await a.first(FREE_AT_5, since=paid["t"], within=WAIT)
                    assert seen is not None, shown
                    assert "Barred" not in shown["status"]
                assert (paid["type"], paid["table"]) == ("pay_kill", "Table 12")  # owed there

                # and cy may win at A now (the refused entry was kept: cleared first)
                await pilot.press("f5", "ctrl+u", "5", "enter")
                await pilot.pause()
                assert len(app.session) == 1, a.look()["panel"]
    finally:
        await b.close()
    with open_journal(where) as j:
        assert not j.open_table("Table 12").state.barred
        assert [r.type for r in j.open_table("Table 12").records()][-2:] == ["quit", "pay_kill"]
        assert [r.type for r in j.open_table("Table 14").records()] == ["hand"]
