"""The Statistics dialog, Assist and Bot pages in a browser (issue 13): the daily puzzle and
practice figures labelled, a server out of reach said as such, Assist's errors drawn with the
app's tiles next to the input, its empty states, the Bot's empty state and a Cancel that
stops the work on the server.

The real app is served by uvicorn in a thread and driven by Debian's chromium through
Playwright. Like ``test_web_browser.py``, these tests never skip: without the browser they fail.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from harness_web import (
    ANSWER,
    SCREENSHOTS,
    Server,
    checked_page,
    local_context,
    open_app,
    run_server,
    start_game,
)
from harness_web import shot as harness_shot
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, make_game
from wordlekit.services.pool import PoolConfig, WorkPool

PRACTICE_ANSWER = ANSWER
PHONE = {"width": 390, "height": 844}
SIZES = [{"width": 1280, "height": 800}, PHONE, {"width": 360, "height": 640}]
EMOJI = re.compile("[\U0001f7e7\U0001f7e8\U0001f7e9\U0001f7e6\u2b1b\u2b1c]")


@contextmanager
def app_page(browser: Browser, url: str, viewport: dict[str, int] | None = None) -> Iterator[Page]:
    """A page in a fresh context (a new player) that loads nothing from elsewhere and on
    which no JavaScript error happens."""
    size = viewport or {"width": 1280, "height": 800}
    width, height = size["width"], size["height"]
    with local_context(browser, url, width, height) as ctx, checked_page(ctx) as page:
        yield page


def shot(page: Page, name: str) -> None:
    harness_shot(page, name.removesuffix(".png"), full_page=True)


def type_guess(page: Page, word: str) -> None:
    page.evaluate("document.activeElement?.blur()")  # Enter must not press a focused button
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def in_view(page: Page, test_id: str) -> dict[str, Any]:
    """The element's box and whether it lies inside the viewport, from getBoundingClientRect."""
    box: dict[str, Any] = page.get_by_test_id(test_id).evaluate(
        """el => {
            const r = el.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    height: innerHeight, width: innerWidth,
                    inside: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
                            && r.right <= innerWidth && r.height > 0};
        }"""
    )
    return box


def block(page: Page, kind: str) -> Any:
    return page.locator(f'[data-testid="stats-dialog"] section[data-kind="{kind}"]')


def figure(page: Page, kind: str, name: str) -> Any:
    return block(page, kind).locator(f'[data-stat="{name}"]')


# Statistics ----------------------------------------------------------------------------------


def test_statistics_keep_the_daily_puzzle_and_practice_apart(page: Page) -> None:
    """A first visit plays today's puzzle: won, it makes the daily streak, and the daily
    block comes first; a practice game then has figures of its own, shown first after it
    and labelled, while the daily figures stay as they were."""
    open_app(page)
    dialog = page.get_by_test_id("stats-dialog")
    # nothing finished yet: labelled empty states, true zeros
    page.get_by_test_id("stats-button").click()
    expect(dialog).to_have_attribute("data-state", "ok")
    expect(block(page, "daily").locator("h3")).to_have_text("Daily puzzle")
    expect(block(page, "practice").locator("h3")).to_have_text("Practice games")
    expect(page.get_by_test_id("stats-empty")).to_contain_text("No daily puzzle finished yet")
    expect(page.get_by_test_id("other-stats-empty")).to_contain_text("No practice game")
    page.get_by_test_id("stats-close").click()

    type_guess(page, make_game(GameRequest(kind="daily", date=dt.date.today())).game.secret[0])
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("stats-primary")).to_have_attribute("data-kind", "daily")
    expect(figure(page, "daily", "played")).to_have_text("1")
    expect(figure(page, "daily", "current-streak")).to_have_text("1")
    expect(figure(page, "daily", "max-streak")).to_have_text("1")
    expect(page.get_by_test_id("dist-count-1")).to_have_text("1")
    expect(page.get_by_test_id("dist-1")).to_have_class(re.compile(r"\bcurrent\b"))
    expect(block(page, "daily")).to_contain_text("puzzle days won in a row")
    expect(figure(page, "practice", "played")).to_have_text("0")
    shot(page, "stats-daily.png")
    page.get_by_test_id("stats-close").click()

    start_game(page)
    type_guess(page, PRACTICE_ANSWER)
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("stats-primary")).to_have_attribute("data-kind", "practice")
    expect(page.get_by_test_id("stats-secondary")).to_have_attribute("data-kind", "daily")
    expect(figure(page, "practice", "played")).to_have_text("1")
    expect(figure(page, "practice", "win-percent")).to_have_text("100")
    expect(block(page, "practice")).to_contain_text("practice games (and challenges) won in a row")
    # the daily figures are not touched by a practice game
    expect(figure(page, "daily", "played")).to_have_text("1")
    expect(figure(page, "daily", "current-streak")).to_have_text("1")
    expect(page.get_by_test_id("other-dist-count-1")).to_have_text("1")
    shot(page, "stats-practice.png")


