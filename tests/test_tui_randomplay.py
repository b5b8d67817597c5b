"""The terminal UI's end panel shows random play's figures on the answer (issue 28): the stored
ones at once, else "computing…" and then the figures worked out in a worker (a child process
that a new game stops); nothing while the game is on.

No test computes a word of the original list to its end: its figures are stored first, and
the word computed is one of a small list."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import pytest
from textual.pilot import Pilot

from harness_tui import (
    AppFactory,
    key_now,
    play,
    screen_text,
    settle,
    static_text,
    type_words,
)
from wordlekit.analysis.randomplay import RandomPlay, ResultStore
from wordlekit.core.game import Status
from wordlekit.core.words import WordList
from wordlekit.services import randomplay
from wordlekit.services.games import GameRequest
from wordlekit.tui import WordleApp
from wordlekit.tui.play import PlayScreen

pytestmark = pytest.mark.usefixtures("tui_data_dir")

#: The real figures of CRAFT on the original list (``wordle expected craft``).
CRAFT = RandomPlay("craft", 4.246031199897837, 11, 0.026937015712098167, 1049181, 6.4)
#: Words sharing -ATCH, and two more allowed guesses.
ATCH = WordList.from_words(
    ["batch", "catch", "hatch", "latch", "match", "patch", "watch"], ["crane", "slate"]
)
LINE = "Random play: every guess drawn uniformly among the words still possible"


def store(folder: Path, wordlist: WordList, r: RandomPlay) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with closing(ResultStore(folder / randomplay.DB_NAME)) as results:
        results.add(randomplay.answers_only(wordlist).content_hash, r)


def test_the_end_panel_shows_the_stored_figures(make_app: AppFactory, tui_data_dir: Path) -> None:
    store(tui_data_dir, WordList.bundled(), CRAFT)

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_words(pilot, ["crane"])
        assert static_text(app, "#random-play") == ""  # nothing while the game is on
        await type_words(pilot, ["craft"])
        assert screen.game.status is Status.WON
        text = static_text(app, "#random-play")
        assert text.startswith(
            "Random play on CRAFT: expected 4.2460 guesses, worst 11, P(more than 6) 2.7% (stored)"
        )
        assert LINE in text and screen.random_job is None  # nothing computed
        assert "Random play on CRAFT" in screen_text(app)  # on the screen, not only the panel

    play(make_app, scenario, request=GameRequest("classic", kind="challenge", answers=["craft"]))


def test_figures_not_stored_are_computed_in_a_worker(
    make_app: AppFactory, tui_data_dir: Path
) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_words(pilot, ["batch", "match"])
        await settle(app, pilot)  # the worker's end
        assert screen.game.status is Status.WON
        text = static_text(app, "#random-play")
        assert text.startswith(
            "Random play on MATCH: expected 4.0000 guesses, worst 7, P(more than 6) "
        )
        assert "(computed)" in text and LINE in text
        # and stored for next time
        found = randomplay.stored_figures(ATCH, "match")
        assert found is not None and found.source == "stored" and found.worst == 7

    request = GameRequest("classic", kind="challenge", answers=["match"])
    play(make_app, scenario, request=request, wordlist=ATCH)


def test_a_new_game_stops_the_computing(make_app: AppFactory) -> None:
    """CRAFT not stored takes seconds: the panel says "computing…"; Ctrl+N drops it (its
    child process is stopped, nothing is stored) and the new game's panel is empty."""

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_words(pilot, ["craft"])  # the keys, not waiting for the workers
        assert screen.game.status is Status.WON
        job = screen.random_job
        assert job is not None and job.running
        assert "Random play on CRAFT: computing…" in static_text(app, "#random-play")
        await key_now(app, pilot, "ctrl+n")
        assert job.cancelled and screen.random_job is None
        assert static_text(app, "#random-play") == ""
        await settle(app, pilot)
        assert static_text(app, "#random-play") == ""  # the dropped answer is not shown
        assert randomplay.stored_figures(WordList.bundled(), "craft") is None

    play(make_app, scenario, request=GameRequest("classic", kind="challenge", answers=["craft"]))


def test_a_tick_after_the_panel_is_gone_does_nothing(make_app: AppFactory) -> None:
    """The "computing…" line is redrawn on a timer, which may tick once more while the app
    quits and its widgets are already removed (a crash the CI met once): then it does nothing,
    and so does the hint's."""

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_words(pilot, ["craft"])
        job = screen.random_job
        assert job is not None and job.running
        await screen.query_one("#end-panel").remove()
        await screen.query_one("#hint").remove()
        screen.show_random_progress()
        screen.hint_job = job  # a running job, as a hint being worked out would be
        screen.show_progress()
        screen.hint_job = None
        screen.cancel_random_play()  # (what quitting does; nothing is stored)
        assert job.cancelled

    play(make_app, scenario, request=GameRequest("classic", kind="challenge", answers=["craft"]))
