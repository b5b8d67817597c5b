"""Fast paths: words as letter codes, the guess x answer pattern matrix, filters.

Each function computes exactly what :func:`wordlekit.feedback.score` computes; the tests check
them against it pair by pair. The loops live in :mod:`wordlekit._jit`, compiled by numba once
and cached on disk (``cache=True``), so only the first run of a new install pays the compile
time; that module is imported on first use so that quick commands never load numba.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Codes = npt.NDArray[np.uint8]


def encode(words: Sequence[str]) -> Codes:
    """Words of one length as an ``(n, length)`` array of letter codes 0..25."""
    if not words:
        return np.zeros((0, 0), dtype=np.uint8)
    length = len(words[0])
    joined = "".join(words).encode("ascii")
    if len(joined) != length * len(words):
        raise ValueError("all words must have the same length")
    arr = np.frombuffer(joined, dtype=np.uint8).reshape(len(words), length)
    return (arr - ord("a")).astype(np.uint8)


def pattern_dtype(length: int) -> type[np.unsignedinteger]:
    """The smallest unsigned type that holds every pattern (uint8 up to five letters)."""
    return np.uint8 if 3**length <= 256 else np.uint16


def _jit() -> Any:
    """The compiled loops, imported on first use (numba's import costs about 0.3 s)."""
    from wordlekit import _jit as compiled

    return compiled


def pattern_matrix(guesses: Codes, answers: Codes) -> npt.NDArray[np.unsignedinteger]:
    """The ``(len(guesses), len(answers))`` matrix of patterns, computed in parallel."""
    if guesses.shape[1:] != answers.shape[1:]:
        raise ValueError("guesses and answers must have the same length")
    length = guesses.shape[1]
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=pattern_dtype(length))
    if out.size:
        _jit().fill_matrix(guesses, answers, out)
    return out


def consistent_mask(
    words: Codes, guesses: Codes, patterns: npt.NDArray[np.int64]
) -> npt.NDArray[np.bool_]:
    """For each word, whether ``score(guess_t, word) == patterns[t]`` for every turn ``t``."""
    out = np.ones(words.shape[0], dtype=np.bool_)
    if words.shape[0] and guesses.shape[0]:
        _jit().consistent(words, guesses, np.asarray(patterns, dtype=np.int64), out)
    return out


def scores_against(guess: Codes, words: Codes) -> npt.NDArray[np.int64]:
    """The pattern of one guess (codes) against each of ``words``."""
    out = np.empty(words.shape[0], dtype=np.int64)
    if words.shape[0]:
        _jit().scores_against(guess, words, out)
    return out
