"""The referee: turns, outcome, hard mode, keyboard and share grid."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import Tile, Turn, score
from wordlekit.core.game import Game, Status, hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError

ORIGINAL = WordList.bundled()


def test_win_in_three() -> None:
    g = Game.daily("2021-06-19")
    assert g.answer == "cigar" and g.label == "Wordle 0"
    g.guess("crane")
    g.guess("salty")
    assert g.status is Status.PLAYING and g.guesses_left == 4
    g.guess("CIGAR")
    assert g.status is Status.WON and g.over
    assert g.share() == "Wordle 0 3/6\n\n🟩🟨🟨⬛⬛\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩"
    with pytest.raises(GameOverError):
        g.guess("crane")


def test_loss_after_six() -> None:
    g = Game("cigar", hard=True)
    for w in ["fuzzy", "fuzzy", "fuzzy", "fuzzy", "fuzzy", "fuzzy"]:
        g.guess(w)
    assert g.status is Status.LOST
    assert g.share().startswith("practice X/6*\n\n⬛⬛⬛⬛⬛")
    assert g.share(dark=False).endswith("⬜⬜⬜⬜⬜")
    won = Game.daily("2021-06-19")
    won.replay(["crane", "cigar"])
    assert won.share(high_contrast=True) == "Wordle 0 2/6\n\n🟧🟦🟦⬛⬛\n🟧🟧🟧🟧🟧"


def test_invalid_words_use_no_turn() -> None:
    g = Game("cigar")
    for bad in ["xxxxx", "cran", "cranes", "cr4ne", ""]:
        with pytest.raises(InvalidWordError):
            g.guess(bad)
    assert g.turns == []


def test_keyboard_best_state() -> None:
    g = Game("geese")
    g.guess("eerie")  # E yellow, E green, E green... keyboard keeps the best
    kb = g.keyboard()
    assert kb["e"] is Tile.GREEN and kb["r"] is Tile.GRAY and kb["i"] is Tile.GRAY
    g.guess("sheep")
    assert g.keyboard()["s"] is Tile.YELLOW


@pytest.mark.parametrize(
    ("history", "guess", "reason"),
    [
        (["crane:bbybb"], "salty", None),
        (["crane:bbybb"], "moist", "Guess must contain A"),
        (["crane:bbygb"], "plain", "4th letter must be N"),
        (["crane:gbbbb"], "salty", "1st letter must be C"),
        # two Es revealed in one turn: both must be used again
        (["geese:bygbb"], "sheds", "Guess must contain two Es"),
        (["geese:bygbb"], "these", None),
        # a gray letter may be reused in hard mode (the NYT rule only asks for hints)
        (["crane:bbybb"], "sauce", None),
        # every earlier turn counts, not only the last one
        (["crane:bbybb", "salty:bybbb"], "moist", "Guess must contain A"),
    ],
)
def test_hard_mode_rule(history: list[str], guess: str, reason: str | None) -> None:
    assert hard_mode_violation([Turn.parse(t) for t in history], guess) == reason


def test_hard_mode_refuses_without_using_a_turn() -> None:
    g = Game("cigar", hard=True)
    g.guess("crane")  # C green, R and A yellow
    with pytest.raises(HardModeError, match="1st letter must be C"):
        g.guess("salty")
    with pytest.raises(HardModeError, match="Guess must contain R"):
        g.guess("chaos")
    assert len(g.turns) == 1
    g.guess("carry")
    assert len(g.turns) == 2


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(ORIGINAL.answers),
    st.lists(st.sampled_from(ORIGINAL.guesses), min_size=1, max_size=5),
)
def test_the_answer_never_breaks_hard_mode(answer: str, guesses: list[str]) -> None:
    turns = [Turn(g, score(g, answer)) for g in guesses]
    assert hard_mode_violation(turns, answer) is None


def test_practice_is_seeded() -> None:
    a, b = Game.practice(42), Game.practice(42)
    assert a.answer == b.answer and a.label == "wordlekit practice #42"
    assert len({Game.practice(s).answer for s in range(20)}) > 10


def test_answer_must_be_an_answer() -> None:
    with pytest.raises(InvalidWordError):
        Game("aahed")


def test_outcome_messages() -> None:
    g = Game("cigar")
    assert g.outcome() is None and g.praise is None
    g.guess("cigar")
    assert g.praise == "Genius" and g.outcome() == "Genius! Solved in 1/6."
    lost = Game("cigar")
    for w in ["crane", "slate", "moist", "pound", "flick", "badge"]:
        lost.guess(w)
    assert lost.praise is None
    assert lost.outcome() == "Out of guesses. The answer was CIGAR."
