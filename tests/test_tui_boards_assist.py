"""The Boards assist screen of the terminal UI (F10), driven headless by Textual's pilot."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from harness_tui import LARGE, AppFactory, run, settle
from wordlekit.core.feedback import format_pattern, score
from wordlekit.services import boards as service
from wordlekit.tui import WordleApp
from wordlekit.tui.boards_assist import BoardsAssistScreen

pytestmark = pytest.mark.usefixtures("tui_data_dir")

#: A Quordle with known answers, and two guesses; the colours come from the one feedback rule.
ANSWERS = ("amaze", "rusty", "smell", "inbox")
GUESSES = ("crane", "toils")

Scenario = Callable[[WordleApp, Pilot[None], BoardsAssistScreen], Awaitable[None]]


def line(guess: str, answers: tuple[str, ...] = ANSWERS) -> str:
    return " ".join([guess, *(format_pattern(score(guess, a), 5, "letters") for a in answers)])


async def enter(app: WordleApp, pilot: Pilot[None], screen: BoardsAssistScreen, text: str) -> None:
    box = screen.query_one("#ba-input", Input)
    box.value = text
    await box.action_submit()
    await settle(app, pilot)


def on_boards_assist(make_app: AppFactory, scenario: Scenario) -> None:
    """Run ``scenario`` on the Boards assist screen (F10)."""

    async def go(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f10")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, BoardsAssistScreen)
        await scenario(app, pilot, screen)

    run(make_app(seed=42), go, size=LARGE)


def test_two_guesses_on_a_quordle_match_the_service(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: BoardsAssistScreen) -> None:
        assert "Quordle" in screen.text_of("ba-title")
        for guess in GUESSES:
            await enter(app, pilot, screen, line(guess))
        assert screen.guesses == list(GUESSES)
        patterns = [[score(g, a) for g in GUESSES] for a in ANSWERS]
        want = app.engine.call(service.assist, GUESSES, patterns, boards=4, max_guesses=9, top=5)
        assert screen.result is not None
        got = [b.remaining for b in screen.result.boards]
        assert got == [b.remaining for b in want.boards]
        assert all(n > 0 for n in got)
        shown = screen.text_of("ba-boards")
        for b in want.boards:
            assert f"Board {b.board}: {b.remaining} word" in shown
            assert b.words[0].upper() in shown
        best = want.suggestions[0].word
        assert screen.best == best
        assert f"Best next guess for all boards: {best.upper()}" in screen.text_of("ba-next")
        assert screen.message == "Added TOILS."

        # Solving board 1: the next guess takes only three patterns.
        await enter(app, pilot, screen, line("amaze"))
        assert screen.solved() == [True, False, False, False]
        await enter(app, pilot, screen, line("smell", ANSWERS[1:]))
        assert screen.result is not None
        boards = screen.result.boards
        assert boards[0].solved and boards[2].solved
        assert "Board 1: solved (AMAZE)" in screen.text_of("ba-boards")

    on_boards_assist(make_app, scenario)


def test_contradictory_colours_keep_the_last_good_figures(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: BoardsAssistScreen) -> None:
        await enter(app, pilot, screen, line("crane"))
        good = screen.text_of("ba-boards")
        best = screen.best
        assert best is not None
        # Board 2 (RUSTY) had R yellow for CRANE: TOILS all yellow is impossible.
        pats = line("toils").split()
        pats[2] = "yyyyy"
        await enter(app, pilot, screen, " ".join(pats))
        message = screen.message
        assert "\n" not in message
        assert "board 2" in message and "turn 2" in message
        assert screen.text_of("ba-boards") == good
        assert screen.best == best
        # :undo removes it and the error goes away.
        await enter(app, pilot, screen, ":undo")
        assert screen.guesses == ["crane"] and screen.error is None
        await enter(app, pilot, screen, line("toils"))
        assert screen.error is None and screen.text_of("ba-boards") != good

    on_boards_assist(make_app, scenario)


def test_bad_input_is_refused_and_changes_nothing(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: BoardsAssistScreen) -> None:
        await enter(app, pilot, screen, line("crane"))
        before = (list(screen.guesses), [list(r) for r in screen.patterns])
        box = screen.query_one("#ba-input", Input)
        for text, said in (
            ("zzzzz bbbbb bbbbb bbbbb bbbbb", "ZZZZZ"),
            ("toils bbbbb bbbbb", "2 patterns for 4 unsolved boards"),
            ("toils bbbbb bbqbb bbbbb bbbbb", "board 2"),
            ("toils bbbb bbbbb bbbbb bbbbb", "board 1"),
            ("toils - bbbbb bbbbb bbbbb", "board 1 is not solved"),
            (":variant nonsense", "nonsense"),
            (":boards 99", "99"),
            (":variant absurdle", "no fixed answers"),
            (":frobnicate", "Commands"),
            ("  ,,:: ", ""),
        ):
            await enter(app, pilot, screen, text)
            assert said in screen.message, (text, screen.message)
            assert (screen.guesses, screen.patterns) == before
            if text.strip(" ,:"):
                assert box.value == text  # left to be fixed
        await enter(app, pilot, screen, ":boards 2")
        assert screen.variant.boards == 2 and screen.guesses == []
        await enter(app, pilot, screen, ":variant octordle")
        assert screen.variant.boards == 8
        await enter(app, pilot, screen, ":undo")
        assert "no guess" in screen.message

    on_boards_assist(make_app, scenario)
