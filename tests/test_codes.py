"""Letter codes and the feedback rule vectorised with numpy, against the reference ``score``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.codes import consistent_mask, encode, letter_counts, patterns_against
from wordlekit.core.feedback import score
from wordlekit.core.words import WordList


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text("abcdef", min_size=5, max_size=5), min_size=1, max_size=30),
    st.lists(st.text("abcdef", min_size=5, max_size=5), min_size=1, max_size=3),
    st.text("abcdef", min_size=5, max_size=5),
)
def test_consistent_mask_equals_reference(
    words: list[str], guesses: list[str], secret: str
) -> None:
    patterns = np.array([score(g, secret) for g in guesses], dtype=np.int64)
    mask = consistent_mask(encode(words), encode(guesses), patterns)
    expected = [
        all(score(g, w) == p for g, p in zip(guesses, patterns, strict=True)) for w in words
    ]
    assert mask.tolist() == expected


@pytest.mark.parametrize("guess", ["eerie", "geese", "mamma", "added", "llama", "sassy", "crane"])
def test_patterns_against_every_valid_word(original: WordList, guess: str) -> None:
    words = list(original.guesses)
    got = patterns_against(encode([guess])[0], encode(words))
    assert got.tolist() == [score(guess, w) for w in words]


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=1, max_value=8).flatmap(
        lambda n: st.tuples(
            st.text("abcde", min_size=n, max_size=n),
            st.lists(st.text("abcde", min_size=n, max_size=n), min_size=1, max_size=20),
        )
    )
)
def test_patterns_against_equals_reference_for_every_length(
    case: tuple[str, list[str]],
) -> None:
    guess, words = case
    got = patterns_against(encode([guess])[0], encode(words))
    assert got.tolist() == [score(guess, w) for w in words]


def test_letter_counts() -> None:
    counts = letter_counts(encode(["eerie", "crane"]))
    assert counts[0, 4] == 3 and counts[0, 17] == 1 and counts[1].sum() == 5


def test_patterns_against_needs_equal_lengths() -> None:
    with pytest.raises(ValueError):
        patterns_against(encode(["abcd"])[0], encode(["abcde"]))


def test_encode_rejects_mixed_lengths() -> None:
    with pytest.raises(ValueError):
        encode(["abcd", "abcde"])
