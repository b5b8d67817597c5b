"""Definitions in the browser (issue 26): a game played to its end on the physical keyboard
shows the answer's definition on the result (the offline dictionary, WordNet 3.0); nothing of
it is on the page while the game is on; an answer without an entry says so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from harness_web import Server, open_app, screen, settled, shot, start_game, type_guess

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_a_won_game_shows_the_definition_at_390(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page)
        start_game(page, kind="challenge", words=["knoll"])
        definition = page.get_by_test_id("definition")
        type_guess(page, "crane")
        settled(page)
        expect(definition).to_be_hidden()
        assert "small natural hill" not in page.content()
        type_guess(page, "knoll")
        settled(page)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        if page.get_by_test_id("stats-close").is_visible():
            page.get_by_test_id("stats-close").click()
        expect(definition).to_be_visible()
        expect(definition).to_have_text("KNOLL noun a small natural hill")
        expect(definition.locator("em")).to_have_text("noun")
        # the definition sits in the result above the board: the keyboard stays on the screen
        box = page.get_by_test_id("keyboard").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844
        DOCS.mkdir(exist_ok=True)
        shutil.copyfile(shot(page, "web-definition-390"), DOCS / "web-definition-390.png")
        # a reload shows the finished game's result, definition included
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(definition).to_have_text("KNOLL noun a small natural hill")


def test_a_lost_game_without_an_entry_says_so(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 1280, 800) as page:
        open_app(page)
        start_game(page, kind="challenge", words=["their"])
        for _ in range(6):
            type_guess(page, "crane")
            settled(page)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "lost")
        if page.get_by_test_id("stats-close").is_visible():
            page.get_by_test_id("stats-close").click()
        expect(page.get_by_test_id("definition")).to_have_text(
            "THEIR No definition in the offline dictionary."
        )
        shutil.copyfile(shot(page, "web-definition-1280"), DOCS / "web-definition-1280.png")


def test_several_boards_list_one_definition_each(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 1280, 800) as page:
        open_app(page)
        start_game(page, "dordle", kind="challenge", words=["cigar", "geese"])
        for word in ("cigar", "geese"):
            type_guess(page, word)
            settled(page)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        if page.get_by_test_id("stats-close").is_visible():
            page.get_by_test_id("stats-close").click()
        definition = page.get_by_test_id("definition")
        definition.locator("summary").click()
        items = page.get_by_test_id("definition-item")
        expect(items).to_have_count(2)
        expect(items.nth(0)).to_have_text("CIGAR noun a roll of tobacco for smoking")
        expect(items.nth(1)).to_contain_text("GEESE noun, plural of goose web-footed")
