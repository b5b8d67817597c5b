"""The Boards page in Debian's chromium: a seeded Quordle game played to the end at a phone
and a laptop size (the on-screen keyboard, split per board, and the physical one), the share
grid and the variant's statistics; 32 boards laid out on a desktop. Screenshots go to
``test-output/screenshots/boards-*.png``."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect

import test_web_browser as web
from test_web_browser import SCREENSHOTS, Server, open_app
from wordlekit.core.boards import practice_answers, variant_for
from wordlekit.core.feedback import pattern_tiles, score
from wordlekit.core.words import WordList
from wordlekit.web.api import create_app

browser = web.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real app, as test_web_browser's, given longer to start: its workers warm their
    kernels first, which takes minutes on a machine shared by several test runs."""
    db = tmp_path_factory.mktemp("web-boards") / "games.sqlite3"
    port = web._free_port()
    config = uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    try:
        while True:
            assert thread.is_alive(), "the server stopped while starting"
            try:
                if httpx.get(f"{url}/api/boards/variants", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not answer within 300 s"
            time.sleep(0.1)
        yield Server(url, db)
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


SEED = 12
ANSWERS = practice_answers(variant_for("quordle"), SEED, WordList.bundled())
OPENER = "crane" if "crane" not in ANSWERS else "slate"
STATES = ("gray", "yellow", "green")
# The elements that reach past the right edge of the window (what makes a page scroll).
WIDE = """(w) => [...document.querySelectorAll('#page-boards *')]
  .filter((e) => e.getBoundingClientRect().right > w + 0.5)
  .slice(0, 8)
  .map((e) => `${e.tagName}.${e.className}#${e.id} ${e.getBoundingClientRect().right}`)"""


@contextmanager
def screen(browser: Browser, server: Server, width: int, height: int) -> Iterator[Page]:
    ctx = browser.new_context(base_url=server.url, viewport={"width": width, "height": height})
    ctx.set_default_timeout(15_000)
    try:
        with web.checked_page(ctx) as pg:
            yield pg
    finally:
        ctx.close()


def snap(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"boards-{name}.png"), full_page=True)


def start(page: Page, variant: str = "quordle", seed: int = SEED) -> None:
    open_app(page, "#boards")
    page.get_by_test_id("boards-variant").select_option(variant)
    page.get_by_test_id("boards-practice").check()
    page.get_by_test_id("boards-seed").fill(str(seed))
    page.get_by_test_id("boards-new").click()
    expect(page.get_by_test_id("boards-label")).to_contain_text(f"#{seed}")


def type_on_screen(page: Page, word: str) -> None:
    for ch in word:
        page.get_by_test_id(f"boards-key-{ch}").click()
    page.get_by_test_id("boards-key-enter").click()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_play_a_quordle_to_the_end(
    browser: Browser, server: Server, width: int, height: int
) -> None:
    with screen(browser, server, width, height) as page:
        start(page)
        grid = page.get_by_test_id("boards-grid")
        expect(grid.locator(".mboard")).to_have_count(4)
        type_on_screen(page, OPENER)
        expect(page.get_by_test_id("boards-row")).to_have_count(4)
        # Each key shows its state on each board: the regions in board order.
        for ch in sorted(set(OPENER)):
            want = []
            for a in ANSWERS:
                tiles = pattern_tiles(score(OPENER, a))
                best = max(int(t) for c, t in zip(OPENER, tiles, strict=True) if c == ch)
                want.append(STATES[best])
            key = page.get_by_test_id(f"boards-key-{ch}")
            expect(key).to_have_attribute("data-states", ",".join(want))
        assert "unknown" in page.get_by_test_id("boards-key-q").inner_html()
        # The boards fit the width: nothing scrolls sideways.
        snap(page, f"playing-{width}")
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= width, (scroll, page.evaluate(WIDE, width))
        # The first answer on screen, the others from the physical keyboard.
        type_on_screen(page, ANSWERS[0])
        expect(page.get_by_test_id("boards-board-0")).to_have_attribute("data-solved", "true")
        expect(page.get_by_test_id("boards-key-a")).to_have_attribute(
            "data-states", re_done_first()
        )
        page.get_by_test_id("boards-grid").click()
        status = page.get_by_test_id("boards-status")
        for k, word in enumerate(ANSWERS[1:], start=3):
            page.keyboard.type(word)
            page.keyboard.press("Enter")
            # Wait for the server's answer before typing on (keys are not queued meanwhile).
            expect(status).to_contain_text(f"{9 - k} guesses left" if k < 5 else "Solved")
        expect(page.get_by_test_id("boards-result")).to_be_visible()
        # The page draws the squares without the keycaps' variation selectors.
        share = page.get_by_test_id("boards-share").inner_text().replace("\ufe0f", "")
        assert share.startswith(f"Practice Quordle #{SEED}\n2⃣3⃣\n4⃣5⃣"), share
        expect(page.get_by_test_id("boards-status")).to_contain_text("Solved all 4 boards in 5/9")
        expect(page.get_by_test_id("boards-stats")).to_contain_text("Quordle: played")
        snap(page, f"won-{width}")


def re_done_first() -> re.Pattern[str]:
    return re.compile(r"^done,")


def test_a_bad_word_uses_no_turn(browser: Browser, server: Server) -> None:
    with screen(browser, server, 390, 844) as page:
        start(page, seed=SEED + 1)
        type_on_screen(page, "zzzzz")
        expect(page.get_by_test_id("boards-error")).to_contain_text("Not in word list")
        expect(page.get_by_test_id("boards-row")).to_have_count(0)


def test_thirty_two_boards_on_a_desktop(browser: Browser, server: Server) -> None:
    with screen(browser, server, 1440, 900) as page:
        start(page, variant="duotrigordle", seed=3)
        expect(page.get_by_test_id("boards-grid").locator(".mboard")).to_have_count(32)
        type_on_screen(page, "crane")
        expect(page.get_by_test_id("boards-row")).to_have_count(32)
        # Eight boards a row, and the keys show bars rather than 32 regions.
        cols = page.evaluate(
            "() => getComputedStyle(document.querySelector('#boards-grid'))"
            ".gridTemplateColumns.split(' ').length"
        )
        assert cols == 8
        expect(page.get_by_test_id("boards-keyboard")).to_have_attribute("data-mode", "bars")
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= 1440
        snap(page, "duotrigordle-1440")
