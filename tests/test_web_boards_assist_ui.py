"""The Boards page (the helper for a game of several boards) in Debian's chromium: a Quordle played
elsewhere, its colours entered by clicking the tiles of each board, at a phone and a laptop
size; the words left per board and the best next guess are the service's; a contradiction is
one line naming the board and the turn. Screenshots go to
``test-output/screenshots/boards-assist-*.png``."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import Server, open_app, screen, shot
from wordlekit.core.feedback import pattern_tiles, score

# Four answers of the game played elsewhere; the second guess is board 1's answer (solving it).
ANSWERS = ("mount", "shiny", "fable", "grief")
GUESSES = ("crane", "mount")
LETTERS = "byg"


def pattern(guess: str, answer: str) -> str:
    return "".join(LETTERS[int(t)] for t in pattern_tiles(score(guess, answer)))


def snap(page: Page, name: str) -> None:
    shot(page, f"boards-assist-{name}", full_page=True)


def open_helper(page: Page) -> None:
    open_app(page, "#boards")
    expect(page.get_by_test_id("boards-assist")).to_be_visible()
    expect(page.get_by_test_id("keyboard")).to_be_hidden()  # the Play page's
    page.get_by_test_id("boards-assist-variant").select_option("quordle")
    expect(page.get_by_test_id("boards-assist-grid").locator(".mboard")).to_have_count(4)


def add_guess(page: Page, word: str) -> None:
    page.get_by_test_id("boards-assist-word").fill(word)
    page.get_by_test_id("boards-assist-add").click()


def set_colours(page: Page, board: int, turn: int, letters: str) -> None:
    """Click each tile of a row until it shows `letters` (gray → yellow → green)."""
    states = {"b": "gray", "y": "yellow", "g": "green"}
    for c, ch in enumerate(letters):
        tile = page.get_by_test_id(f"boards-assist-tile-{board}-{turn}-{c}")
        # As a player does: each click's colour shows before the next click (two clicks at
        # once on a loaded machine once left a tile one colour short).
        for k in range(1, LETTERS.index(ch) + 1):
            tile.click()
            expect(tile).to_have_attribute("data-state", states[LETTERS[k]])
    for c, ch in enumerate(letters):
        tile = page.get_by_test_id(f"boards-assist-tile-{board}-{turn}-{c}")
        expect(tile).to_have_attribute("data-state", states[ch])


def service_answer(server: Server) -> dict:  # type: ignore[type-arg]
    patterns: list[list[str | None]] = []
    for a in ANSWERS:
        row: list[str | None] = []
        solved = False
        for g in GUESSES:
            row.append(None if solved else pattern(g, a))
            solved = solved or g == a
        patterns.append(row)
    r = httpx.post(
        f"{server.url}/api/boards/assist",
        json={"variant": "quordle", "guesses": list(GUESSES), "patterns": patterns},
        timeout=60,
    )
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_help_with_a_quordle(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    want = service_answer(web_server)
    with screen(web_browser, web_server, width, height) as page:
        open_helper(page)
        page.get_by_test_id("boards-assist-clear").click()
        for t, guess in enumerate(GUESSES):
            add_guess(page, guess)
            for b, answer in enumerate(ANSWERS):
                if t > 0 and GUESSES[t - 1] == answer:
                    # A solved board takes no more rows.
                    expect(page.get_by_test_id(f"boards-assist-row-{b}-{t}")).to_have_count(0)
                    continue
                set_colours(page, b, t, pattern(guess, answer))
        expect(page.get_by_test_id("boards-assist-board-0")).to_have_attribute(
            "data-solved", "true"
        )
        for b, info in enumerate(want["boards"]):
            left = page.get_by_test_id(f"boards-assist-left-{b}")
            expect(left).to_have_attribute("data-remaining", str(info["remaining"]))
            if not info["solved"]:
                expect(left).to_contain_text(info["words"][0].upper())
        best = want["suggestions"][0]["word"]
        expect(page.get_by_test_id("boards-assist-best")).to_have_attribute("data-word", best)
        expect(page.get_by_test_id("boards-assist-best-word")).to_have_text(best.upper())
        expect(page.get_by_test_id("boards-assist-best")).to_contain_text("bits")
        expect(page.get_by_test_id("boards-assist-error")).to_be_hidden()
        # Four boards fit the width: nothing scrolls sideways.
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= width, scroll
        snap(page, f"quordle-{width}")
        # The best guess is one click away from the input.
        page.get_by_test_id("boards-assist-best-word").click()
        expect(page.get_by_test_id("boards-assist-word")).to_have_value(best)
        # The helper's guesses are kept across a reload.
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(page.get_by_test_id("boards-assist-left-1")).to_have_attribute(
            "data-remaining", str(want["boards"][1]["remaining"])
        )


def test_marking_a_board_solved(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        open_helper(page)
        page.get_by_test_id("boards-assist-clear").click()
        add_guess(page, "crane")
        page.get_by_test_id("boards-assist-solve-2").click()
        board = page.get_by_test_id("boards-assist-board-2")
        expect(board).to_have_attribute("data-solved", "true")
        expect(page.get_by_test_id("boards-assist-left-2")).to_contain_text("CRANE")
        add_guess(page, "moist")
        expect(page.get_by_test_id("boards-assist-row-0-1")).to_have_count(1)
        expect(page.get_by_test_id("boards-assist-row-2-1")).to_have_count(0)
        expect(page.get_by_test_id("boards-assist-status")).to_contain_text("3 of 4 boards")


def test_a_contradiction_names_board_and_turn(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        open_helper(page)
        page.get_by_test_id("boards-assist-clear").click()
        add_guess(page, "crane")
        add_guess(page, "crane")
        # Board 2: C gray on turn 1, green on turn 2.
        set_colours(page, 1, 1, "gbbbb")
        error = page.get_by_test_id("boards-assist-error")
        expect(error).to_be_visible()
        expect(error).to_have_text(
            "Board 2: turn 2 contradicts turn 1 (no possible answer fits both)"
        )
        expect(page.get_by_test_id("boards-assist-board-1")).to_have_attribute(
            "data-conflict", "true"
        )
        snap(page, "contradiction-390")
        # Put right, the message goes and the figures come back.
        set_colours(page, 1, 0, "gbbbb")
        expect(error).to_be_hidden()
        expect(page.get_by_test_id("boards-assist-board-1")).not_to_have_attribute(
            "data-conflict", "true"
        )
        expect(page.get_by_test_id("boards-assist-best")).to_have_attribute(
            "data-word", re.compile(r"^[a-z]{5}$")
        )
        # A word of the wrong length is refused next to the input, not sent.
        add_guess(page, "cran")
        expect(error).to_contain_text("5 letters")
