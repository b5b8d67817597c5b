"""The Absurdle page in a browser (Debian's chromium through Playwright) at a phone and a
laptop size: a short game to a win, a refused word, and a proven shortest win from a position.
Like the other browser tests, these never skip: without the browser they fail."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_pages_ui import (  # the live server and browser of the other page tests
    SCREENSHOTS,
    Server,
    app_page,
    browser,
    open_app,
    server,
)

__all__ = ["browser", "server"]  # pytest fixtures, imported to be found here

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[Page]:
    with app_page(browser, server.url, SIZES[request.param]) as pg:
        pg.set_extra_http_headers({})
        yield pg


def play(page: Page, word: str, row: int | None = None) -> None:
    """Type a guess and press Enter; with ``row``, wait for its row on the board."""
    page.get_by_test_id("absurdle-word").fill(word)
    page.get_by_test_id("absurdle-word").press("Enter")
    if row is not None:
        expect(page.get_by_test_id(f"absurdle-row-{row}")).to_be_visible()


def test_a_short_game_to_a_win(sized: Page) -> None:
    page = sized
    open_app(page, "#absurdle")
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("2,315 words")
    play(page, "arise")
    expect(page.get_by_test_id("absurdle-row-0")).to_have_attribute("aria-label", "ARISE: bbbbb")
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("168 words")
    play(page, "zzzzz")
    expect(page.get_by_test_id("absurdle-error")).to_contain_text("ZZZZZ")
    expect(page.get_by_test_id("absurdle-row-1")).to_have_count(0)
    play(page, "scold", 1)
    expect(page.get_by_test_id("absurdle-error")).to_be_hidden()
    play(page, "bungy", 2)
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("1 word")
    expect(page.get_by_test_id("absurdle-words")).to_have_text("MOTTO")
    play(page, "motto")
    expect(page.get_by_test_id("absurdle-row-3")).to_have_attribute("data-won", "true")
    expect(page.get_by_test_id("absurdle-status")).to_have_text("Won in 4 guesses.")
    expect(page.get_by_test_id("absurdle-share")).to_contain_text("Absurdle 4/∞")
    expect(page.get_by_test_id("absurdle-word")).to_be_disabled()
    # the board fits the width of the screen
    box = page.get_by_test_id("absurdle-board").bounding_box()
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"absurdle-won-{width}.png"), full_page=True)


def test_a_shortest_win_from_a_position(sized: Page) -> None:
    page = sized
    open_app(page, "#absurdle")
    play(page, "arise", 0)
    play(page, "scold", 1)
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("20 words")
    page.get_by_test_id("absurdle-solve").click()
    expect(page.get_by_test_id("absurdle-minimum")).to_contain_text("takes 2 guesses")
    expect(page.get_by_test_id("absurdle-line").locator(".row")).to_have_count(2)


def test_hard_mode_and_a_challenge(sized: Page) -> None:
    page = sized
    open_app(page, "#absurdle")
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("2,315 words")
    page.get_by_test_id("absurdle-hard").check()
    page.get_by_test_id("absurdle-target").fill("cigar")
    page.get_by_test_id("absurdle-new").click()
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("CIGAR")
    play(page, "crane")
    expect(page.get_by_test_id("absurdle-status")).to_contain_text("Challenge lost")
