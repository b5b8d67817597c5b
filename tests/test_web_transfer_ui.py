"""Stats that move with you in the browser (issue 26): player A (a phone) wins a game, gets a
code in the statistics dialog; player B (a laptop: another browser context, another player)
enters it and sees A's game counted, A's figures are then empty; B exports the games as a
file, and A imports it back through the same dialog."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import ANSWER, Server, open_app, screen, settled, shot, start_game, type_guess

pytestmark = pytest.mark.slow

DOCS = Path(__file__).parents[1] / "docs"


def figure(page: Page, kind: str, name: str) -> Any:
    block = page.locator(f'[data-testid="stats-dialog"] section[data-kind="{kind}"]')
    return block.locator(f'[data-stat="{name}"]')


def test_a_code_moves_the_games_and_a_file_brings_them_back(
    web_browser: Browser, web_server: Server, tmp_path: Path
) -> None:
    with screen(web_browser, web_server, 390, 844) as a:
        open_app(a)
        start_game(a)
        for word in ("crane", ANSWER):
            type_guess(a, word)
            settled(a)
        expect(a.get_by_test_id("stats-dialog")).to_be_visible()
        expect(figure(a, "practice", "played")).to_have_text("1")
        a.get_by_test_id("transfer-get").click()
        code = a.get_by_test_id("transfer-code")
        expect(code).to_have_text(re.compile(r"^[0-9A-Z]{4}-[0-9A-Z]{4}$"))
        expect(a.get_by_test_id("transfer-expiry")).to_contain_text("within 9:")
        a.get_by_test_id("transfer-code").scroll_into_view_if_needed()
        path = shot(a, "web-transfer-390")
        shutil.copy(path, DOCS / "web-transfer-390.png")
        shown = code.inner_text()

        with screen(web_browser, web_server, 1280, 800) as b:
            open_app(b)
            b.get_by_test_id("stats-button").click()
            expect(figure(b, "practice", "played")).to_have_text("0")
            b.get_by_test_id("transfer-input").click()
            b.keyboard.type(shown.lower())
            b.keyboard.press("Enter")
            expect(b.get_by_test_id("transfer-status")).to_have_text("1 game moved to this device.")
            expect(figure(b, "practice", "played")).to_have_text("1")
            expect(figure(b, "practice", "win-percent")).to_have_text("100")
            b.get_by_test_id("transfer-status").scroll_into_view_if_needed()
            shutil.copy(shot(b, "web-transfer-1280"), DOCS / "web-transfer-1280.png")
            # the spent code is refused
            b.get_by_test_id("transfer-input").fill(shown)
            b.get_by_test_id("transfer-submit").click()
            expect(b.get_by_test_id("transfer").locator(".transfer-status")).to_contain_text(
                "no such transfer code"
            )
            with b.expect_download() as got:
                b.get_by_test_id("transfer-export").click()
            file = tmp_path / "games.json"
            got.value.save_as(file)

        a.get_by_test_id("stats-close").click()
        a.get_by_test_id("stats-button").click()
        expect(figure(a, "practice", "played")).to_have_text("0")  # nothing left behind
        a.get_by_test_id("transfer-file").set_input_files(str(file))
        expect(a.get_by_test_id("transfer-status")).to_have_text("Imported 1 game of 1.")
        expect(figure(a, "practice", "played")).to_have_text("1")
        a.get_by_test_id("transfer-file").set_input_files(str(file))
        expect(a.get_by_test_id("transfer-status")).to_have_text(
            "Imported 0 games of 1 (1 already here)."
        )
