"""The hint of a game of any variant: one board, several boards, Absurdle, each mode."""

from __future__ import annotations

import pytest

from wordlekit.core.rules import Mode, boards_violation
from wordlekit.core.variants import VARIANTS
from wordlekit.services.engine import Engine
from wordlekit.services.hints import game_hint, hint_request


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def test_one_board_is_the_helpers_hint(engine: Engine) -> None:
    game = VARIANTS["classic"].challenge(["cigar"]).guess("crane")
    hint = engine.call(game_hint, **hint_request(game))
    assert hint.hint is not None and hint.word == hint.hint.suggestion.word
    assert hint.reason == hint.hint.verdict and hint.boards is None


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD])
def test_several_boards_advise_one_guess_for_all(engine: Engine, mode: Mode) -> None:
    game = VARIANTS["quordle"].challenge(["chant", "giant", "plant", "slant"], mode=mode)
    game = game.guess("crane")
    hint = engine.call(game_hint, **hint_request(game))
    assert hint.boards is not None and hint.word == hint.boards.suggestions[0].word
    assert hint.reason.startswith(("could be the answer on board", "cannot be the answer"))
    playing = [b.turns for b in game.boards]
    assert boards_violation(mode, playing, hint.word, game.wordlist) is None
    assert game.guess(hint.word).guesses[-1] == hint.word  # the game accepts it


def test_no_word_to_advise_is_said_and_counted_as_none(engine: Engine) -> None:
    # in ultrahard mode after CRANE no word is both a possible answer of one of these boards
    # and within every board's hints
    from wordlekit.core.feedback import score

    answers = ("cigar", "humor", "snake", "fruit")
    patterns = [[score("crane", a)] for a in answers]
    hint = engine.call(
        game_hint, boards=4, max_guesses=9, mode="ultrahard", guesses=["crane"], patterns=patterns
    )
    assert hint.word is None and hint.note is not None and "No word may be played" in hint.note


def test_against_the_host_the_first_guess_of_a_shortest_win(engine: Engine) -> None:
    game = VARIANTS["absurdle"].practice().guess("arise").guess("scold")
    hint = engine.call(game_hint, **hint_request(game))
    assert hint.absurdle is not None and hint.absurdle.proof.minimum == 2
    assert hint.word == hint.absurdle.proof.line.guesses[0]
    assert hint.reason == "wins in 2 guesses, the fewest from here (no win in 1 guess)"
    won = game.replay(hint.absurdle.proof.line.guesses)
    assert won.status.value == "won"


def test_ultrahard_against_the_host_says_when_the_search_s_word_is_refused(
    engine: Engine,
) -> None:
    game = VARIANTS["absurdle"].practice(mode="ultrahard").guess("crane")
    hint = engine.call(game_hint, **hint_request(game))
    if hint.word is None:
        assert hint.note is not None and "not allowed here" in hint.note
    else:
        assert game.guess(hint.word) is not None and "lower bound" in (hint.note or "")
