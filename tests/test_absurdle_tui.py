"""The Absurdle screen of the terminal UI, driven headless by Textual's pilot (F8)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from wordlekit.core.game import Status
from wordlekit.tui import WordleApp, build_app
from wordlekit.tui.absurdle import AbsurdleScreen


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(folder))
    return folder


def text_of(screen: AbsurdleScreen, wid: str) -> str:
    return str(screen.query_one(f"#{wid}", Static).render())


async def type_line(pilot: Pilot[None], screen: AbsurdleScreen, line: str) -> None:
    box = screen.query_one("#absurdle-input", Input)
    box.value = line
    await box.action_submit()
    await pilot.pause()


def run(tmp_path: Path, scenario: object) -> None:
    app = build_app(seed=42, db=tmp_path / "games.sqlite3")

    async def main() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f8")
            await pilot.pause()
            await scenario(app, pilot)  # type: ignore[operator]

    asyncio.run(main())


def test_play_a_game_to_a_win(tmp_path: Path) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, AbsurdleScreen)
        assert "2,315 words" in text_of(screen, "absurdle-status")
        await type_line(pilot, screen, "arise")
        assert "168 words" in text_of(screen, "absurdle-status")
        await type_line(pilot, screen, "zzzzz")
        assert "Not in word list: ZZZZZ (no turn used)" in text_of(screen, "absurdle-message")
        for word in ("scold", "bungy"):
            await type_line(pilot, screen, word)
        assert "1 word: MOTTO" in text_of(screen, "absurdle-status")
        await type_line(pilot, screen, "motto")
        assert screen.game.status is Status.WON
        status = text_of(screen, "absurdle-status")
        assert "Won in 4 guesses." in status and "Absurdle 4/∞" in status

    run(tmp_path, scenario)


def test_shortest_win_hard_mode_and_a_challenge(tmp_path: Path) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, AbsurdleScreen)
        for word in ("arise", "scold"):
            await type_line(pilot, screen, word)
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "takes 2 guesses" in text_of(screen, "absurdle-proof")
        await pilot.press("f6")  # hard mode: a new game
        await pilot.pause()
        assert screen.game.hard and not screen.game.turns
        for word in ("arise", "scold", "bungy"):
            await type_line(pilot, screen, word)
        assert "Guess must contain O" in text_of(screen, "absurdle-message")
        await type_line(pilot, screen, ":target cigar")
        assert "end on CIGAR" in text_of(screen, "absurdle-status")
        await type_line(pilot, screen, "crane")
        assert screen.game.status is Status.LOST
        assert "Challenge lost" in text_of(screen, "absurdle-status")

    run(tmp_path, scenario)
