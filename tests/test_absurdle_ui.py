"""Absurdle on the Play page, in a browser (Debian's chromium through Playwright): a game to a
win on a phone with the host's words shown, a refused word, a proven shortest win from the
position reached (and played to its end), the daily challenge's target, and the solver's limit
in ultrahard mode. Like the other browser tests, these never skip: without the browser they
fail."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import Server, expect_row, open_app, screen, settled, shot, start_game, type_guess
from wordlekit.core.game import Game
from wordlekit.services.games import GameRequest, make_game

#: A win of the free game (the host is deterministic): checked by the model first.
LINE = ["arise", "scold", "bungy", "motto"]


def free_game() -> Game:
    return make_game(GameRequest(variant="absurdle", kind="practice")).game


def test_the_line_wins_by_the_model() -> None:
    game = free_game().replay(LINE)
    assert game.status.value == "won"


def expect_host(page: Page, text: str) -> None:
    expect(page.get_by_test_id("host-count")).to_have_text(text)


def row_letters(guesses: list[str]) -> list[str]:
    """The host's colours of each guess, by the model."""
    game = free_game().replay(guesses)
    return [t.format("letters").split(":")[1] for t in game.turns]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_game_to_a_win(web_browser: Browser, web_server: Server, width: int, height: int) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page)
        start_game(page, "absurdle", seed=None)
        expect(page.get_by_test_id("game-label")).to_contain_text("Absurdle · 0 guesses so far")
        expect_host(page, "The host holds 2,315 words")
        expect(page.get_by_test_id("host-words")).to_be_hidden()  # too many to list
        expect(page.locator("#board .row")).to_have_count(6)  # no limit: six rows and more
        type_guess(page, LINE[0])
        expect(page.get_by_test_id("tile-0-0")).to_have_attribute("data-state", "gray")
        expect_host(page, "The host holds 168 words")
        type_guess(page, "zzzzz")
        expect(page.get_by_test_id("message")).to_contain_text("ZZZZZ")
        expect(page.get_by_test_id("game-label")).to_contain_text("1 guess so far")
        for _ in range(5):
            page.keyboard.press("Backspace")
        type_guess(page, LINE[1])
        expect(page.get_by_test_id("game-label")).to_contain_text("2 guesses so far")
        type_guess(page, LINE[2])
        expect_host(page, "The host holds 1 word")
        expect(page.get_by_test_id("host-words")).to_have_text("MOTTO")
        settled(page)
        shot(page, f"absurdle-playing-{width}")
        type_guess(page, LINE[3])
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        for row, (word, letters) in enumerate(zip(LINE, row_letters(LINE), strict=True)):
            tiles = [page.get_by_test_id(f"tile-{row}-{c}") for c in range(5)]
            for tile, ch, code in zip(tiles, word, letters, strict=True):
                expect(tile).to_have_text(ch.upper())
                expect(tile).to_have_attribute(
                    "data-state", {"g": "green", "y": "yellow", "b": "gray"}[code]
                )
        expect(page.get_by_test_id("result-text")).to_contain_text("MOTTO")
        expect(page.get_by_test_id("share-text")).to_contain_text("Absurdle 4/∞")
        dialog = page.get_by_test_id("stats-dialog")
        expect(dialog).to_be_visible()
        expect(dialog.locator("#stats-heading")).to_have_text("Statistics · Absurdle")
        expect(page.get_by_test_id("dist-4")).to_have_class("dist-row current")
        page.get_by_test_id("stats-close").click()
        expect(page.get_by_test_id("host-solve")).to_be_hidden()  # nothing to solve any more
        expect(page.get_by_test_id("review-this-game")).to_be_hidden()
        box = page.get_by_test_id("board").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        shot(page, f"absurdle-won-{width}")


def test_a_shortest_win_from_a_position_played_to_its_end(
    web_browser: Browser, web_server: Server
) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page)
        start_game(page, "absurdle", seed=None)
        type_guess(page, "arise")
        expect_host(page, "The host holds 168 words")  # keys are not queued during a guess
        type_guess(page, "scold")
        expect_host(page, "The host holds 20 words")
        page.reload()  # the game in progress survives a reload
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(page.get_by_test_id("variant")).to_have_value("absurdle")
        expect_host(page, "The host holds 20 words")
        expect(page.get_by_test_id("host-words").locator("li")).to_have_count(20)
        page.get_by_test_id("host-solve").click()
        minimum = page.get_by_test_id("host-minimum")
        expect(minimum).to_contain_text("A shortest win from here takes 2 guesses")
        line = page.get_by_test_id("host-line").locator(".row")
        expect(line).to_have_count(2)
        settled(page)
        shot(page, "absurdle-shortest-win-390")
        words = [
            str(line.nth(k).get_attribute("aria-label")).split(":")[0].lower() for k in range(2)
        ]
        assert line.nth(1).get_attribute("aria-label") == f"{words[1].upper()}: ggggg"
        type_guess(page, words[0])
        expect(page.get_by_test_id("game-label")).to_contain_text("3 guesses so far")
        type_guess(page, words[1])
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        expect(minimum).to_have_count(0)  # the proof of another position is gone
        settled(page)
        expect_row(page, 3, words[1], words[1])


def test_the_daily_challenge_shows_its_target(web_browser: Browser, web_server: Server) -> None:
    daily = make_game(GameRequest(variant="absurdle", kind="daily")).game
    target = daily.target_word()
    assert target
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page)
        # With Daily chosen (a first visit's), choosing Absurdle opens today's at once.
        page.get_by_test_id("variant").select_option("absurdle")
        expect(page.get_by_test_id("game-label")).to_contain_text("Absurdle")
        expect(page.get_by_test_id("host-target")).to_have_text(f"Target: {target.upper()}")
        shot(page, "absurdle-daily-390")


def test_ultrahard_mode_and_the_solver(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 1280, 800) as page:
        open_app(page)
        start_game(page, "absurdle", seed=None, mode="ultrahard")
        expect(page.get_by_test_id("game-label")).to_contain_text("ultrahard mode")
        # the solver plays normal and hard mode only: the button says so rather than fail
        solve = page.get_by_test_id("host-solve")
        expect(solve).to_be_disabled()
        assert "ultrahard" in str(solve.get_attribute("title"))
        type_guess(page, "salet")  # not a word the host could hold
        expect(page.get_by_test_id("message")).to_contain_text("Ultrahard mode: SALET")
