"""The TV page in a real browser: headless Chromium on loopback, outside network blocked
(tests/browserhelp.py), against ``floorkill big-screen --serve`` in another process.

Screenshots at 1920×1080 and 1280×720 in English and Russian (kept in
``$FLOORKILL_SCREENSHOTS`` when set); sized for a room (the KILL POT letters and the
killer's name large for the window); KILL POT on the page after a podium commit; the page
saying it lost the server and back by itself after a restart; nothing asked of any other
host. Waits are generous (a loaded 2-core machine); what is asserted is behaviour.

Skipped when no Chromium is installed (``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import os
from pathlib import Path

from browserhelp import Browser, png_size
from bshelp import KILL_POT, NEUTRAL, Served, make_journal, wait_http

from floorkill.store.journal import Journal

SHOTS = os.environ.get("FLOORKILL_SCREENSHOTS")

LIVE = "document.body && document.body.dataset.state === 'live' && document.body.dataset.mode"
SHOWN = LIVE + " && document.body.dataset.mode === 'table'"
BIG = "document.getElementById('big-status').textContent"
# the block letters and the killer's name: their size against the window's height
SIZES = """(() => {
  const px = (id) => parseFloat(getComputedStyle(document.getElementById(id)).fontSize);
  const big = document.getElementById('banner-big');
  return {status: px('big-status'), name: px('big-name'), limits: px('limits'),
          seat: px('seating') , height: innerHeight, width: innerWidth,
          overflow: big.scrollWidth > big.clientWidth + 1,
          pageOverflow: document.documentElement.scrollHeight > innerHeight + 1,
          text: document.body.innerText};
})()"""


def _shot_dir(tmp_path: Path) -> Path:
    d = Path(SHOTS) if SHOTS else tmp_path
    d.mkdir(parents=True, exist_ok=True)
    return d


def _outside(urls: list[str], port: int) -> list[str]:
    ok = (f"http://127.0.0.1:{port}/",)
    return [u for u in urls if not u.startswith(ok) and not u.startswith("data:")]


async def test_the_page_in_chromium_sized_followed_and_reconnecting(tmp_path):
    path = tmp_path / "journal.db"
    make_journal(path, NEUTRAL)
    srv = Served(path, "--table", "Table 12")
    port = srv.port
    shots = _shot_dir(tmp_path)
    try:
        await wait_http(srv.base)
        async with Browser.launch() as browser:
            pages = {}
            for w, h in ((1920, 1080), (1280, 720)):
                for lang in ("en", "ru"):
                    page = await browser.new_page(w, h)
                    await page.goto(f"{srv.base}/?lang={lang}")
                    assert await page.wait_for(SHOWN, timeout=60), page.log
                    pages[(w, h, lang)] = page
            big = pages[(1920, 1080, "en")]
            assert "NO KILL" in await big.evaluate(BIG)
            assert "БЕЗ КИЛЛА" in await pages[(1920, 1080, "ru")].evaluate(BIG)

            # a podium commit: KILL POT on the page (bench/tv_bench.py measures how soon)
            await big.front()
            j = Journal(path, "podium")
            s = j.open_table("Table 12")
            for ev in KILL_POT:
                s.append(ev)
            j.close()
            shown = await big.wait_for(f"{BIG} === 'KILL POT'", timeout=30, every=0.02)
            assert shown, await big.evaluate(BIG)

            for (w, h, lang), page in pages.items():
                await page.front()
                want = "KILL POT" if lang == "en" else "КИЛЛ-ПОТ"
                assert await page.wait_for(f"{BIG} === '{want}'", timeout=20), lang
                sizes = await page.evaluate(SIZES)
                # readable from across the room: the status and the name a tenth of the
                # window's height, the limits more than a twentieth; all on one page
                assert sizes["status"] >= 0.085 * h and sizes["name"] >= 0.085 * h, sizes
                assert sizes["limits"] >= 0.06 * h, sizes
                assert not sizes["overflow"] and not sizes["pageOverflow"], sizes
                assert "Cy" in sizes["text"] and "CY" in sizes["text"]
                shot = shots / f"tv-page-{w}x{h}-{lang}.png"
                await page.screenshot(shot)
                assert png_size(shot) == (w, h)

            # the server restarts: the page says so, then comes back by itself
            await big.front()
            srv.stop()
            assert await big.wait_for("document.body.dataset.state === 'lost'", timeout=30)
            assert not await big.evaluate("document.getElementById('lost').hidden")
            await big.screenshot(shots / "tv-page-lost.png")
            srv = Served(path, "--table", "Table 12", port=port)
            await wait_http(srv.base)
            back = await big.wait_for(LIVE + f" && {BIG} === 'KILL POT'", timeout=30)
            assert back, await big.evaluate("document.body.dataset.state")
            assert await big.evaluate("document.getElementById('lost').hidden")

            for page in pages.values():  # nothing but this server, ever
                assert page.requests and not _outside(page.requests, port), page.requests
                assert not [m for m in page.log if "Content Security Policy" in m], page.log
    finally:
        srv.stop()


async def test_every_table_in_a_grid_and_a_missing_table_in_words(tmp_path):
    from bshelp import room_journal

    path = tmp_path / "journal.db"
    room_journal(path, 4)
    srv = Served(path)
    shots = _shot_dir(tmp_path)
    try:
        await wait_http(srv.base)
        async with Browser.launch() as browser:
            page = await browser.new_page(1920, 1080)
            await page.goto(srv.base + "/")
            assert await page.wait_for(LIVE + " === 'room'", timeout=60), page.log
            cards = await page.evaluate("document.querySelectorAll('.card').length")
            assert cards == 4
            title = await page.evaluate("document.getElementById('room-title').textContent")
            assert title == "All tables · 4"
            text = await page.evaluate("document.body.innerText")
            assert "[@click=app.quit]x[/]" in text  # a name is text, never markup
            await page.screenshot(shots / "tv-page-grid-1920x1080.png")

            await page.goto(srv.base + "/?table=Nowhere&lang=ru")
            assert await page.wait_for(LIVE + " === 'waiting'", timeout=60)
            words = await page.evaluate("document.getElementById('waiting-text').textContent")
            assert "Nowhere" in words

            await page.goto(srv.base + "/?placard=1&table=Table%201")
            assert await page.wait_for(LIVE + " === 'placard'", timeout=60)
            title = await page.evaluate("document.getElementById('placard-title').textContent")
            assert title.startswith("Table 1")
            await page.screenshot(shots / "tv-page-placard-1920x1080.png")
    finally:
        srv.stop()
