"""GuessCounts: the one distribution type of benchmarks, solver, tree files and random play."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlekit.services.jsonable import to_json
from wordlekit.solve.counts import GuessCounts


def test_figures() -> None:
    c = GuessCounts.of([3, 4, 4, 7], unsolved=1)
    assert c.histogram == {3: 1, 4: 2, 7: 1}
    assert (c.solved, c.games, c.total, c.max, c.failures) == (4, 5, 18, 7, 2)
    assert c.mean == 4.5  # over the finished games
    assert to_json(c) == {
        "histogram": {"3": 1, "4": 2, "7": 1},
        "unsolved": 1,
        "limit": 6,
        "solved": 4,
        "games": 5,
        "total": 18,
        "mean": 4.5,
        "max": 7,
        "failures": 2,
    }


def test_limit_sets_the_failures() -> None:
    c = GuessCounts.of([5, 6, 6, 7])
    assert c.failures == 1 and c.limit == 6
    assert GuessCounts.of([5, 6, 6, 7], limit=5).failures == 3


def test_empty() -> None:
    c = GuessCounts()
    assert (c.games, c.total, c.max, c.failures) == (0, 0, 0, 0)
    assert math.isnan(c.mean)
    assert GuessCounts(unsolved=2).failures == 2


def test_arrays_iterables_and_histograms_agree() -> None:
    guesses = [4, 2, 3, 3, 6, 3]
    a = GuessCounts.of(np.array(guesses, dtype=np.int32))
    b = GuessCounts.of(iter(guesses))
    c = GuessCounts({6: 1, 3: 3, 2: 1, 4: 1, 5: 0})
    assert a == b == c
    assert list(c.histogram) == [2, 3, 4, 6]  # sorted, no empty rows
    assert all(type(k) is int and type(v) is int for k, v in a.histogram.items())


def test_shifted() -> None:
    c = GuessCounts.of([1, 2, 2], unsolved=1).shifted(2)
    assert c.histogram == {3: 1, 4: 2} and c.unsolved == 1 and c.total == 11


def test_not_a_distribution() -> None:
    with pytest.raises(ValueError):
        GuessCounts({0: 3})
    with pytest.raises(ValueError):
        GuessCounts({3: -1})
    with pytest.raises(ValueError):
        GuessCounts({3: 1}, unsolved=-1)


@given(st.lists(st.integers(1, 40), max_size=200), st.integers(0, 5), st.integers(1, 12))
def test_properties_match_a_direct_count(guesses: list[int], unsolved: int, limit: int) -> None:
    c = GuessCounts.of(guesses, unsolved=unsolved, limit=limit)
    assert c.games == len(guesses) + unsolved
    assert c.total == sum(guesses)
    assert c.max == max(guesses, default=0)
    assert c.failures == sum(g > limit for g in guesses) + unsolved
    if guesses:
        assert c.mean == pytest.approx(sum(guesses) / len(guesses))
