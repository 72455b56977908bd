"""The TV page in a real browser says what a correction put right (docs/big-screen.md),
in the page's language, and drops the line once the next hand is recorded."""

from __future__ import annotations

from browserhelp import Browser
from bshelp import Served, hand, make_journal, wait_http
from test_big_screen_corrected import EN, EVENTS, RU

from floorkill.store.journal import Journal

SHOWN = (
    "document.body && document.body.dataset.state === 'live' "
    "&& document.body.dataset.mode === 'table'"
)
LINE = "document.getElementById('corrected')"


async def test_the_tv_page_says_the_correction_then_drops_it(tmp_path):
    path = tmp_path / "journal.db"
    j, s = make_journal(path, EVENTS, keep_open=True)
    s.correct(2, hand(7))
    j.close()
    srv = Served(path, "--table", "Table 12")
    try:
        await wait_http(srv.base)
        async with Browser.launch() as browser:
            pages = {}
            for lang in ("en", "ru"):
                page = pages[lang] = await browser.new_page(1280, 720)
                await page.goto(f"{srv.base}/?lang={lang}")
                assert await page.wait_for(SHOWN, timeout=60), page.log
            for lang, want in (("en", EN), ("ru", RU)):
                page = pages[lang]
                await page.front()
                assert await page.wait_for(f"{LINE}.textContent === {want!r}", timeout=30)
                assert await page.evaluate(f"getComputedStyle({LINE}).display !== 'none'")
            with Journal(path, "podium") as again:
                again.open_table("Table 12").append(hand(3))
            await pages["en"].front()
            gone = f"getComputedStyle({LINE}).display === 'none'"
            assert await pages["en"].wait_for(gone, timeout=30)
    finally:
        srv.stop()