def expect_unreachable(page: Page) -> None:
    dialog = page.get_by_test_id("stats-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-state", "error")
    expect(page.get_by_test_id("stats-unreachable")).to_be_visible()
    expect(page.get_by_test_id("stats-unreachable")).to_contain_text("Cannot reach the server")
    expect(page.get_by_test_id("stats-unreachable")).to_contain_text("Nothing is lost")
    # no figure at all: zeros would look like statistics wiped
    expect(dialog.locator("[data-stat]")).to_have_count(0)
    expect(dialog.locator(".dist-row")).to_have_count(0)
    expect(page.get_by_test_id("stats-primary")).to_be_hidden()


def test_statistics_say_when_the_server_cannot_be_reached(page: Page) -> None:
    open_app(page)
    failing = {"on": True}

    def stats_route(route: Route) -> None:
        if failing["on"]:
            route.abort("connectionrefused")
        else:
            route.continue_()

    page.route("**/api/stats?*", stats_route)
    page.get_by_test_id("stats-button").click()
    expect_unreachable(page)
    page.get_by_test_id("stats-unreachable").screenshot(
        path=str(SCREENSHOTS / "stats-unreachable.png")
    )
    # the server is back: Try again shows the figures
    failing["on"] = False
    page.get_by_test_id("stats-retry").click()
    expect(page.get_by_test_id("stats-dialog")).to_have_attribute("data-state", "ok")
    expect(page.get_by_test_id("stats-unreachable")).to_be_hidden()
    expect(figure(page, "daily", "played")).to_have_text("0")


def test_statistics_with_the_server_stopped(web_browser: Browser, tmp_path: Path) -> None:
    with run_server(tmp_path / "games.sqlite3") as srv, app_page(web_browser, srv.url) as page:
        open_app(page)
        srv.stop()
        page.get_by_test_id("stats-button").click()
        expect_unreachable(page)


# Assist --------------------------------------------------------------------------------------


def add(page: Page, text: str) -> None:
    page.get_by_test_id("assist-word").fill(text)
    page.get_by_test_id("assist-add").click()


def test_assist_empty_states_and_one_candidate_left(page: Page) -> None:
    open_app(page, "#assist")
    page.get_by_test_id("assist-answers").select_option("list")  # the page's default: likely
    expect(page.get_by_test_id("assist-remaining")).to_have_text("2315")
    # "Turn by turn" before any guess: a sentence, not a numbered item
    expect(page.get_by_test_id("assist-steps-empty")).to_be_visible()
    expect(page.get_by_test_id("assist-steps-empty")).to_contain_text("No guesses yet")
    expect(page.locator("#assist-steps li")).to_have_count(0)
    expect(page.get_by_test_id("assist-steps")).to_be_hidden()

    add(page, "crane bbggb")
    add(page, "moist bbybg")
    expect(page.get_by_test_id("assist-remaining")).to_have_text("1")
    expect(page.get_by_test_id("assist-steps-empty")).to_be_hidden()
    expect(page.locator("#assist-steps li")).to_have_count(2)
    # the step's colours are the app's tiles, from the server's letters
    step = page.get_by_test_id("assist-step-0")
    expect(step).to_contain_text("CRANE: 2315 → 16")
    expect(step.locator(".tile")).to_have_count(5)
    expect(step.locator(".tile").nth(3)).to_have_attribute("data-state", "green")
    # one candidate left: the only suggestion is that word
    expect(page.locator("#assist-suggestions tr")).to_have_count(1)
    expect(page.get_by_test_id("assist-suggestion-0")).to_contain_text("GIANT")


