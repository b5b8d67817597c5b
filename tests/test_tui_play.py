"""The Play screen of the terminal UI for every variant, driven headless by Textual's pilot:
one board, several boards (large and small terminals), Absurdle, the modes, the game chooser,
a game resumed after a restart, and the games stored through the services."""

from __future__ import annotations

import datetime as dt
import itertools
import re

import pytest
from textual.pilot import Pilot

from harness_tui import (
    LARGE,
    SMALL,
    AppFactory,
    choose,
    highlighted,
    key_now,
    play,
    play_screen,
    run,
    screen_text,
    settle,
    static_text,
    type_word,
    type_words,
)
from wordlekit.core.game import Game, Status
from wordlekit.core.rules import Mode, ultrahard_violation
from wordlekit.core.variants import find_variant
from wordlekit.errors import WordleError
from wordlekit.services import advice, boards
from wordlekit.services.games import load_game, open_store, player_stats
from wordlekit.tui import WordleApp
from wordlekit.tui.chooser import ChooserScreen
from wordlekit.tui.play import PlayScreen
from wordlekit.tui.widgets import Board, Keyboard

BUNDLED_NAMES = (
    "original",
    "nyt",
    "en-4",
    "en-6",
    "en-7",
    "en-8",
    "de-5",
    "es-5",
    "fr-5",
    "it-5",
    "nl-5",
    "pt-5",
)

pytestmark = pytest.mark.usefixtures("tui_data_dir")

SEVERAL = ("dordle", "quordle", "octordle", "sedecordle", "duotrigordle")
SEED = 8


def stored_game(app: WordleApp) -> Game:
    """The game of the Play screen as the database has it."""
    stored = play_screen(app).stored
    assert stored is not None
    return load_game(open_store(app.store.path), stored.id, app.player).game


def grid_letters(app: WordleApp) -> str:
    """The boards' text without its spaces (a tile is a letter between two)."""
    return "".join(static_text(app, "#boards-grid").split())


# Several boards ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SEVERAL)
def test_several_boards_played_to_a_win(name: str, make_app: AppFactory) -> None:
    variant = find_variant(name)

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        assert screen.has_class("-boards") and not screen.query_one(Board).display
        info = static_text(app, "#game-info")
        assert f"Practice {variant.title} #{SEED}" in info and "0 of" in info
        answers = screen.game.secret
        assert len(answers) == variant.boards
        await type_word(pilot, "zzzzz")
        assert "Not in word list: ZZZZZ (no turn used)" in screen.message
        await pilot.press(*["backspace"] * 5)
        await pilot.press(*answers[0][:3])  # typed on every board still played
        assert grid_letters(app).count(answers[0][:3].upper()) == len(answers)
        await pilot.press(*["backspace"] * 3)
        await type_words(pilot, answers[:1])
        left = variant.max_guesses - 1  # type: ignore[operator]
        assert f"{left} guesses left, {variant.boards - 1} of {variant.boards} boards" in (
            screen.message
        )
        assert "1✓" in static_text(app, "#boards-grid")
        await type_words(pilot, answers[1:])
        assert screen.game.status is Status.WON
        keys = screen.query_one("#boards-keys").region  # in view, however tall the boards
        assert keys.height > 0 and keys.bottom <= LARGE[1] - 1
        n = variant.boards
        assert f"Solved all {n} boards in {n}/{variant.max_guesses}." in screen.message
        assert app.clipboard == screen.share_text == screen.game.share()
        assert screen.share_text.startswith(f"Practice {variant.title} #{SEED}")
        assert f"{variant.title}: practice games" in static_text(app, "#end-stats")
        # stored through the services, with the statistics of its variant
        assert stored_game(app).guesses == answers
        stats = player_stats(app.store, app.player, name).practice
        assert (stats.played, stats.wins, stats.distribution[n]) == (1, 1, 1)
        await pilot.press("a")
        assert "The game is over" in screen.message

    play(make_app, scenario, size=LARGE, variant=name, seed=SEED)


