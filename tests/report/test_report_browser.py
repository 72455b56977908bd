"""The report opened in headless Chromium: the first page as a screenshot, no console message
(a blocked request or a script error would log one), no request leaves the file, and it
prints to A4 with each table on its own page."""

from __future__ import annotations

import pytest
from browserhelp import find_chromium, pdf_pages, png_size, visit
from reporthelp import SAMPLES, sample_journal

from floorkill.cli import main

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="no chromium installed")


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    """The report opened once: the first page as a screenshot and the whole as a PDF."""
    tmp = tmp_path_factory.mktemp("report")
    journal = sample_journal(tmp / "j.db")
    out = tmp / "report.html"
    assert main(["report", "--journal", str(journal), "-o", str(out)]) == 0
    return visit(out, tmp / "seen", screenshot=(794, 1123), pdf=True)  # A4 at 96 dpi


def test_first_page_screenshot_without_console_messages_or_requests(seen):
    assert seen.console == []
    assert seen.requests == []
    assert seen.png.stat().st_size > 20_000  # a drawn page, not a blank one
    assert png_size(seen.png) == (794, 1123)


def test_it_prints_one_page_per_table_after_the_room(seen):
    assert pdf_pages(seen.pdf) >= 1 + len(SAMPLES)
    assert b"/MediaBox [0 0 594.9" in seen.pdf.read_bytes()  # A4: 210 x 297 mm


def test_the_checks_would_see_a_request_and_a_console_error(tmp_path):
    """The same launcher on a page that breaks both rules (so the checks above can fail)."""
    bad = tmp_path / "bad.html"
    bad.write_text(
        '<html><body><img src="http://127.0.0.1:9/x.png">'
        '<script>console.error("boom")</script></body></html>'
    )
    seen = visit(bad, tmp_path / "bad", screenshot=(400, 300))
    assert any("boom" in line for line in seen.console)
    assert any("Failed to load resource" in line for line in seen.console)  # the refused load
    assert seen.requests == ["http://127.0.0.1:9/x.png"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_summary_fits_the_page_in_each_language(tmp_path, lang):
    """Twelve count columns on an A4 page: the Russian heads ("Непоставленные киллы") made
    the table 25% wider than the page."""
    import asyncio

    from browserhelp import Browser

    journal = sample_journal(tmp_path / "j.db")
    out = tmp_path / f"report-{lang}.html"
    argv = ["report", "--lang", lang, "--journal", str(journal), "--output", str(out)]
    assert main(argv) == 0

    async def widths():
        async with Browser.launch() as browser:
            page = await browser.new_page(794, 1123)  # A4 at 96 dpi
            await page.goto(out.as_uri())
            return await page.wait_for(
                "(() => { const t = document.querySelector('table.summary');"
                " return t && [t.scrollWidth, t.parentElement.clientWidth]; })()"
            )

    table, page = asyncio.run(widths())
    assert table <= page, (lang, table, page)
