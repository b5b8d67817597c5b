"""Partition figures (numba and numpy) and the hard-mode mask against references."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.codes import letter_counts
from wordlekit.core.feedback import Turn, score
from wordlekit.core.game import hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import figures, hard_mode_mask

ORIGINAL = WordList.bundled()


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


def reference(guess: str, answers: list[str]) -> tuple[int, int, float, float]:
    buckets = Counter(score(guess, a) for a in answers)
    n = len(answers)
    sizes = list(buckets.values())
    bits = -sum(c / n * math.log2(c / n) for c in sizes)
    return len(sizes), max(sizes), sum(c * c for c in sizes) / n, bits


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, len(ORIGINAL.guesses) - 1), min_size=1, max_size=30, unique=True),
    st.lists(st.integers(0, len(ORIGINAL.answers) - 1), min_size=1, max_size=60, unique=True),
    st.booleans(),
)
def test_figures_equal_reference(guesses: list[int], cands: list[int], use_numba: bool) -> None:
    data = PatternMatrix.for_list(ORIGINAL).data
    figs = figures(data, np.array(guesses), np.array(cands), use_numba=use_numba)
    answers = [ORIGINAL.answers[i] for i in cands]
    for k, g in enumerate(guesses):
        parts, largest, expected, bits = reference(ORIGINAL.guesses[g], answers)
        assert figs.parts[k] == parts
        assert figs.largest[k] == largest
        assert figs.expected[k] == pytest.approx(expected)
        assert figs.bits[k] == pytest.approx(bits)


def test_numpy_and_numba_agree_on_a_big_set(pm: PatternMatrix) -> None:
    g = np.arange(0, len(ORIGINAL.guesses), 7)
    c = np.arange(0, len(ORIGINAL.answers), 3)
    a = figures(pm.data, g, c, use_numba=False)
    b = figures(pm.data, g, c, use_numba=True)
    assert (a.parts == b.parts).all() and (a.largest == b.largest).all()
    assert (a.sumsq == b.sumsq).all()
    assert np.allclose(a.plogp, b.plogp)


def test_known_first_guess_figures(pm: PatternMatrix) -> None:
    """Published first-guess figures on the original lists."""
    all_answers = np.arange(len(ORIGINAL.answers))
    idx = [ORIGINAL.guess_index(w) for w in ("soare", "roate", "trace", "raise")]
    figs = figures(pm.data, np.array(idx), all_answers)
    assert figs.bits[0] == pytest.approx(5.886, abs=5e-4)  # SOARE: most bits
    assert figs.expected[1] == pytest.approx(60.4246, abs=1e-4)  # ROATE: smallest expected
    assert figs.parts[2] == 150  # TRACE: most parts
    assert figs.largest[3] == 168  # RAISE: smallest worst case


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(ORIGINAL.answers),
    st.lists(st.sampled_from(ORIGINAL.guesses), min_size=1, max_size=3),
)
def test_hard_mode_mask_equals_the_rule(answer: str, guesses: list[str]) -> None:
    history = [Turn(g, score(g, answer)) for g in guesses]
    sample = ORIGINAL.guesses[::37]
    from wordlekit.core.codes import encode

    codes = encode(sample)
    mask = hard_mode_mask(codes, history)
    fast = hard_mode_mask(codes, history, letter_counts(codes))
    expected = [hard_mode_violation(history, w) is None for w in sample]
    assert mask.tolist() == expected
    assert fast.tolist() == expected


def test_letter_counts() -> None:
    from wordlekit.core.codes import encode

    counts = letter_counts(encode(["geese", "crane"]))
    assert counts[0, ord("e") - 97] == 3 and counts[0, ord("g") - 97] == 1
    assert counts[1].sum() == 5


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, len(ORIGINAL.answers) - 1), min_size=1, max_size=400, unique=True))
def test_block_kernel_equals_the_others(cands: list[int]) -> None:
    pm = PatternMatrix.for_list(ORIGINAL)
    g = np.arange(len(ORIGINAL.guesses))
    c = np.array(cands)
    block = figures(pm.data, g, c, use_numba=True, transposed=pm.transposed)
    parallel = figures(pm.data, g, c, use_numba=True)
    plain = figures(pm.data, g, c, use_numba=False)
    for other in (parallel, plain):
        assert (block.parts == other.parts).all() and (block.largest == other.largest).all()
        assert (block.sumsq == other.sumsq).all() and np.allclose(block.plogp, other.plogp)
