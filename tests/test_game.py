"""The referee: turns, outcome, hard and ultrahard mode, keyboard and share grid."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import Tile, Turn, score
from wordlekit.core.game import Game, Status, hard_mode_violation, ultrahard_violation
from wordlekit.core.words import WordList
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError, UltrahardError

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


@pytest.mark.parametrize(
    ("history", "guess", "reason"),
    [
        # the first guess may be any answer, but never a word that is only a valid guess
        ([], "cigar", None),
        ([], "salet", "SALET cannot be the answer: it is not in the answer list"),
        (["crane:bbybb"], "salty", None),
        # the hard-mode reasons, said as what the earlier turn showed
        (
            ["crane:bbybb"],
            "moist",
            "MOIST cannot be the answer: CRANE showed A yellow, so it would need an A",
        ),
        (
            ["crane:bbygb"],
            "plain",
            "PLAIN cannot be the answer: CRANE showed N green, so its 4th letter would be N",
        ),
        (
            ["geese:bygbb"],
            "spend",
            "SPEND cannot be the answer: GEESE showed two Es, so it would need two Es",
        ),
        # hard mode lets a gray letter back in; ultrahard does not: the turn is contradicted
        (
            ["crane:bbybb"],
            "sauce",
            "SAUCE cannot be the answer: CRANE would have shown ybybg, not bbybb",
        ),
        # a yellow letter in the same place again obeys hard mode, not ultrahard
        (
            ["crane:bbybb"],
            "swath",
            "SWATH cannot be the answer: CRANE would have shown bbgbb, not bbybb",
        ),
        # every earlier turn counts: the first one contradicted is named
        (
            ["crane:bbybb", "salty:bybbb"],
            "tubal",
            "TUBAL cannot be the answer: SALTY would have shown byyyb, not bybbb",
        ),
    ],
)
def test_ultrahard_rule(history: list[str], guess: str, reason: str | None) -> None:
    assert ultrahard_violation([Turn.parse(t) for t in history], guess, ORIGINAL) == reason


def test_ultrahard_refuses_without_using_a_turn() -> None:
    g = Game("cigar", ultrahard=True)
    assert g.hard and g.rules == "ultrahard"
    with pytest.raises(UltrahardError, match="SALET cannot be the answer: it is not in the answer"):
        g.guess("salet")
    assert g.turns == []
    g.guess("crane")  # C green, R and A yellow
    with pytest.raises(HardModeError, match="CRANE would have shown"):
        g.guess("cairn")  # obeys hard mode (C placed, R and A used), but CRANE would show gyyyb
    with pytest.raises(HardModeError, match="so its 1st letter would be C"):
        g.guess("salty")
    assert len(g.turns) == 1
    g.guess("cigar")
    assert g.status is Status.WON


def test_ultrahard_daily_and_practice_and_share_mark() -> None:
    daily = Game.daily("2021-06-19", ultrahard=True)
    practice = Game.practice(7, ultrahard=True)
    assert daily.ultrahard and practice.ultrahard and daily.hard
    assert Game.practice(7).rules == "normal" and Game.practice(7, hard=True).rules == "hard"
    daily.guess("cigar")
    assert daily.share().splitlines()[0] == "Wordle 0 1/6**"
    assert daily.share(hints=1).splitlines()[0] == "Wordle 0 1/6** (1 hint)"


def _could_be_the_answer(turns: list[Turn], word: str) -> bool:
    return ORIGINAL.is_answer(word) and all(score(t.guess, word) == t.pattern for t in turns)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(ORIGINAL.answers),
    st.lists(st.sampled_from(ORIGINAL.guesses), max_size=4),
    st.data(),
)
def test_ultrahard_accepts_exactly_the_words_that_could_be_the_answer(
    answer: str, guesses: list[str], data: st.DataObject
) -> None:
    turns = [Turn(g, score(g, answer)) for g in guesses if g != answer]
    consistent = [w for w in ORIGINAL.answers if _could_be_the_answer(turns, w)]
    # half the time a word that could be the answer, so both outcomes are exercised often
    word = data.draw(st.sampled_from(consistent) | st.sampled_from(ORIGINAL.guesses))
    reason = ultrahard_violation(turns, word, ORIGINAL)
    assert (reason is None) == _could_be_the_answer(turns, word)
    if reason is not None:
        assert reason.startswith(f"{word.upper()} cannot be the answer: ")
    # the referee applies the same rule, and an accepted word obeys hard mode too
    game = Game(answer, ultrahard=True, turns=list(turns), max_guesses=10)
    if reason is None:
        assert game.check(word) == word
        assert hard_mode_violation(turns, word) is None
    else:
        with pytest.raises(HardModeError, match=re.escape(reason)):
            game.check(word)


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
