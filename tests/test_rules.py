"""The rules as one value: the modes, the limits of a game, and each mode's check on one board
and on several."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import Turn, score
from wordlekit.core.rules import (
    GuessPool,
    Host,
    Mode,
    Rules,
    boards_violation,
    hard_mode_violation,
    mode_violation,
    ultrahard_violation,
)
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError

ORIGINAL = WordList.bundled()


def test_the_modes() -> None:
    assert [m.value for m in Mode] == ["normal", "hard", "ultrahard"]
    assert Mode.parse(" HARD ") is Mode.HARD and Mode.parse(Mode.NORMAL) is Mode.NORMAL
    assert [m.hard for m in Mode] == [False, True, True]
    assert [m.candidates_only for m in Mode] == [False, False, True]
    assert [m.star for m in Mode] == ["", "*", "**"] and [m.code for m in Mode] == [0, 1, 2]
    with pytest.raises(WordleError, match="unknown mode 'extreme': choose one of normal, hard"):
        Mode.parse("extreme")
    assert GuessPool.parse("candidates") is GuessPool.CANDIDATES
    with pytest.raises(WordleError, match="unknown guess pool"):
        GuessPool.parse("answers")


def test_rules_are_one_value() -> None:
    r = Rules(mode="ultrahard", boards=4, max_guesses=9)
    assert r.mode is Mode.ULTRAHARD and r.host is Host.FIXED and r.length == 5
    assert r == Rules(ORIGINAL, Mode.ULTRAHARD, 4, 9) and hash(r) == hash(
        Rules(ORIGINAL, "ultrahard", 4, 9)
    )
    assert r.with_mode("normal").mode is Mode.NORMAL and r.mode is Mode.ULTRAHARD
    assert repr(Rules()) == "Rules(original, normal, boards=1, max_guesses=6, host=fixed)"
    assert Rules(host=Host.ADVERSARY, max_guesses=None).max_guesses is None


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"boards": 0}, "1 to 64 boards"),
        ({"boards": 65, "max_guesses": 70}, "1 to 64 boards"),
        ({"boards": 4, "max_guesses": 3}, "4 boards need at least 4 guesses"),
        ({"boards": 4, "max_guesses": 61}, "at most 60 guesses for 4 boards"),
        ({"max_guesses": 0}, "at least one guess"),
        ({"host": Host.ADVERSARY, "boards": 2, "max_guesses": None}, "one board"),
        ({"mode": "easy"}, "unknown mode"),
    ],
)
def test_rules_out_of_range(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(WordleError, match=match):
        Rules(**kwargs)  # type: ignore[arg-type]


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


def test_mode_violation_is_each_modes_rule() -> None:
    turns = [Turn.parse("crane:bbybb")]
    assert mode_violation(Mode.NORMAL, turns, "moist", ORIGINAL) is None
    assert mode_violation(Mode.HARD, turns, "moist", ORIGINAL) == "Guess must contain A"
    assert mode_violation(Mode.ULTRAHARD, turns, "sauce", ORIGINAL) == (
        "SAUCE cannot be the answer: CRANE would have shown ybybg, not bbybb"
    )


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


# Several boards ------------------------------------------------------------------------------


def test_hard_mode_on_several_boards_asks_every_unsolved_boards_hints() -> None:
    b1 = [Turn.parse("crane:bbygb")]  # N 4th, an A
    b2 = [Turn.parse("crane:gbbbb")]  # C 1st
    assert boards_violation(Mode.HARD, [b1, b2], "chant", ORIGINAL) is None
    assert (
        boards_violation(Mode.HARD, [b1, b2], "plank", ORIGINAL) == "board 2: 1st letter must be C"
    )
    assert (
        boards_violation(Mode.HARD, [b1, b2], "coast", ORIGINAL) == "board 1: 4th letter must be N"
    )
    assert boards_violation(Mode.NORMAL, [b1, b2], "fuzzy", ORIGINAL) is None
    # one board: the one-board messages, unnumbered
    assert boards_violation(Mode.HARD, [b1], "coast", ORIGINAL) == "4th letter must be N"


def test_ultrahard_on_several_boards_asks_for_a_possible_answer_of_one_board() -> None:
    a1, a2 = "giant", "chant"
    b1 = [Turn("crane", score("crane", a1))]
    b2 = [Turn("crane", score("crane", a2))]
    assert boards_violation(Mode.ULTRAHARD, [b1, b2], a2, ORIGINAL) is None
    assert boards_violation(Mode.ULTRAHARD, [b1, b2], "giant", ORIGINAL) == (
        "board 2: 1st letter must be C"  # the hard-mode rule first: board 2's green C
    )
    assert boards_violation(Mode.ULTRAHARD, [b1, b2], "crank", ORIGINAL) == (
        "CRANK cannot be the answer of any board still being played (board 1: CRANE would "
        "have shown ggggb, not bbggb)"
    )
    assert boards_violation(Mode.HARD, [b1, b2], "crank", ORIGINAL) is None


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(1, 6))
def test_the_last_guess_always_obeys_every_boards_hints(seed: int, boards: int, turns: int) -> None:
    """Hard mode on several boards never leaves a player without a legal guess: the guess
    just played obeys the hints of every board (its greens are its own letters, and it obeyed
    the earlier hints)."""
    rng = random.Random(seed)
    answers = rng.sample(ORIGINAL.answers, boards)
    played: list[list[Turn]] = [[] for _ in answers]
    pool = rng.sample(ORIGINAL.guesses, 400)
    for _ in range(turns):
        live = [b for b in range(boards) if not (played[b] and played[b][-1].is_win)]
        if not live:
            break
        legal = [
            w
            for w in pool
            if boards_violation(Mode.HARD, [played[b] for b in live], w, ORIGINAL) is None
        ]
        if not legal:
            legal = [played[live[0]][-1].guess]  # the last guess, which must be legal
        word = rng.choice(legal)
        for b in live:
            played[b].append(Turn(word, score(word, answers[b])))
        live = [b for b in range(boards) if not played[b][-1].is_win]
        assert boards_violation(Mode.HARD, [played[b] for b in live], word, ORIGINAL) is None
