"""The cached first-turn figures: same as computing them, rebuilt when damaged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordlekit.core.words import WordList
from wordlekit.fast import root_cache
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import figures


@pytest.fixture
def small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PatternMatrix:
    monkeypatch.setenv("WORDLEKIT_CACHE_DIR", str(tmp_path))
    wl = WordList.from_words(
        ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"],
        ["aahed", "zymic", "eerie", "crane"],
        name="small",
    )
    return PatternMatrix.for_list(wl)


def test_equal_to_direct_computation(small: PatternMatrix) -> None:
    got = small.root_figures
    direct = figures(small.data, np.arange(12), np.arange(8))
    assert (got.parts == direct.parts).all() and (got.sumsq == direct.sumsq).all()
    assert root_cache.cache_path(small.wordlist).exists()


def test_kept_by_the_matrix_not_by_the_module(small: PatternMatrix) -> None:
    """The figures live on the matrix (computed once per matrix): no module-wide cache keeps
    a matrix alive."""
    import gc
    import weakref

    assert small.root_figures is small.root_figures
    again = PatternMatrix(small.wordlist, small.data)
    assert again.root_figures is not small.root_figures  # read again from the file
    assert (again.root_figures.plogp == small.root_figures.plogp).all()
    ref = weakref.ref(again)
    del again
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize("damage", ["truncate", "garbage", "flip"])
def test_damaged_file_is_rebuilt(small: PatternMatrix, damage: str) -> None:
    good = small.root_figures
    path = root_cache.cache_path(small.wordlist)
    blob = bytearray(path.read_bytes())
    if damage == "truncate":
        blob = blob[: len(blob) // 2]
    elif damage == "garbage":
        blob = bytearray(b"nope")
    else:
        blob[-40] ^= 0xFF
    path.write_bytes(bytes(blob))
    again = root_cache.read_or_compute(small.wordlist, small.data)
    assert (again.parts == good.parts).all() and np.allclose(again.plogp, good.plogp)


def test_weighted_first_turn_figures_are_cached_apart(small: PatternMatrix) -> None:
    likely = PatternMatrix.for_list(small.wordlist.with_answers("likely"))
    uniform = PatternMatrix.for_list(small.wordlist.with_answers("all"))
    assert root_cache.cache_path(likely.wordlist) != root_cache.cache_path(uniform.wordlist)
    got = likely.root_figures
    n = len(likely.wordlist.answers)
    direct = figures(likely.data, np.arange(n), np.arange(n), weights=likely.wordlist.weights)
    assert got.weighted and np.allclose(got.bits, direct.bits)
    assert np.allclose(got.wplogp, direct.wplogp) and np.allclose(got.wsize, direct.wsize)
    again = root_cache.read_or_compute(likely.wordlist, likely.data)
    assert np.allclose(again.wlargest, got.wlargest)  # read back from the file
    assert not uniform.root_figures.weighted
