"""The game state a strategy sees: one state model per history, the same as Knowledge's."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import Turn, score
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import _solver_parts as parts
from wordlekit.solve.state import GameState, consistent

ORIGINAL = WordList.bundled()


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


@pytest.fixture(scope="module")
def likely_pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL.with_answers("likely"))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    answer=st.sampled_from(ORIGINAL.answers[::7]),
    guesses=st.lists(st.sampled_from(ORIGINAL.guesses[::11]), min_size=0, max_size=4),
)
def test_the_candidates_are_knowledge_s(pm: PatternMatrix, answer: str, guesses: list[str]) -> None:
    turns = [Turn(g, score(g, answer)) for g in guesses]
    state = GameState.from_turns(pm, turns)
    k = Knowledge(turns, ORIGINAL)
    assert state.candidate_words == list(k.candidates)
    assert np.allclose(state.probabilities, k.probabilities)


@pytest.mark.parametrize(
    "texts",
    [
        ["crane:bbbbb", "plant:ggggg"],  # contradicts turn 1
        ["crane:bbbbb", "moist:bbbbb", "plumb:ggggg"],
        ["eerie:bybbb"],  # impossible on its own
        ["crane:ggggy"],  # an impossible pattern
        ["xylyl:ggggg"],  # fits no answer
        ["xxxxx:bbbbb"],  # not in the list
        ["cran:bbbb"],  # not five letters
    ],
)
def test_contradictions_say_what_knowledge_says(pm: PatternMatrix, texts: list[str]) -> None:
    """The state filters by reading matrix rows, and explains a contradiction (naming its
    turn) with Knowledge's message."""
    turns = [Turn.parse(t) for t in texts]
    with pytest.raises(WordleError) as ours:
        GameState.from_turns(pm, turns)
    with pytest.raises(WordleError) as theirs:
        Knowledge(turns, ORIGINAL)
    assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)
    assert getattr(ours.value, "turn", None) == getattr(theirs.value, "turn", None)


def test_consistent_reads_the_rows(pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbggb"), Turn.parse("moist:bbybg")]
    assert [ORIGINAL.answers[i] for i in consistent(pm, turns)] == ["giant"]
    assert len(consistent(pm, [])) == len(ORIGINAL.answers)


def test_weighted_probabilities_are_knowledge_s(likely_pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbybb")]
    state = GameState.from_turns(likely_pm, turns)
    k = Knowledge(turns, likely_pm.wordlist)
    assert state.weighted and np.allclose(state.probabilities, k.probabilities)
    assert state.ranked() == k.ranked()
    assert state.ranked()[0][1] >= state.ranked()[-1][1]


def test_the_rules_are_one_mode_and_one_pool(pm: PatternMatrix) -> None:
    start = GameState.start(pm)
    assert (start.mode, start.pool, start.only_candidates) == (
        Mode.NORMAL,
        GuessPool.VALID,
        False,
    )
    hard = GameState.start(pm, mode=Mode.HARD).after("crane", score("crane", "cigar"))
    assert hard.mode is Mode.HARD and not hard.only_candidates
    assert hard.allowed.tolist() == np.flatnonzero(hard.hard_mask).tolist()
    assert repr(hard).endswith("candidates hard>")
    pooled = GameState.start(pm, pool=GuessPool.CANDIDATES).after("crane", 0)
    assert pooled.only_candidates and pooled.allowed.tolist() == pooled.candidates.tolist()
    assert pooled.pool is GuessPool.CANDIDATES and "candidates-pool" in repr(pooled)
    assert GameState.start(pm, mode="ultrahard").mode is Mode.ULTRAHARD  # a name is parsed
    with pytest.raises(WordleError, match="unknown mode"):
        GameState.start(pm, mode="easy")  # type: ignore[arg-type]
    # the hard-mode mask is every state's, whatever its mode (several boards ask it)
    normal = GameState.start(pm).after("crane", score("crane", "cigar"))
    assert normal.hard_mask.tolist() == hard.hard_mask.tolist()
    assert len(normal.allowed) == len(ORIGINAL.guesses)


def test_a_child_keeps_the_rules_and_the_weights(likely_pm: PatternMatrix) -> None:
    state = GameState.start(likely_pm, mode=Mode.HARD, pool=GuessPool.CANDIDATES)
    row = likely_pm.data[likely_pm.wordlist.guess_index("crane")][state.candidates]
    p = score("crane", "cigar")
    child = state.child(Turn("crane", p), row == p)
    assert (child.mode, child.pool) == (Mode.HARD, GuessPool.CANDIDATES)
    assert child.weights is not None and state.weights is not None
    assert np.array_equal(child.weights, state.weights[row == p])
    assert child.candidates.tolist() == state.after("crane", p).candidates.tolist()


def test_the_kernels_read_the_modes_codes() -> None:
    """The compiled search takes the mode as an int: Mode.code."""
    assert (Mode.NORMAL.code, Mode.HARD.code, Mode.ULTRAHARD.code) == (
        parts.NORMAL,
        parts.HARD_MODE,
        parts.ULTRAHARD,
    )
