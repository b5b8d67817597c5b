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
    root_cache._root_figures_cached.cache_clear()
    wl = WordList.from_words(
        ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"],
        ["aahed", "zymic", "eerie", "crane"],
        name="small",
    )
    return PatternMatrix.for_list(wl)


def test_equal_to_direct_computation(small: PatternMatrix) -> None:
    got = root_cache.root_figures(small)
    direct = figures(small.data, np.arange(12), np.arange(8))
    assert (got.parts == direct.parts).all() and (got.sumsq == direct.sumsq).all()
    assert root_cache._path(small).exists()


@pytest.mark.parametrize("damage", ["truncate", "garbage", "flip"])
def test_damaged_file_is_rebuilt(small: PatternMatrix, damage: str) -> None:
    good = root_cache.root_figures(small)
    path = root_cache._path(small)
    blob = bytearray(path.read_bytes())
    if damage == "truncate":
        blob = blob[: len(blob) // 2]
    elif damage == "garbage":
        blob = bytearray(b"nope")
    else:
        blob[-40] ^= 0xFF
    path.write_bytes(bytes(blob))
    root_cache._root_figures_cached.cache_clear()
    again = root_cache.root_figures(small)
    assert (again.parts == good.parts).all() and np.allclose(again.plogp, good.plogp)
