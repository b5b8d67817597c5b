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
from wordlekit.core.rules import hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import (
    EST_A_WEIGHTED,
    EST_C_WEIGHTED,
    Figures,
    expected_guesses,
    figures,
    hard_mode_mask,
)

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


@pytest.mark.slow
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


# Weighted figures (the likely answer model) -------------------------------------------------


def weighted_reference(
    guess: str, answers: list[str], weights: list[float]
) -> tuple[int, int, float, float, float, float]:
    """From ``score`` and the definitions: parts, largest (words), expected words left,
    bits (entropy of the weighted pattern distribution), the worst bucket's probability and
    the expected probability left."""
    total = sum(weights)
    mass: Counter[int] = Counter()
    size: Counter[int] = Counter()
    for a, w in zip(answers, weights, strict=True):
        p = score(guess, a)
        mass[p] += w / total
        size[p] += 1
    bits = -sum(m * math.log2(m) for m in mass.values() if m > 0)
    expected = sum(mass[p] * size[p] for p in mass)
    return (
        len(size),
        max(size.values()),
        expected,
        bits,
        max(mass.values()),
        sum(m * m for m in mass.values()),
    )


def assert_weighted_equal(
    figs: Figures, wl: WordList, guesses: list[int], cands: list[int], w: list[float]
) -> None:
    answers = [wl.answers[i] for i in cands]
    assert figs.weighted
    for k, g in enumerate(guesses):
        parts, largest, expected, bits, share, left = weighted_reference(wl.guesses[g], answers, w)
        assert figs.parts[k] == parts and figs.largest[k] == largest
        assert figs.expected[k] == pytest.approx(expected, rel=1e-9, abs=1e-12)
        assert figs.bits[k] == pytest.approx(bits, rel=1e-9, abs=1e-12)
        assert figs.largest_share[k] == pytest.approx(share, rel=1e-9)
        assert figs.expected_share[k] == pytest.approx(left, rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, len(ORIGINAL.guesses) - 1), min_size=1, max_size=20, unique=True),
    st.lists(
        st.tuples(
            st.integers(0, len(ORIGINAL.answers) - 1),
            st.floats(1e-9, 1.0, allow_nan=False, allow_infinity=False),
        ),
        min_size=1,
        max_size=60,
        unique_by=lambda t: t[0],
    ),
    st.booleans(),
)
def test_weighted_figures_equal_the_reference(
    guesses: list[int], weighted: list[tuple[int, float]], use_numba: bool
) -> None:
    data = PatternMatrix.for_list(ORIGINAL).data
    cands = [c for c, _ in weighted]
    w = [x for _, x in weighted]
    figs = figures(data, np.array(guesses), np.array(cands), weights=w, use_numba=use_numba)
    assert_weighted_equal(figs, ORIGINAL, guesses, cands, w)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, len(ORIGINAL.answers) - 1), min_size=1, max_size=300, unique=True))
def test_weighted_kernels_agree_on_every_guess(cands: list[int]) -> None:
    """The numpy table, the parallel kernel and the block kernel (on the transposed matrix)."""
    pm = PatternMatrix.for_list(ORIGINAL)
    g = np.arange(len(ORIGINAL.guesses))
    c = np.array(cands)
    w = np.random.default_rng(len(cands)).random(len(cands)) ** 4
    plain = figures(pm.data, g, c, weights=w, use_numba=False)
    block = figures(pm.data, g, c, weights=w, use_numba=True, transposed=pm.transposed)
    parallel = figures(pm.data, g, c, weights=w, use_numba=True)
    for other in (block, parallel):
        assert (plain.parts == other.parts).all() and (plain.largest == other.largest).all()
        assert (plain.sumsq == other.sumsq).all()
        for name in ("plogp", "wlargest", "wsize", "wsumsq", "wplogp"):
            assert np.allclose(getattr(plain, name), getattr(other, name), rtol=1e-9, atol=1e-15)


def test_weighted_figures_of_long_words(write_list) -> None:  # type: ignore[no-untyped-def]
    """Six letters: uint16 patterns, where numpy sorts each row rather than count a table."""
    words = ["planet", "rocket", "silver", "garden", "pocket", "locket", "rooted", "siller"]
    wl = WordList.from_words(words, ["eerily", "tomato"])
    pm = PatternMatrix.for_list(wl, use_cache=False)
    w = [0.5, 0.1, 0.05, 0.2, 0.01, 0.04, 0.06, 0.04]
    g, c = np.arange(len(wl.guesses)), np.arange(len(words))
    for use_numba in (False, True):
        figs = figures(pm.data, g, c, weights=w, use_numba=use_numba)
        assert_weighted_equal(figs, wl, list(g), list(c), w)


def test_equal_weights_give_the_unweighted_figures() -> None:
    pm = PatternMatrix.for_list(ORIGINAL)
    g = np.arange(0, len(ORIGINAL.guesses), 5)
    c = np.arange(0, len(ORIGINAL.answers), 4)
    plain = figures(pm.data, g, c)
    for use_numba in (False, True):
        even = figures(pm.data, g, c, weights=np.full(len(c), 3.0), use_numba=use_numba)
        assert np.allclose(even.bits, plain.bits) and np.allclose(even.expected, plain.expected)
        assert np.allclose(even.largest_share, plain.largest / len(c))
        assert np.allclose(even.expected_share, plain.sumsq / len(c) ** 2)
        assert (even.parts == plain.parts).all() and not plain.weighted


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, len(ORIGINAL.guesses) - 1), min_size=1, max_size=10, unique=True),
    st.lists(
        st.tuples(st.integers(0, len(ORIGINAL.answers) - 1), st.floats(1e-6, 1.0)),
        min_size=1,
        max_size=40,
        unique_by=lambda t: t[0],
    ),
    st.booleans(),
)
def test_expected_guesses_equals_its_formula(
    guesses: list[int], weighted: list[tuple[int, float]], use_numba: bool
) -> None:
    data = PatternMatrix.for_list(ORIGINAL).data
    cands = [c for c, _ in weighted]
    w = np.array([x for _, x in weighted])
    got = expected_guesses(
        data, np.array(guesses), np.array(cands), w, win=242, use_numba=use_numba
    )
    p = w / w.sum()
    for k, g in enumerate(guesses):
        buckets: dict[int, list[float]] = {}
        for c, q in zip(cands, p, strict=True):
            buckets.setdefault(score(ORIGINAL.guesses[g], ORIGINAL.answers[c]), []).append(q)
        want = 1.0
        for pattern, qs in buckets.items():
            if pattern == 242:
                continue  # the win costs nothing more
            mass = sum(qs)
            if len(qs) == 1:
                finish = 1.0
            elif len(qs) == 2:
                finish = 2.0 - max(qs) / mass
            else:
                h = -sum(q / mass * math.log2(q / mass) for q in qs)
                finish = EST_C_WEIGHTED + EST_A_WEIGHTED * h
            want += mass * finish
        assert got[k] == pytest.approx(want, rel=1e-9)