def test_assist_says_why_a_possible_answer_is_listed_first(page: Page) -> None:
    open_app(page, "#assist")
    page.get_by_test_id("assist-answers").select_option("list")
    expect(page.get_by_test_id("assist-preference")).to_be_hidden()
    add(page, "crane bbybb")
    expect(page.get_by_test_id("assist-suggestion-0")).to_contain_text("SALTY")
    expect(page.get_by_test_id("assist-suggestion-1")).to_contain_text("TOILS")
    note = page.get_by_test_id("assist-preference")
    expect(note).to_be_visible()
    expect(note).to_contain_text("SALTY is listed first, before TOILS")
    expect(note).to_contain_text("0.1 bits")
    page.get_by_test_id("assist-remove-0").click()
    expect(note).to_be_hidden()  # the opener is the strategy's own


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_assist_helps_with_an_answer_outside_the_list(
    web_browser: Browser, web_server: Server, size: dict[str, int]
) -> None:
    """A game played elsewhere whose answer (AIOLI) is not in the original list: the page
    starts on the likely model, lists the words left most likely first with their
    probabilities and finds AIOLI; the list model does not have it. The choice is kept."""
    with app_page(web_browser, web_server.url, size) as page:
        open_app(page, "#assist")
        answers = page.get_by_test_id("assist-answers")
        expect(answers).to_have_value("likely")
        expect(page.get_by_test_id("assist-answers-help")).to_contain_text(
            "may be outside the original list"
        )
        expect(page.get_by_test_id("assist-remaining")).to_have_text("12972")
        add(page, "crane bbybb")
        add(page, "moist byybb")
        expect(page.locator("#assist-remaining-label")).to_have_text("possible words")
        heading = page.locator("#assist-candidates-heading")
        expect(heading).to_contain_text("most likely first")
        words = page.locator("#assist-candidates li")
        aioli = words.filter(has_text="AIOLI")
        expect(aioli).to_have_count(1)
        expect(aioli.locator(".probability")).to_have_text(re.compile(r"^(\d+(\.\d)?%|<0\.1%)$"))
        shown = [
            float(t.rstrip("%"))
            for t in words.locator(".probability").all_inner_texts()
            if not t.startswith("<")
        ]
        assert shown == sorted(shown, reverse=True), shown
        # the step says how far each guess narrowed all the valid words
        expect(page.get_by_test_id("assist-step-0")).to_contain_text("CRANE: 12972 →")
        shot(page, f"assist-likely-{size['width']}x{size['height']}.png")

        answers.select_option("list")
        expect(page.get_by_test_id("assist-answers-help")).to_contain_text("answer list")
        expect(page.locator("#assist-remaining-label")).to_have_text(
            re.compile(r"^possible answers?")
        )
        expect(words.filter(has_text="AIOLI")).to_have_count(0)
        expect(words.locator(".probability")).to_have_count(0)
        page.reload()
        expect(page.get_by_test_id("assist-answers")).to_have_value("list")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_contradiction_is_drawn_with_tiles_next_to_the_input(
    web_browser: Browser, web_server: Server, size: dict[str, int]
) -> None:
    with app_page(web_browser, web_server.url, size) as page:
        open_app(page, "#assist")
        add(page, "crane bbbbb")
        expect(page.get_by_test_id("assist-remaining")).not_to_have_text("2315")
        page.get_by_test_id("assist-word").scroll_into_view_if_needed()
        add(page, "plant ggggg")
        error = page.get_by_test_id("assist-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("contradicts turn 1")
        # right after Add, the error is in view, just under the input
        box = in_view(page, "assist-error")
        assert box["inside"], box
        field = in_view(page, "assist-word")
        assert 0 <= box["top"] - field["bottom"] <= 120, (box, field)
        # the turns it names are drawn with the app's tiles, no emoji anywhere
        rows = error.locator(".mini-row")
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_have_attribute("aria-label", re.compile(r"^PLANT: green, green"))
        expect(rows.nth(0).locator(".tile")).to_have_text(list("PLANT"))
        for c in range(5):
            expect(rows.nth(0).locator(".tile").nth(c)).to_have_attribute("data-state", "green")
            expect(rows.nth(1).locator(".tile").nth(c)).to_have_attribute("data-state", "gray")
        assert not EMOJI.search(error.inner_text()), error.inner_text()
        expect(error.locator(".sq")).to_have_count(0)
        expect(error).to_contain_text(re.compile(r"^turn 2 PLANT contradicts turn 1 CRANE"))
        # the row it names is marked; removing it clears the error and the mark
        expect(page.get_by_test_id("assist-row-1")).to_have_class(re.compile(r"\bconflict\b"))
        expect(page.get_by_test_id("assist-row-0")).not_to_have_class(re.compile(r"\bconflict\b"))
        if size == PHONE:
            shot(page, "assist-contradiction-phone.png")
        page.get_by_test_id("assist-remove-1").click()
        expect(error).to_be_hidden()
        expect(page.locator(".assist-row.conflict")).to_have_count(0)


def test_an_input_error_is_next_to_the_input_on_a_phone(
    web_browser: Browser, web_server: Server
) -> None:
    with app_page(web_browser, web_server.url, PHONE) as page:
        # The figures the page asks for when it opens are held back until the word is typed:
        # their arrival must not take away the error about the input.
        held: list[Route] = []
        released = False

        def hold(route: Route) -> None:
            if released:
                route.continue_()
            else:
                held.append(route)

        page.route("**/api/assist", hold)
        open_app(page, "#assist")
        add(page, "cran")
        error = page.get_by_test_id("assist-error")
        expect(error).to_contain_text("5 letters")
        assert held, "the page asked for no figures"
        released = True
        for route in held:
            route.continue_()
        expect(page.get_by_test_id("assist-remaining")).to_have_text(re.compile(r"\d"))
        expect(error).to_contain_text("5 letters")
        assert in_view(page, "assist-error")["inside"]


# Bot -----------------------------------------------------------------------------------------


def test_the_bot_page_opens_on_an_empty_state_and_says_after_the_budget(page: Page) -> None:
    open_app(page, "#bot")
    empty = page.get_by_test_id("bot-empty")
    expect(empty).to_be_visible()
    expect(empty).to_contain_text("press Solve")
    expect(page.get_by_test_id("bot-progress")).to_be_hidden()
    # the output panel is no large blank box
    height = page.locator(".bot-output").evaluate("el => el.getBoundingClientRect().height")
    assert height < 200, height
    shot(page, "bot-empty.png")

    # the optimal strategy from a poor opener needs more than the server's 2 s: the time
    # taken shows meanwhile, then the game comes from entropy and the note says so
    page.get_by_test_id("bot-answer").fill("cigar")
    page.get_by_test_id("bot-strategy").select_option("optimal")
    page.get_by_test_id("bot-start").fill("fuzzy")
    page.get_by_test_id("bot-solve").click()
    expect(empty).to_be_hidden()
    expect(page.get_by_test_id("bot-progress")).to_be_visible()
    expect(page.get_by_test_id("bot-elapsed")).to_have_text(re.compile(r"^[1-9]\d*\.\d s$"))
    expect(page.get_by_test_id("bot-result")).to_contain_text("Solved CIGAR", timeout=30_000)
    expect(page.get_by_test_id("bot-progress")).to_be_hidden()
    expect(page.get_by_test_id("bot-note")).to_be_visible()
    expect(page.get_by_test_id("bot-note")).to_contain_text("entropy")


def test_cancel_stops_the_work_on_the_server(web_browser: Browser, tmp_path: Path) -> None:
    """Cancel aborts the request; the server's pool sees the client go and cancels the task
    (its counters say so, and its worker is free again), and the page says "Cancelled"."""
    pool = WorkPool(WordList.bundled(), PoolConfig(workers=1, budget=60, nodes=None))
    try:
        with (
            run_server(tmp_path / "games.sqlite3", pool=pool) as srv,
            app_page(web_browser, srv.url) as page,
        ):
            assert pool.wait_ready(120)
            before = pool.status()
            open_app(page, "#bot")
            page.get_by_test_id("bot-answer").fill("cigar")
            page.get_by_test_id("bot-strategy").select_option("optimal")
            page.get_by_test_id("bot-start").fill("fuzzy")
            page.get_by_test_id("bot-solve").click()
            expect(page.get_by_test_id("bot-progress")).to_be_visible()
            expect(page.get_by_test_id("bot-elapsed")).to_have_text(re.compile(r"^[1-9]\d*\.\d s$"))
            assert wait_for(lambda: pool.status()["busy"] == 1, 10), pool.status()
            page.get_by_test_id("bot-cancel").click()
            expect(page.get_by_test_id("bot-result")).to_have_text("Cancelled")
            expect(page.get_by_test_id("bot-summary")).to_contain_text("stopped working")
            expect(page.get_by_test_id("bot-board")).to_have_attribute("data-state", "cancelled")
            expect(page.get_by_test_id("bot-progress")).to_be_hidden()
            expect(page.get_by_test_id("bot-solve")).to_be_enabled()
            # the server: the task was cancelled and the worker is free again, long before
            # the 60 s the work could have taken
            done = wait_for(
                lambda: (
                    pool.status()["cancelled"] > before["cancelled"] and pool.status()["busy"] == 0
                ),
                10,
            )
            status = pool.status()
            assert done, status
            assert status["killed"] == before["killed"]  # stopped by its flag, not killed
            assert srv.app.state.context.pool is pool
            # and the page works on: a quick strategy solves at once
            page.get_by_test_id("bot-strategy").select_option("entropy")
            page.get_by_test_id("bot-start").fill("")
            page.get_by_test_id("bot-solve").click()
            expect(page.get_by_test_id("bot-result")).to_contain_text("Solved CIGAR")
    finally:
        pool.close()


def wait_for(condition: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())
