"""The on-disk cache of the pattern matrix: keyed by content, atomic, never trusted if bad."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import score
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import TRANSPOSE_BLOCK, PatternMatrix, cache_path, read_cache, transpose


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLEKIT_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def small() -> WordList:
    return WordList.from_words(
        ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"],
        ["aahed", "zymic", "eerie"],
        name="small",
    )


def test_built_then_cached(cache: Path, small: WordList) -> None:
    first = PatternMatrix.for_list(small)
    assert first.source == "built"
    assert cache_path(small).exists()
    second = PatternMatrix.for_list(small)
    assert second.source == "cache"
    assert (first.data == second.data).all()
    assert second.pattern("eerie", "evade") == score("eerie", "evade")
    # rows are guesses (answers first), columns answers
    assert second.data.shape == (11, 8)
    assert list(cache.glob("*.tmp")) == []


def test_key_is_the_lists_content(cache: Path, small: WordList) -> None:
    other = WordList.from_words([*small.answers[:-1], "zebra"], small.allowed, name="small")
    assert cache_path(small) != cache_path(other)
    renamed = WordList.from_words(small.answers, small.allowed, name="renamed")
    assert cache_path(small) == cache_path(renamed)


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "header"])
def test_damaged_cache_is_rebuilt(cache: Path, small: WordList, damage: str) -> None:
    good = PatternMatrix.for_list(small).data.copy()
    path = cache_path(small)
    blob = bytearray(path.read_bytes())
    if damage == "truncate":
        blob = blob[:-3]
    elif damage == "flip":
        blob[-1] ^= 0xFF
    elif damage == "garbage":
        blob = bytearray(b"not a matrix at all")
    elif damage == "empty":
        blob = bytearray()
    else:
        blob[12:20] = b"xxxxxxxx"
    path.write_bytes(bytes(blob))
    assert read_cache(path, small) is None
    assert not path.exists()  # a bad file is removed, never trusted
    again = PatternMatrix.for_list(small)
    assert again.source == "built"
    assert (again.data == good).all()
    assert PatternMatrix.for_list(small).source == "cache"


def test_unwritable_cache_folder_still_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small: WordList
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("WORDLEKIT_CACHE_DIR", str(blocker / "sub"))
    pm = PatternMatrix.for_list(small)
    assert pm.source == "built"


def test_uint16_for_long_words(cache: Path) -> None:
    wl = WordList.from_words(["abcdef", "fedcba", "aabbcc"], name="six")
    pm = PatternMatrix.for_list(wl)
    assert pm.data.dtype == np.uint16
    assert pm.pattern("aabbcc", "abcdef") == score("aabbcc", "abcdef")
    assert PatternMatrix.for_list(wl).source == "cache"


def test_what_the_matrix_keeps(cache: Path, small: WordList) -> None:
    """Per-matrix data lives on the matrix (cached properties), not in module caches."""
    pm = PatternMatrix.for_list(small)
    words = small.guesses
    rank = pm.alphabetical_rank
    assert [words[i] for i in np.argsort(rank)] == sorted(words)
    assert pm.alphabetical_rank is rank  # computed once
    presence = pm.letter_presence
    for g, w in enumerate(words):
        assert {chr(97 + c) for c in np.flatnonzero(presence[g])} == set(w)
        assert presence[g].sum() == len(set(w))  # a repeated letter counts once
    figs = pm.root_figures
    assert len(figs.guesses) == len(words) and figs.n == len(small.answers)
    assert pm.root_figures is figs


def test_answer_models_share_the_matrix_of_their_words(
    cache: Path, small: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    likely, uniform = small.with_answers("likely"), small.with_answers("all")
    assert cache_path(likely) == cache_path(uniform) != cache_path(small)
    built = PatternMatrix.for_list(likely)
    again = PatternMatrix.for_list(uniform)
    assert (built.source, again.source) == ("built", "cache")
    assert again.wordlist is uniform and (built.data == again.data).all()
    assert built.data.shape == (11, 11)  # every valid guess may be the answer
    assert built.pattern("eerie", "zymic") == score("eerie", "zymic")


def test_a_large_cache_file_is_memory_mapped(
    cache: Path, small: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordlekit.fast import matrix

    good = PatternMatrix.for_list(small).data.copy()
    monkeypatch.setattr(matrix, "MMAP_FROM", 0)
    mapped = PatternMatrix.for_list(small)
    assert mapped.source == "cache" and (mapped.data == good).all()
    assert not mapped.data.flags.writeable
    path = cache_path(small)
    blob = bytearray(path.read_bytes())
    blob[-1] ^= 0xFF
    path.write_bytes(bytes(blob))
    assert read_cache(path, small) is None and not path.exists()  # damaged: removed


@settings(max_examples=30, deadline=None)
@given(
    rows=st.integers(1, 2 * TRANSPOSE_BLOCK + 3),
    cols=st.integers(1, TRANSPOSE_BLOCK + 5),
    dtype=st.sampled_from([np.uint8, np.uint16]),
    seed=st.integers(0, 2**32 - 1),
)
def test_transpose_is_the_transposed_matrix(rows: int, cols: int, dtype: type, seed: int) -> None:
    # the block copy must cover every cell once, whatever the shape against the block size
    data = np.random.default_rng(seed).integers(0, 243, size=(rows, cols)).astype(dtype)
    out = transpose(data)
    assert out.flags.c_contiguous and out.dtype == data.dtype
    assert np.array_equal(out, data.T)


def test_the_matrix_transposed_is_its_transpose() -> None:
    pm = PatternMatrix.for_list(WordList.bundled())
    assert np.array_equal(pm.transposed, pm.data.T)
