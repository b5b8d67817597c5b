"""The terminal UI, driven headless by Textual's pilot: the classic game on the Play screen,
hints, assist, statistics per variant, help, the theme, the screenshots, the command.

The Play screen's other variants are in ``test_tui_play.py``; the harness (the app factory,
running a scenario, keys) is ``harness_tui.py``.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from pathlib import Path

import grimp
import pytest
from click.testing import CliRunner, Result
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer

from harness_tui import (
    AppFactory,
    assist_screen,
    choose,
    key_now,
    play_screen,
    run,
    screen_text,
    settle,
    static_text,
    svg_text,
    type_word,
    type_words,
)
from wordlekit.core.feedback import Tile, Turn, format_pattern, score
from wordlekit.core.game import Status
from wordlekit.core.rules import Mode, hard_mode_violation, ultrahard_violation
from wordlekit.core.wordle import CLASSIC
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services import advice
from wordlekit.services.games import load_game, open_store, play_guess, player_stats
from wordlekit.services.players import PLAYER_FILE, local_player_id
from wordlekit.tui import WordleApp
from wordlekit.tui.assist import AssistScreen
from wordlekit.tui.entry import RowInput
from wordlekit.tui.play import PlayScreen
from wordlekit.tui.screens import KEY_HELP, HelpScreen, StatsScreen
from wordlekit.tui.screenshots import capture
from wordlekit.tui.widgets import Board, Keyboard

pytestmark = pytest.mark.usefixtures("tui_data_dir")

SEED = 42
ANSWER = CLASSIC.practice(SEED).secret[0]
WRONG = "crane" if ANSWER != "crane" else "slate"
CIGAR_DAY = "2021-06-19"  # the first puzzle: CIGAR


# Play ------------------------------------------------------------------------------------------


def test_a_whole_seeded_game_by_key_presses(make_app: AppFactory) -> None:
    app = make_app(seed=SEED)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        board = screen.query_one(Board)
        await pilot.press(*WRONG[:3])
        assert board.rows[0].word == WRONG[:3]
        assert board.rows[0].states == "....."  # typed, not scored
        await pilot.press("backspace", WRONG[2], *WRONG[3:], "enter")
        await pilot.pause()
        expected = format_pattern(score(WRONG, ANSWER), 5, "letters")
        assert board.rows[0].word == WRONG
        assert board.rows[0].states == expected
        assert [t.has_class("-correct") for t in board.rows[0].tiles] == [
            c == "g" for c in expected
        ]
        keyboard = screen.query_one(Keyboard)
        known = screen.game.keyboard()
        for letter, cap in keyboard.keys.items():
            assert cap.tile == known.get(letter), letter
        assert {keyboard.keys[c].tile for c in WRONG} <= {Tile.GREEN, Tile.YELLOW, Tile.GRAY}
        assert keyboard.keys["q"].tile is None or "q" in WRONG

        await type_word(pilot, ANSWER)
        assert board.rows[1].states == "ggggg"
        assert screen.game.status is Status.WON
        assert "Solved in 2/6" in screen.message
        share = screen.game.share()
        assert app.clipboard == share
        assert share.splitlines()[0] == f"wordlekit practice #{SEED} 2/6"
        assert "🟩🟩🟩🟩🟩" in static_text(app, "#share")
        assert "Played" in screen_text(app)
        # Stored as played: both turns and the outcome.
        assert screen.stored is not None
        stored = load_game(open_store(app.store.path), screen.stored.id, app.player)
        assert stored.game.guesses == (WRONG, ANSWER)
        assert stored.status is Status.WON and stored.kind == "practice"
        # Letters no longer type once the game is over.
        await pilot.press("a")
        assert board.rows[2].word == ""

    run(app, scenario)


def test_an_invalid_word_is_explained_and_uses_no_turn(make_app: AppFactory) -> None:
    app = make_app(seed=SEED)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        await type_word(pilot, "abc")
        assert "Not enough letters" in screen.message
        await type_word(pilot, "de")  # ABCDE is not a word
        assert "Not in word list: ABCDE" in screen.message
        assert "no turn used" in screen.message
        assert screen.game.turns == ()
        assert screen.query_one("#message").has_class("-error")
        # The letters stay for correcting; Backspace erases them one by one.
        assert screen.query_one(Board).rows[0].word == "abcde"
        await pilot.press(*["backspace"] * 5)
        assert screen.query_one(Board).rows[0].word == ""
        # 80x24: one-line tiles and keys, so the whole board and keyboard are on screen.
        assert app.has_class("-compact")
        bottom = screen.query_one(Keyboard).region.bottom
        assert screen.query_one(Board).rows[-1].region.bottom <= bottom <= 24 - 1

    run(app, scenario, size=(80, 24))


def test_hard_mode_refuses_a_guess_that_ignores_the_hints(make_app: AppFactory) -> None:
    app = make_app(daily=CIGAR_DAY, mode="hard")

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        assert screen.game.secret[0] == "cigar"
        await type_word(pilot, "crane")
        await type_word(pilot, "salty")
        assert "1st letter must be C" in screen.message
        assert len(screen.game.turns) == 1
        assert screen.query_one(Board).rows[1].word == "salty"

    run(app, scenario)


def test_ultrahard_refuses_a_guess_that_cannot_be_the_answer(make_app: AppFactory) -> None:
    app = make_app(daily=CIGAR_DAY, mode="ultrahard")

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        assert screen.game.mode is Mode.ULTRAHARD
        assert "ultrahard mode" in static_text(app, "#game-info")
        await type_word(pilot, "salet")
        assert "Ultrahard mode: SALET cannot be the answer: it is not in the answer list" in (
            screen.message
        )
        await pilot.press(*["backspace"] * 5)  # the refused word stays typed
        await type_word(pilot, "crane")
        await type_word(pilot, "cairn")  # obeys hard mode, but CRANE would have shown gyyyb
        assert "CRANE would have shown gyyyb, not gyybb" in screen.message
        assert len(screen.game.turns) == 1
        await pilot.press("ctrl+n")  # a new practice game keeps the rules
        await settle(app, pilot)
        assert play_screen(app).game.mode is Mode.ULTRAHARD

    run(app, scenario)


def test_the_hint_key_shows_a_suggestion_and_counts_a_hint(make_app: AppFactory) -> None:
    app = make_app(seed=SEED)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        await type_word(pilot, WRONG)
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        hint = " ".join(static_text(app, "#hint").split())
        # the service's hint for the game's turns, as the screen says it in its first line:
        # the word, and whether it can be the answer (the verdict)
        want = app.engine.call(advice.hint, screen.game.turns, strategy="entropy")
        assert screen.last_hint == want.suggestion.word
        first = hint.split(".")[0]
        assert first == f"Bot (entropy) suggests {want.suggestion.word.upper()}: it {want.verdict}"
        # the rule preferring a possible answer is said where it passed a word over, only
        assert ("0.1 bits" in hint) == (want.advice.passed_over is not None)
        assert screen.stored is not None and screen.stored.hints == 1
        assert "hints used: 1" in static_text(app, "#game-info")
        stored = load_game(open_store(app.store.path), screen.stored.id, app.player)
        assert stored.hints == 1
        # the share grid of a game played with a hint says so
        await type_word(pilot, ANSWER)
        assert screen.game.over
        assert screen.share_text.splitlines()[0] == f"wordlekit practice #{SEED} 2/6 (1 hint)"
        assert app.clipboard == screen.share_text
        assert "Wordle: practice games" in static_text(app, "#end-stats")

    run(app, scenario)


def test_statistics_survive_a_restart(make_app: AppFactory, tui_data_dir: Path) -> None:

    async def win(app: WordleApp, pilot: Pilot[None]) -> None:
        await type_word(pilot, ANSWER)
        assert play_screen(app).game.status is Status.WON
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)

    first = make_app(seed=SEED)
    run(first, win)
    player = (tui_data_dir / PLAYER_FILE).read_text().strip()
    assert player == first.player and len(player) == 24  # secrets.token_urlsafe(18)

    async def read_back(app: WordleApp, pilot: Pilot[None]) -> None:
        assert app.player == player
        stats = player_stats(app.store, app.player, "classic").practice
        assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (1, 1, 1, 1)
        assert stats.distribution[1] == 1
        await pilot.press("f3")
        await pilot.pause()
        text = static_text(app, "#stats")
        # both kinds, labelled: no daily game finished yet, the practice game won
        assert "Statistics: Wordle (the variant played)" in static_text(app, "#stats-title")
        daily, practice = text.split("Practice games")
        assert "Daily games" in daily and "No daily games of Wordle finished yet" in daily
        assert re.search(r"1\s+Played", practice)
        assert re.search(r"100\s+Win %", practice)
        assert re.search(r"1\s+Max streak", practice)
        assert "games won in a row" in practice and "days won in a row" in daily

    run(make_app(seed=7), read_back)


def test_the_player_id_is_created_once(tui_data_dir: Path) -> None:
    first = local_player_id()
    assert (tui_data_dir / PLAYER_FILE).exists()
    assert local_player_id() == first
    (tui_data_dir / PLAYER_FILE).write_text("not an id!\n")
    assert local_player_id() != first  # a damaged file gets a fresh id


def test_a_daily_puzzle_not_out_yet_is_refused_on_the_message_line(make_app: AppFactory) -> None:
    today = dt.date.today()
    tomorrow = today + dt.timedelta(days=1)  # within the day of slack: playable
    app = make_app(daily=tomorrow.isoformat())

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        label = screen.game.label
        await pilot.press("c", "r", "right_square_bracket")  # the day after tomorrow
        await pilot.pause()
        after = tomorrow + dt.timedelta(days=1)
        assert f"The daily puzzle of {after} is not out yet" in screen.message
        assert screen.query_one("#message").has_class("-error")
        assert screen.game.label == label  # the game shown goes on, typed letters too
        assert screen.query_one(Board).rows[0].word == "cr"
        await pilot.press("left_square_bracket")  # the day before: today's puzzle
        await pilot.pause()
        assert screen.stored is not None and screen.stored.day == today.isoformat()
        assert screen.game.secret[0] == CLASSIC.daily(today).secret[0]
        assert not screen.query_one("#message").has_class("-error")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.stored.kind == "practice"
        await pilot.press("ctrl+d")  # today's again: resumed, not a second game
        await pilot.pause()
        assert screen.stored is not None and screen.stored.day == today.isoformat()
        assert "resumed" in screen.message

    run(app, scenario)


def test_a_turn_played_meanwhile_in_another_window_reloads_the_game(make_app: AppFactory) -> None:
    app = make_app(daily=CIGAR_DAY)  # CIGAR

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        assert screen.stored is not None
        await pilot.press(*"crane")
        other = open_store(app.store.path)  # another window, same player and database
        play_guess(other, screen.stored.id, app.player, "slate", 1)
        await pilot.press("enter")
        await pilot.pause()
        assert "turn 1 was already played (SLATE)" in screen.message
        assert "Another window played this game meanwhile" in screen.message
        board = screen.query_one(Board)
        assert board.rows[0].word == "slate"
        assert board.rows[0].states == format_pattern(score("slate", "cigar"), 5, "letters")
        assert board.rows[1].word == "crane" and board.rows[1].states == "....."  # kept
        await pilot.press("enter")  # now it is turn 2
        await pilot.pause()
        assert screen.game.guesses == ("slate", "crane")
        assert "4 guesses left" in screen.message
        stored = load_game(other, screen.stored.id, app.player)
        assert stored.game.guesses == ("slate", "crane")

    run(app, scenario)


def test_a_hint_past_the_budget_comes_from_the_fallback_with_its_note(make_app: AppFactory) -> None:
    app = make_app(daily=CIGAR_DAY, strategy="optimal", budget=0.3)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        await type_word(pilot, "fuzzy")  # all gray: far from the optimal strategy's tree
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        hint = static_text(app, "#hint")
        assert "Bot (entropy, in place of optimal) suggests" in hint
        assert "needs more than the 0.3 s" in hint
        assert screen.stored is not None and screen.stored.hints == 1

    run(app, scenario)


def test_a_slow_hint_shows_progress_and_is_dropped_when_a_guess_is_played(
    make_app: AppFactory,
) -> None:
    app = make_app(daily=CIGAR_DAY, strategy="optimal", budget=60)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        await type_word(pilot, "fuzzy")
        await key_now(app, pilot, "ctrl+s")
        job = screen.hint_job
        assert job is not None and job.running
        assert "Asking the bot (optimal)… computing…" in static_text(app, "#hint")
        await key_now(app, pilot, *"crane", "enter")  # the game answers while the bot thinks
        assert len(screen.game.turns) == 2
        assert job.cancelled and screen.hint_job is None
        await settle(app, pilot)
        assert static_text(app, "#hint") == ""
        assert screen.stored is not None and screen.stored.hints == 0  # never shown

    run(app, scenario)


# Assist ----------------------------------------------------------------------------------------


def test_assist_with_keys_clicks_and_typed_patterns(make_app: AppFactory) -> None:
    app = make_app(seed=SEED, answers="list")

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        await settle(app, pilot)
        screen = assist_screen(app)
        assert "2315 words left" in static_text(app, "#remaining")
        # CRANE, then colour b b y g b with the keys: tile 3 once, tile 4 twice.
        await type_word(pilot, "crane")
        await pilot.press("3", "space", "right", "space", "space")
        await settle(app, pilot)
        assert screen.rows[0].tiles.states == "bbygb"
        assert "20 words left" in static_text(app, "#remaining")
        assert "N at 4" in static_text(app, "#known")
        assert "2315 → 20" in str(screen.rows[0].step.content)
        assert screen.query_one("#suggestions", DataTable).row_count == 10
        # A click cycles a tile: gray -> yellow.
        await pilot.click(screen.rows[0].tiles.tiles[0])
        await settle(app, pilot)
        assert screen.rows[0].tiles.states == "ybygb"
        await pilot.click(screen.rows[0].tiles.tiles[0])
        await pilot.click(screen.rows[0].tiles.tiles[0])
        await settle(app, pilot)
        assert screen.rows[0].tiles.states == "bbygb"
        # The typed form, contradicting row 1: the error names turn 2, the figures stay.
        await pilot.press(*"crane:gy", "backspace", "tab")  # Backspace erases a colour too
        assert screen.typed.text == "crane:g"
        await type_word(pilot, "gggg")
        await settle(app, pilot)
        assert "turn 2" in screen.message
        assert "20 words left" in static_text(app, "#remaining")
        assert screen.rows[1].step.has_class("-error")
        await pilot.press("delete")  # removes the selected (contradictory) row
        await settle(app, pilot)
        assert len(screen.turns) == 1 and screen.error is None
        # Next strategy: the suggestions follow it, and so does the play hint.
        before = app.strategy
        await pilot.press("right_square_bracket")
        await settle(app, pilot)
        assert app.strategy != before
        assert app.strategy in static_text(app, "#suggestions-title")
        # An invalid word is refused without adding a row.
        await type_word(pilot, "zzzzz")
        assert "Not in word list: ZZZZZ" in screen.message
        assert len(screen.turns) == 1

    run(app, scenario)


def test_assist_past_the_budget_shows_the_fallback_and_its_note(make_app: AppFactory) -> None:
    app = make_app(seed=SEED, strategy="optimal", budget=0.3, answers="list")

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        await settle(app, pilot)
        screen = assist_screen(app)
        await type_word(pilot, "fuzzy")
        await settle(app, pilot)
        assert "needs more than the 0.3 s" in screen.status
        assert "entropy" in screen.status and "wordle suggest" in screen.status
        assert screen.query_one("#suggestions-status").has_class("-note")
        assert "entropy in place of optimal" in static_text(app, "#suggestions-title")
        assert screen.query_one("#suggestions", DataTable).row_count > 0
        assert screen.analysis is not None and not screen.analysis.advice.exact

    run(app, scenario)


def test_assist_stays_responsive_and_cancels_when_the_input_changes(make_app: AppFactory) -> None:
    app = make_app(seed=SEED, strategy="optimal", budget=60, answers="list")

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        await settle(app, pilot)  # the first turn: on the proven tree, quick
        screen = assist_screen(app)
        await pilot.press(*"fuzzy")
        await key_now(app, pilot, "enter")  # all gray: a search far longer than this test
        first = screen.job
        assert first is not None and first.running
        assert "optimal: computing…" in screen.status
        before = screen.status
        await key_now(app, pilot, "c", "r")  # typing goes on while it computes
        assert screen.entry.tiles.word == "cr"
        for _ in range(20):  # the progress line moves on (a busy machine may take a while)
            if screen.status != before:
                break
            await pilot.pause(0.1)
        assert screen.status != before
        await key_now(app, pilot, "f6")  # hard mode on: the input changed
        assert first.cancelled
        second = screen.job
        assert second is not None and second.running and "Hard mode" in screen.message
        # Leaving the screen stops the run; coming back starts it again.
        await key_now(app, pilot, "f1")
        assert second.cancelled and screen.job is None
        await key_now(app, pilot, "f2")
        third = screen.job
        assert third is not None and third.running and "computing…" in screen.status
        # A colour change (F yellow: 51 words, quick): the long run stops, the new figures
        # are shown.
        await key_now(app, pilot, "space")
        assert third.cancelled
        await settle(app, pilot)
        assert screen.rows[0].tiles.states == "ybbbb"
        assert screen.job is None and screen.status == ""
        assert "51 words left" in static_text(app, "#remaining")
        assert screen.analysis is not None and screen.analysis.advice.used == "optimal"

    run(app, scenario)


def test_the_next_row_checks_every_key_as_it_is_typed() -> None:
    wl = WordList.bundled()
    row = RowInput(5)
    assert not row.takes(":")  # the colours come after a whole word
    for ch in "Crane":
        assert row.takes(ch) and row.add(ch) is None
    assert row.word_complete and row.add("s") is not None and row.word == "crane"
    assert row.takes("=") and row.add("=") is None and row.text == "crane:"
    assert row.turn(wl) == Turn.parse("crane:bbbbb")  # no colours: all gray
    for ch in "bbYg":
        assert row.add(ch) is None
    assert row.add("q") == "'q' is not a colour: use g (green), y (yellow), b (gray)."
    assert row.preview() == (Tile.GRAY, Tile.GRAY, Tile.YELLOW, Tile.GREEN)
    with pytest.raises(WordleError, match="4 tiles"):
        row.turn(wl)
    assert row.add("b") is None and row.turn(wl) == Turn.parse("crane:bbygb")
    row.clear()
    for ch in "zzzzz":
        row.add(ch)
    with pytest.raises(WordleError, match="Not in word list: ZZZZZ"):
        row.turn(wl)


# Screens, theme, help --------------------------------------------------------------------------


def test_every_screen_shows_its_labels(make_app: AppFactory) -> None:
    app = make_app(seed=SEED)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        text = screen_text(app)
        assert "ENTER" in text and "Hint" in text and f"practice #{SEED}" in text
        await pilot.press("f2")
        await settle(app, pilot)
        text = screen_text(app)
        assert "Top suggestions" in text and "words left" in text and "Can win" in text
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert "Guess distribution" in text and "Max streak" in text
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)  # the top of the help, then the rest scrolled into view
        app.screen.query_one("#help-body", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        text += screen_text(app)
        for _, keys, _ in KEY_HELP:
            assert keys in text, keys
        await pilot.press("escape")  # back to the game screen last shown
        await pilot.pause()
        assert isinstance(app.screen, AssistScreen)
        await pilot.press("f1", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)

    run(app, scenario)


def test_high_contrast_theme(make_app: AppFactory) -> None:
    app = make_app(daily=CIGAR_DAY, high_contrast=True)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        assert app.high_contrast and not app.has_class("-compact")
        await type_word(pilot, "crane")  # CIGAR: c green, r and a yellow
        c, r = play_screen(app).query_one(Board).rows[0].tiles[:2]
        assert c.styles.background.hex.lower() == "#f5793a"
        assert r.styles.background.hex.lower() == "#85c0f9"
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert not app.high_contrast
        assert c.styles.background.hex.lower() == "#538d4e"
        assert r.styles.background.hex.lower() == "#b59f3b"
        await pilot.press("f5")
        await pilot.pause()
        assert app.high_contrast

    run(app, scenario)


def test_svg_screenshots(tmp_path: Path) -> None:
    play, boards, assist = asyncio.run(capture(tmp_path))
    assert [p.name for p in (play, boards, assist)] == [
        "tui-play.svg",
        "tui-boards.svg",
        "tui-assist.svg",
    ]
    play_text = svg_text(play.read_text(encoding="utf-8"))
    assert "suggests" in play_text and "ENTER" in play_text
    boards_text = svg_text(boards.read_text(encoding="utf-8"))
    assert "Practice Quordle #8" in boards_text and "0 of 4 boards solved" in boards_text
    assist_text = svg_text(assist.read_text(encoding="utf-8"))
    assert "5 words left" in assist_text and "2315 → 20" in assist_text


# The command -----------------------------------------------------------------------------------


def wordle(*args: str) -> Result:
    """Run the ``wordle`` command (imported here: the TUI's other tests need no CLI)."""
    from wordlekit.cli import app

    return CliRunner().invoke(app, list(args))


def test_tui_command_help_has_examples() -> None:
    result = wordle("tui", "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and "wordle tui --seed 42 --high-contrast" in result.stdout
    out = " ".join(result.stdout.split())
    assert "--variant NAME" in out and "--mode MODE" in out and "Ctrl+O" in out
    for name in ("classic", "quordle", "duotrigordle", "absurdle"):
        assert name in out


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (["--daily", "2022-13-45"], "bad date"),
        (["--daily", "2020-01-01"], "before the first Wordle"),
        (["--daily", "2021-06-19", "--seed", "3"], "choose one of"),
        (["--practice", "--seed", "3"], "choose one of"),
        (["--strategy", "nope"], "unknown strategy"),
        (["--seed", "-1"], "seed"),
        (["--variant", "nope"], "unknown variant 'nope'"),
        (["--mode", "easy"], "unknown mode 'easy'"),
        (["--variant", "absurdle", "--daily", "2020-01-01"], "before the first Wordle"),
    ],
)
def test_tui_command_refuses_bad_options(args: list[str], match: str, tmp_path: Path) -> None:
    result = wordle("tui", "--db", str(tmp_path / "g.sqlite3"), *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and match in lines[0], result.stderr


@pytest.mark.parametrize("width", [80, 120])
def test_the_play_footer_shows_every_key_and_the_title_says_the_game_once(
    make_app: AppFactory, width: int
) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        footer = app.screen.query_one(Footer)
        keys = list(footer.query("FooterKey"))
        assert sum(k.size.width for k in keys) <= width
        shown = " ".join(str(k.render()) for k in keys)
        for key in ("^s Hint", "^q Quit", "f2 Assist", "f4 Help", "f10 Boards"):
            assert key in shown
        assert app.screen.sub_title == f"Practice #{SEED}"  # not "wordlekit — wordlekit practice"

    run(make_app(seed=SEED), scenario, (width, 30))


def test_tui_command_builds_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[WordleApp] = []
    monkeypatch.setattr(WordleApp, "run", lambda self, **kw: started.append(self))
    db = tmp_path / "g.sqlite3"
    args = ["tui", "--daily", "2022-02-15", "--hard", "--high-contrast", "--db", str(db)]
    result = wordle(*args, "--strategy", "minimax")
    assert result.exit_code == 0, result.output
    (app,) = started
    request = app.request
    assert (request.variant, request.kind, request.mode) == ("classic", "daily", Mode.HARD)
    assert request.date == "2022-02-15" and app.strategy == "minimax"
    assert app.store.path == str(db) and db.exists()
    result = wordle("tui", "--variant", "Quordle", "--mode", "ultrahard", "--db", str(db))
    assert result.exit_code == 0, result.output
    request = started[-1].request
    # today's puzzle by default, as the web app opens it; --practice for a random game
    assert (request.variant, request.kind, request.mode) == ("quordle", "daily", Mode.ULTRAHARD)
    assert request.date == "today"
    result = wordle("tui", "--practice", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert (started[-1].request.kind, started[-1].request.seed) == ("practice", None)
    # --hard and --ultrahard are short forms of --mode: the last one given wins
    result = wordle("tui", "--mode", "normal", "--hard", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert started[-1].request.mode is Mode.HARD


def test_assist_suggestions_obey_the_mode_f6_chooses(make_app: AppFactory) -> None:
    """Normal mode suggests words that ignore the hints; F6's hard mode only words that use
    them, ultrahard only words that could be the answer."""
    app = make_app(seed=SEED, answers="list")
    turns = [Turn.parse("crane:bbygb")]
    wl = WordList.bundled()

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        screen = assist_screen(app)
        await type_word(pilot, "crane:bbygb")
        await settle(app, pilot)
        assert screen.analysis is not None and screen.analysis.mode is Mode.NORMAL
        words = [s.word for s in screen.analysis.advice.suggestions]
        assert any(hard_mode_violation(turns, w) for w in words)
        await pilot.press("f6")
        await settle(app, pilot)
        assert screen.analysis.mode is Mode.HARD
        words = [s.word for s in screen.analysis.advice.suggestions]
        assert words and all(hard_mode_violation(turns, w) is None for w in words)
        await pilot.press("f6")
        await settle(app, pilot)
        assert screen.analysis.mode is Mode.ULTRAHARD
        words = [s.word for s in screen.analysis.advice.suggestions]
        assert words and all(ultrahard_violation(turns, w, wl) is None for w in words)

    run(app, scenario)


def test_assist_starts_on_likely_answers_and_f7_switches_to_the_list(make_app: AppFactory) -> None:
    """A game played elsewhere whose answer (AIOLI) is not in the original list: the Assist
    screen starts on the likely model and finds it, most likely first with probabilities;
    F7 switches to the list, which does not have it."""
    app = make_app(seed=SEED)
    assert app.answers == "likely"

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        await settle(app, pilot)
        screen = assist_screen(app)
        remaining = static_text(app, "#remaining")
        assert "12972 words left" in remaining and "outside the list" in remaining
        await type_word(pilot, "crane:bbybb")
        assert screen.message == "Added CRANE bbybb."  # typed colours: nothing to select
        await type_word(pilot, "moist:byybb")
        await settle(app, pilot)
        assert screen.analysis is not None and screen.analysis.answers == "likely"
        words = static_text(app, "#words")
        assert "AIOLI" in words and "%" in words
        # a word and its probability stay on one line
        lines = [line for line in words.splitlines() if "more" not in line]
        pair = r"[A-Z]{5} (\d+(\.\d)?%|<0\.1%)"
        assert all(re.fullmatch(f"{pair}(  {pair})*", line) for line in lines), words
        probs = screen.analysis.probabilities
        assert len(probs) == len(screen.analysis.candidates) and list(probs) == sorted(
            probs, reverse=True
        )
        assert "1200 → 13" in str(screen.rows[1].step.content)
        await pilot.press("f7")
        await settle(app, pilot)
        assert app.answers == "list" and "answer list" in screen.message
        assert screen.analysis.answers == "list" and not screen.analysis.probabilities
        assert "AIOLI" not in static_text(app, "#words")
        assert "words of the answer list" in static_text(app, "#remaining")

    run(app, scenario)


def test_tui_command_takes_the_answer_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[WordleApp] = []
    monkeypatch.setattr(WordleApp, "run", lambda self, **kw: started.append(self))
    result = wordle("tui", "--answers", "list", "--db", str(tmp_path / "g.sqlite3"))
    assert result.exit_code == 0, result.output
    assert started[0].answers == "list"
    bad = wordle("tui", "--answers", "maybe", "--db", str(tmp_path / "g.sqlite3"))
    assert bad.exit_code == 2 and "maybe" in bad.output


def test_assist_f6_cycles_normal_hard_ultrahard(make_app: AppFactory) -> None:
    app = make_app(seed=SEED)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        await settle(app, pilot)
        screen = assist_screen(app)
        seen = []
        for _ in range(3):
            await pilot.press("f6")
            await settle(app, pilot)
            seen.append((screen.rules, screen.message.split(":")[0]))
        assert seen == [
            ("hard", "Hard mode"),
            ("ultrahard", "Ultrahard mode"),
            ("normal", "Normal mode."),
        ]

    run(app, scenario)


def test_tui_command_takes_ultrahard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[WordleApp] = []
    monkeypatch.setattr(WordleApp, "run", lambda self, **kw: started.append(self))
    result = wordle("tui", "--seed", "3", "--ultrahard", "--db", str(tmp_path / "g.sqlite3"))
    assert result.exit_code == 0, result.output
    (app,) = started
    assert app.request.mode is Mode.ULTRAHARD


# The shape of the package ------------------------------------------------------------------------


def test_no_import_cycle_between_tui_modules_not_even_for_type_checking() -> None:
    """The screens get what they need through tui.context, never by importing the app."""
    graph = grimp.build_graph("wordlekit", exclude_type_checking_imports=False)
    tui = sorted(m for m in graph.modules if m.startswith("wordlekit.tui"))
    assert "wordlekit.tui.app" in tui and "wordlekit.tui.context" in tui
    cycles = [
        " -> ".join((importer, *back))
        for importer in tui
        for imported in sorted(graph.find_modules_directly_imported_by(importer))
        if imported.startswith("wordlekit.tui")
        and (back := graph.find_shortest_chain(importer=imported, imported=importer)) is not None
    ]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_statistics_screen_counts_the_daily_puzzle_apart(make_app: AppFactory) -> None:
    """A daily puzzle won makes the daily streak; the end panel shows the daily figures."""
    today = dt.date.today()
    app = make_app(daily=today.isoformat())

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        await type_word(pilot, CLASSIC.daily(today).secret[0])
        assert screen.game.status is Status.WON
        end = static_text(app, "#end-stats")
        assert end.startswith("Wordle: daily games") and re.search(r"1\s+Current streak", end)
        await pilot.press("f3")
        await pilot.pause()
        text = static_text(app, "#stats")
        daily, practice = text.split("Practice games")
        assert re.search(r"1\s+Played", daily) and re.search(r"1\s+Current streak", daily)
        assert "No practice games of Wordle finished yet" in practice

    run(app, scenario)


def test_statistics_per_variant(make_app: AppFactory) -> None:
    """Each variant has its own figures: a Dordle won and a Wordle lost are counted apart, the
    Statistics screen opens on the variant played, and Left/Right show the others'."""
    app = make_app(seed=SEED)

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        await type_words(pilot, ["crane", "toils", "dumpy", "fight", "bloke", "swing"])
        assert screen.game.status is Status.LOST or screen.game.status is Status.WON
        classic_won = screen.game.status is Status.WON
        await choose(app, pilot, "dordle", "practice", text="8")
        await type_words(pilot, screen.game.secret)
        assert screen.game.status is Status.WON
        await pilot.press("f3")
        await pilot.pause()
        title = static_text(app, "#stats-title")
        assert "Statistics: Dordle (the variant played)" in title
        practice = static_text(app, "#stats").split("Practice games")[1]
        assert re.search(r"1\s+Played", practice) and re.search(r"100\s+Win %", practice)
        await pilot.press("left")
        await pilot.pause()
        assert "Statistics: Wordle" in static_text(app, "#stats-title")
        assert "variant played" not in static_text(app, "#stats-title")
        practice = static_text(app, "#stats").split("Practice games")[1]
        win = "100" if classic_won else "0"
        assert re.search(r"1\s+Played", practice) and re.search(rf"{win}\s+Win %", practice)
        await pilot.press("left")  # round the menu: the last variant
        await pilot.pause()
        assert "Statistics: Absurdle" in static_text(app, "#stats-title")
        assert "No practice games of Absurdle finished yet" in static_text(app, "#stats")
        await pilot.press("escape", "f3")  # shown again: the variant played
        await pilot.pause()
        assert "Statistics: Dordle" in static_text(app, "#stats-title")
        dordle = player_stats(app.store, app.player, "dordle")
        classic = player_stats(app.store, app.player, "classic")
        assert (dordle.practice.played, classic.practice.played) == (1, 1)

    run(app, scenario)
