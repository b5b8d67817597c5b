"""The numba pattern-matrix kernel against the reference ``score``."""

from __future__ import annotations

import datetime as dt
import hashlib
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_matrix import blocks, pinned, reference_block, todays_blocks
from wordlekit.core.codes import encode
from wordlekit.core.feedback import score
from wordlekit.core.words import WordList
from wordlekit.fast import kernel
from wordlekit.fast.matrix import PatternMatrix


def test_random_300_by_300_sample_equals_reference(original: WordList) -> None:
    rng = random.Random(2022)
    guesses = rng.sample(original.guesses, 300)
    answers = rng.sample(original.answers, 300)
    m = kernel.pattern_matrix(encode(guesses), encode(answers))
    assert m.shape == (300, 300) and m.dtype == np.uint8
    for i, g in enumerate(guesses):
        for j, a in enumerate(answers):
            assert m[i, j] == score(g, a), (g, a)


def test_full_default_matrix_matches_pinned_reference_checksum(original: WordList) -> None:
    pm = PatternMatrix.build(original)
    data = np.ascontiguousarray(pm.data)
    sums = pinned()
    assert hashlib.sha256(data.tobytes()).hexdigest() == sums["original"]
    for k, (start, stop) in enumerate(blocks("original")):
        assert hashlib.sha256(data[start:stop].tobytes()).hexdigest() == sums[f"original:{k}"]


@pytest.mark.slow
@pytest.mark.parametrize("k", todays_blocks("original"))
def test_pinned_checksums_are_the_reference(k: int) -> None:
    """Recompute today's blocks of the 12,972 x 2,315 matrix with the pure-Python score (the
    fast test above holds the kernel's whole matrix to every pinned block)."""
    assert reference_block("original", k) == pinned()[f"original:{k}"]


def test_every_block_is_recomputed_within_a_fortnight() -> None:
    n = len(blocks("original"))
    days = [dt.date(2026, 12, 1) + dt.timedelta(days=d) for d in range(n // 2)]
    assert {k for day in days for k in todays_blocks("original", day)} == set(range(n))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=4, max_value=8).flatmap(
        lambda n: st.tuples(
            st.lists(st.text("abcdefgh", min_size=n, max_size=n), min_size=1, max_size=12),
            st.lists(st.text("abcdefgh", min_size=n, max_size=n), min_size=1, max_size=12),
        )
    )
)
def test_matrix_equals_reference_for_every_length(lists: tuple[list[str], list[str]]) -> None:
    guesses, answers = lists
    m = kernel.pattern_matrix(encode(guesses), encode(answers))
    expected = np.array([[score(g, a) for a in answers] for g in guesses])
    assert m.dtype == (np.uint8 if len(guesses[0]) <= 5 else np.uint16)
    assert (m == expected).all()
