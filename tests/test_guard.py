"""The guess-limit guard of the weighted strategies (wordlekit.solve.guard): near the end of a
game, only guesses that leave every word findable within six guesses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import score
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import guard
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState

WORDS = WordList.bundled("original")
#: A cluster the prior deems all but impossible beyond its first word: one letter apart.
CLUSTER = ["doges", "doses", "doves", "dozes"]


def splits_reference(guesses: list[str], bucket: list[str]) -> bool:
    """Readable: some guess gives every word of the bucket its own pattern."""
    return any(len({score(g, w) for w in bucket}) == len(bucket) for g in guesses)


def small_list(answers: list[str]) -> PatternMatrix:
    allowed = [w for w in WORDS.guesses[:400] if w not in answers]
    wl = WordList.from_words(answers, allowed, name="guard").with_answers("likely")
    return PatternMatrix.for_list(wl, use_cache=False)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS.answers[:300]), min_size=3, max_size=9, unique=True))
def test_a_bucket_splits_exactly_when_a_guess_gives_each_word_its_own_pattern(
    words: list[str],
) -> None:
    pm = small_list(words)
    state = GameState.start(pm)
    bucket = np.array([pm.wordlist.answer_index(w) for w in words], dtype=np.int64)
    found = guard.Guard().splits(state, bucket)
    assert found == splits_reference(list(pm.wordlist.guesses), words)


def after(pm: PatternMatrix, answer: str, guesses: list[str]) -> GameState:
    state = GameState.start(pm)
    for g in guesses:
        state = state.after(g, score(g, answer))
    return state


def buckets(state: GameState, guess: int) -> list[list[int]]:
    row = state.matrix.data[guess, state.candidates]
    return [state.candidates[row == p].tolist() for p in np.unique(row)]


#: Rare words the likely bot once failed to find within six guesses (691 failures over the
#: 12,972 valid words without the guard).
ONCE_FAILED = ["gairs", "douts", "ketes", "fisks", "veeps", "vogie", "jouks", "wared", "cides"]


def safe_guesses(state: GameState) -> list[int]:
    """Every valid guess that leaves, with two guesses left after it, every bucket split
    apart by some guess (the bucket check is tested against the reference above)."""
    check = guard.Guard()
    data = state.matrix.data
    return [
        g
        for g in range(len(state.wordlist.guesses))
        if check.every_bucket_splits(state, data[g, state.candidates])
    ]


@pytest.mark.slow
def test_near_the_end_the_bot_leaves_every_word_findable(likely_pm: PatternMatrix) -> None:
    """On the bot's own games for words it once failed: at the fourth and fifth guesses,
    whenever some guess leaves every word findable in time, the bot plays one such guess,
    even where the prior alone would rather guess the likeliest word."""
    entropy = get_strategy("entropy")
    wl = likely_pm.wordlist
    checked = 0
    for answer in ONCE_FAILED:
        state = GameState.start(likely_pm)
        a = wl.answer_index(answer)
        while state.n > 1 and len(state.history) < 5:
            g = entropy.choose(state)
            left = 5 - len(state.history)
            if left in (1, 2) and state.n > 2:
                safe = safe_guesses(state) if left == 2 else None
                if left == 1:
                    figs = state.figures()
                    exists = bool((figs.largest <= 1).any())
                    ok = all(len(b) == 1 for b in buckets(state, g))
                else:
                    exists = bool(safe)
                    ok = g in (safe or [])
                if exists:
                    checked += 1
                    assert ok, (answer, [t.guess for t in state.history], wl.guesses[g])
            state = state.after(g, int(likely_pm.data[g, a]))
        assert len(state.history) <= 6
    assert checked >= 3


def test_the_cluster_that_cannot_be_split() -> None:
    """No valid word gives DOGES, DOSES, DOVES and DOZES four different patterns."""
    assert not splits_reference(list(WORDS.guesses), CLUSTER)
    assert splits_reference(list(WORDS.guesses), CLUSTER[:3])


def test_the_guard_leaves_unweighted_play_alone() -> None:
    """The list model (equal weights) plays as before: the guard only acts with weights."""
    pm = PatternMatrix.for_list(WORDS)
    state = GameState.start(pm)
    for g in ["roate", "lynch", "mumps", "boxed"]:
        state = state.after(g, score(g, "dozes"))
    figs = state.figures()
    key = np.zeros(len(figs.guesses))
    assert guard.guard_for(state).keep(state, figs, key, key) is None


def test_every_guess_count_of_the_memo_stays_bounded(likely_pm: PatternMatrix) -> None:
    g = guard.Guard()
    state = GameState.start(likely_pm)
    for combo in itertools.islice(itertools.combinations(range(40), 3), 50):
        g.splits(state, np.array(combo, dtype=np.int64))
    assert 0 < g.memo_size <= guard.MEMO_CAP