def test_quordle_on_a_small_terminal(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        assert app.has_class("-compact")
        answers = screen.game.secret
        await type_words(pilot, ("crane", "toils"))
        grid = static_text(app, "#boards-grid")
        # one-letter tiles: the four boards side by side on one line of 80 columns
        assert re.search(r"1\s+2\s+3\s+4", grid.splitlines()[0])
        assert "CRANE  CRANE  CRANE  CRANE" in grid
        keys = screen.query_one("#boards-keys")
        assert keys.region.bottom <= SMALL[1] - 1  # the whole keyboard is on screen
        assert keys.region.right <= SMALL[0]
        await type_words(pilot, answers)
        assert screen.game.status is Status.WON
        assert "Solved all 4 boards in 6/9." in screen.message

    play(make_app, scenario, size=SMALL, variant="quordle", seed=SEED)


def test_a_dordle_lost_shows_the_answers_missed(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        first, second = screen.game.secret
        await type_word(pilot, first)
        wrong = [w for w in ("crane", "toils", "dumpy", "fight", "bloke", "swing") if w != second]
        await type_words(pilot, wrong[:6])
        assert screen.game.status is Status.LOST
        assert f"Out of guesses: 1 of 2 boards solved. Missed: {second.upper()}." in (
            screen.message
        )
        assert second.upper() in grid_letters(app)  # its answer, in red
        stats = player_stats(app.store, app.player, "dordle").practice
        assert (stats.played, stats.wins) == (1, 0)

    play(make_app, scenario, size=LARGE, variant="dordle", seed=SEED)


def test_hard_mode_quordle_refuses_a_guess_then_is_won(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        assert "hard mode" in static_text(app, "#game-info")
        game = screen.game
        # An order of the answers that hard mode lets through (each answer obeys the hints
        # the others' boards show): the model says which.
        order = next(p for p in itertools.permutations(game.secret) if wins(game, p))
        await type_word(pilot, order[0])
        await type_word(pilot, "fuzzy")  # ignores the hints of a board still played
        assert re.search(r"Hard mode: board \d: .* \(no turn used\)", screen.message)
        assert screen.query_one("#message").has_class("-error")
        assert len(screen.game.guesses) == 1
        await pilot.press(*["backspace"] * 5)
        await type_words(pilot, order[1:])
        assert screen.game.status is Status.WON
        assert screen.share_text.splitlines()[0] == f"Practice Quordle #{SEED}*"

    play(make_app, scenario, size=LARGE, variant="quordle", seed=SEED, mode="hard")


def wins(game: Game, words: tuple[str, ...]) -> bool:
    try:
        return game.replay(words).status is Status.WON
    except WordleError:
        return False


# Absurdle ------------------------------------------------------------------------------------


def test_absurdle_to_a_win_with_the_shortest_win_from_here(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        assert "2,315 words" in static_text(app, "#host")
        assert "guess 1 (no limit)" in static_text(app, "#game-info")
        await type_word(pilot, "arise")
        assert "The host holds 168 words." in screen.message
        await type_word(pilot, "zzzzz")
        assert "Not in word list: ZZZZZ (no turn used)" in screen.message
        await pilot.press(*["backspace"] * 5)
        await type_word(pilot, "scold")
        await pilot.press("ctrl+s")  # the first guess of a proven shortest win: a hint
        await settle(app, pilot)
        hint = static_text(app, "#hint")
        first = hint.splitlines()[0]
        assert first == (
            "Bot (shortest win) suggests BUNGY: it wins in 2 guesses, the fewest from here "
            "(no win in 1 guess)."
        )
        assert "BUNGY" in hint.splitlines()[1].replace(" ", "")  # the whole winning line
        assert "MOTTO" in hint.splitlines()[2].replace(" ", "")
        assert screen.last_hint == "bungy"
        assert screen.view is not None and screen.view.hints == 1
        assert "hints used: 1" in static_text(app, "#game-info")
        await type_word(pilot, "bungy")
        assert "The host holds 1 word: MOTTO" in static_text(app, "#host")
        await type_word(pilot, "motto")
        assert screen.game.status is Status.WON
        assert "Won in 4 guesses." in screen.message
        assert screen.share_text.splitlines()[0] == "Absurdle 4/∞ (1 hint)"
        assert len(screen.query_one(Board).rows) == 6  # the grid of a game with no limit
        assert stored_game(app).guesses == ("arise", "scold", "bungy", "motto")
        stats = player_stats(app.store, app.player, "absurdle").practice
        assert (stats.played, stats.wins, stats.hints) == (1, 1, 1)

    play(make_app, scenario, variant="absurdle", practice=True)


def test_ultrahard_absurdle_won_on_a_growing_grid_then_hard_mode(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_word(pilot, "salet")
        assert "Ultrahard mode: SALET cannot be the answer" in screen.message
        await pilot.press(*["backspace"] * 5)
        await type_word(pilot, "crane")
        assert len(screen.game.guesses) == 1
        # a word the host still holds is always allowed: play one until the host gives in
        while not screen.game.over:
            assert screen.view is not None and screen.view.host_sample
            await type_word(pilot, screen.view.host_sample[-1])
        assert screen.game.status is Status.WON
        assert screen.share_text.startswith(f"Absurdle {len(screen.game.guesses)}/∞**")
        assert len(screen.query_one(Board).rows) == max(6, len(screen.game.guesses))
        # hard mode, from the chooser: a new game
        await choose(app, pilot, "absurdle", "practice", "hard")
        assert screen.game.mode.value == "hard" and not screen.game.guesses
        await type_words(pilot, ("arise", "scold", "bungy"))
        assert "Hard mode: Guess must contain O" in screen.message

    play(make_app, scenario, variant="absurdle", mode="ultrahard", practice=True)


def test_an_absurdle_challenge_from_the_chooser(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await choose(app, pilot, "absurdle", "challenge", text="cigar")
        assert "make the host end on CIGAR" in static_text(app, "#host")
        await type_word(pilot, "crane")
        assert screen.game.status is Status.LOST
        assert "Challenge lost" in screen.message

    play(make_app, scenario)


# Hints on every variant ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD])
def test_a_quordle_hint_is_the_best_guess_for_all_boards(make_app: AppFactory, mode: Mode) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        assert "Hint" in screen_text(app)  # the footer offers it on several boards too
        # hard mode: the first answer of an order the rule lets through (see above); else
        # two words that solve nothing
        game = screen.game
        if mode.hard:
            opening = next(p for p in itertools.permutations(game.secret) if wins(game, p))[:1]
        else:
            opening = ("crane", "toils")
        await type_words(pilot, opening)
        assert screen.game.guesses == opening
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        game = screen.game
        # the services' helper for the game's colours, in the game's mode
        want = app.engine.call(
            boards.assist, game.guesses, boards.game_patterns(game), boards=4, top=1, mode=mode
        )
        best = want.suggestions[0]
        assert screen.last_hint == best.word
        first = " ".join(static_text(app, "#hint").split("\n")[0].split())
        assert first.startswith(f"Bot ({want.strategy}) suggests {best.word.upper()}: it ")
        if best.answer_on:
            on = ", ".join(str(b) for b in best.answer_on)
            assert f"could be the answer on board{'s' if len(best.answer_on) > 1 else ''} {on}" in (
                first
            )
        else:
            assert "cannot be the answer on any board" in first
        assert screen.view is not None and screen.view.hints == 1
        assert "hints used: 1" in static_text(app, "#game-info")
        stored = play_screen(app).stored
        assert stored is not None
        assert load_game(open_store(app.store.path), stored.id, app.player).hints == 1
        game.check(best.word)  # the hint is a guess the mode allows
        await type_word(pilot, best.word)
        assert screen.game.guesses[-1] == best.word
        assert static_text(app, "#hint") == ""  # a hint is for the position it was asked in

    play(make_app, scenario, size=LARGE, variant="quordle", seed=SEED, mode=mode.value)


def test_an_ultrahard_hint_could_be_the_answer(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_word(pilot, "crane")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        turns = screen.game.turns
        want = app.engine.call(advice.hint, turns, mode=Mode.ULTRAHARD, strategy="entropy")
        assert screen.last_hint == want.suggestion.word
        assert ultrahard_violation(turns, want.suggestion.word, app.wordlist) is None
        assert f"suggests {want.suggestion.word.upper()}: it {want.verdict}" in (
            " ".join(static_text(app, "#hint").split())
        )

    play(make_app, scenario, seed=SEED, mode="ultrahard")


def test_an_ultrahard_absurdle_hint_not_allowed_is_said_and_not_counted(
    make_app: AppFactory,
) -> None:
    """The shortest-win search knows hard mode: in ultrahard mode its first guess may be a
    word the game refuses; the panel says so and no hint is counted."""

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        await type_word(pilot, "crane")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        hint = " ".join(static_text(app, "#hint").split())
        assert hint.startswith(
            "A shortest win from here takes at least 3 guesses under hard mode's rule, but its "
            "first guess SMOLT is not allowed here: SMOLT cannot be the answer"
        )
        assert screen.last_hint is None
        assert screen.view is not None and screen.view.hints == 0

    play(make_app, scenario, variant="absurdle", mode="ultrahard", practice=True)


# The chooser -----------------------------------------------------------------------------------


def test_the_chooser_starts_every_variant_and_refuses_bad_input(make_app: AppFactory) -> None:
    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        label = screen.game.label
        await pilot.press("ctrl+o")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        assert highlighted(chooser) == ["classic", "practice", "normal"]  # the game played
        text = screen_text(app)
        for title in ("Wordle", "Dordle", "Quordle", "Octordle", "Sedecordle", "Absurdle"):
            assert title in text
        await pilot.press("f3")  # screens do not switch under the chooser
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.game.label == label
        # a seed that is not a number, a puzzle not out yet, a challenge's word: refused in
        # the chooser, which stays open
        chooser = await choose(app, pilot, "octordle", "practice", text="x1")
        assert app.screen is chooser and "a seed is a number" in static_text(
            app, "#chooser-message"
        )
        await pilot.press("escape")
        later = (dt.date.today() + dt.timedelta(days=3)).isoformat()
        chooser = await choose(app, pilot, "quordle", "daily", "hard", text=later)
        assert app.screen is chooser and "not out yet" in static_text(app, "#chooser-message")
        await pilot.press("escape")
        chooser = await choose(app, pilot, "quordle", "challenge", text="cigar zzzzz")
        assert app.screen is chooser and "ZZZZZ" in static_text(app, "#chooser-message").upper()
        await pilot.press("escape")
        assert screen.game.label == label  # every refusal left the game shown as it was
        await choose(app, pilot, "dordle", "challenge", text="cigar rebut")
        assert screen.game.label == "Dordle challenge" and screen.game.secret == ("cigar", "rebut")
        await choose(app, pilot, "sedecordle", "daily", "hard")
        assert screen.game.variant.name == "sedecordle" and screen.stored is not None
        assert screen.stored.kind == "daily" and screen.game.mode.value == "hard"
        await pilot.press("ctrl+n")  # a new practice game of the same variant and mode
        await settle(app, pilot)
        assert screen.stored.kind == "practice" and screen.game.variant.name == "sedecordle"
        assert screen.game.mode.value == "hard"
        await choose(app, pilot, "classic")
        assert not screen.has_class("-boards") and screen.query_one(Keyboard).display

    play(make_app, scenario, size=LARGE, seed=SEED)


# Resuming, and the games of two front ends -----------------------------------------------------


def test_a_daily_quordle_resumes_after_a_restart(make_app: AppFactory) -> None:
    today = dt.date.today().isoformat()
    played: list[str] = []

    async def first(app: WordleApp, pilot: Pilot[None]) -> None:
        await type_words(pilot, ("crane", "toils"))
        played.extend(play_screen(app).game.guesses)

    run(make_app(variant="quordle", daily=today), first, size=LARGE)
    assert played == ["crane", "toils"]

    async def again(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        assert "resumed as you left it" in screen.message
        assert list(screen.game.guesses) == played
        assert f"guess {len(played) + 1} of 9" in static_text(app, "#game-info")
        assert grid_letters(app).count("CRANE") == 4

    run(make_app(variant="quordle", daily=today), again, size=LARGE)


def test_a_burst_of_keys_is_played_in_order(make_app: AppFactory) -> None:
    """Keys that arrive together (a fast typist, a paste, a terminal multiplexer) type in
    the order they came: Backspace and Enter are not run after the letters of the burst."""
    from textual import events

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        burst = ["a", "b", "backspace", "backspace", *"moist"]
        for key in burst:  # queued at once, with no pause between them
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await settle(app, pilot)
        assert screen.current == "moist"
        for key in ["backspace", *"t", "enter", *"crane", "enter"]:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await settle(app, pilot)
        assert screen.game.guesses == ("moist", "crane")

    play(make_app, scenario, seed=5)


# Other word lists -------------------------------------------------------------------------------


def test_a_spanish_game_with_the_enye_key_and_another_list_from_the_chooser(
    make_app: AppFactory,
) -> None:
    from wordlekit.core.words import WordList
    from wordlekit.services.games import GameRequest
    from wordlekit.tui.app import ListSwitch

    es = WordList.bundled("es-5")
    request = GameRequest("classic", "challenge", Mode.NORMAL, answers=("araña",))

    async def scenario(app: WordleApp, pilot: Pilot[None], screen: PlayScreen) -> None:
        keyboard = screen.query_one(Keyboard)
        assert keyboard.rows[1] == "asdfghjklñ" and "ñ" in keyboard.keys
        await type_word(pilot, "ÁRBOL")  # the accent folds away as the key is typed
        await type_word(pilot, "añada")
        assert screen.game.guesses == ("arbol", "añada")
        assert keyboard.keys["ñ"].has_class("-present")
        await key_now(app, pilot, "ø")  # not a letter of the list: said, never typed
        assert "not a letter of this list" in static_text(app, "#message")
        await type_word(pilot, "araña")
        assert screen.game.over and screen.share_text.splitlines()[0].endswith("es-5 3/6")
        # the chooser offers every bundled list; another one starts the app again on it
        chooser = await choose(app, pilot, "classic", "practice")
        assert chooser is not app.screen  # the same list: the game started here
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("shift+tab", "home", *["down"] * list(BUNDLED_NAMES).index("de-5"))
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.return_value == ListSwitch("de-5", app.return_value.request)
        assert app.return_value.request.kind == "practice"

    play(make_app, scenario, wordlist=es, request=request)
