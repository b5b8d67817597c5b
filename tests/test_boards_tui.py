"""The Boards screen of the terminal UI (F9), driven headless by Textual's pilot."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from wordlekit.core.boards import Status, practice_answers, variant_for
from wordlekit.core.words import WordList
from wordlekit.tui import WordleApp, build_app
from wordlekit.tui.boards import BoardsScreen


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(folder))
    return folder


def text_of(screen: BoardsScreen, wid: str) -> str:
    return str(screen.query_one(f"#{wid}", Static).render())


async def type_line(pilot: Pilot[None], screen: BoardsScreen, line: str) -> None:
    box = screen.query_one("#boards-input", Input)
    box.value = line
    await box.action_submit()
    await pilot.pause()


def run(tmp_path: Path, scenario: object) -> None:
    app = build_app(seed=42, db=tmp_path / "games.sqlite3")

    async def main() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await pilot.press("f9")
            await pilot.pause()
            await scenario(app, pilot)  # type: ignore[operator]

    asyncio.run(main())


def test_play_a_seeded_quordle_to_a_win(tmp_path: Path) -> None:
    answers = practice_answers(variant_for("quordle"), 8, WordList.bundled())

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, BoardsScreen)
        await type_line(pilot, screen, ":seed 8")
        assert "Practice Quordle #8" in text_of(screen, "boards-label")
        await type_line(pilot, screen, "zzzzz")
        assert "Not in word list: ZZZZZ (no turn used)" in text_of(screen, "boards-message")
        await type_line(pilot, screen, answers[0])
        assert "8 guesses left, 3 of 4 boards to solve" in text_of(screen, "boards-label")
        assert "1✓" in text_of(screen, "boards-board")
        for word in answers[1:]:
            await type_line(pilot, screen, word)
        assert screen.game.status is Status.WON
        message = text_of(screen, "boards-message")
        assert "Practice Quordle #8" in message and "Quordle: played 1, won 100 %" in message

    run(tmp_path, scenario)


def test_variants_and_commands(tmp_path: Path) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, BoardsScreen)
        await type_line(pilot, screen, ":variant octordle")
        assert screen.game.boards == 8 and "8 boards to solve" in text_of(screen, "boards-label")
        await type_line(pilot, screen, "crane")
        keys = text_of(screen, "boards-keyboard")
        # Each key once per board: Q (never tried) is 8 cells wide.
        assert "Q        W" in keys  # 8 cells and a space
        await type_line(pilot, screen, ":boards 2")
        assert "Dordle" in text_of(screen, "boards-label")
        await type_line(pilot, screen, ":daily")
        assert "Daily Dordle" in text_of(screen, "boards-label")
        await type_line(pilot, screen, ":nonsense")
        assert "Commands:" in text_of(screen, "boards-message")
        await type_line(pilot, screen, ":boards 99")
        assert "1 to 64" in text_of(screen, "boards-message")

    run(tmp_path, scenario)
