"""The terminal UI's end-of-game panel shows the answer's definition (offline dictionary)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from harness_tui import AppFactory, play, static_text, type_words
from wordlekit.core.game import Status
from wordlekit.services.games import GameRequest
from wordlekit.tui import WordleApp
from wordlekit.tui.play import PlayScreen

pytestmark = pytest.mark.usefixtures("tui_data_dir")


def test_the_end_panel_shows_the_definition(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_words(pilot, ["crane"])
        assert static_text(app, "#definition") == ""  # nothing while the game is on
        await type_words(pilot, ["knoll"])
        assert screen.game.status is Status.WON
        assert static_text(app, "#definition") == "KNOLL noun: a small natural hill"

    request = GameRequest("classic", kind="challenge", answers=["knoll"])
    play(make_app, scenario, request=request)


def test_an_answer_without_an_entry_says_so(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_words(pilot, ["crane"] * 6)
        assert screen.game.status is Status.LOST
        text = static_text(app, "#definition")
        assert text == "THEIR No definition in the offline dictionary."

    request = GameRequest("classic", kind="challenge", answers=["their"])
    play(make_app, scenario, request=request)
