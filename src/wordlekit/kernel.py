"""numba kernels: words as letter codes, the guess x answer pattern matrix, filters.

Each kernel computes exactly what :func:`wordlekit.feedback.score` computes; the tests check
them against it pair by pair. Kernels are compiled once and cached on disk by numba
(``cache=True``), so only the first run of a new install pays the compile time.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit, prange

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


@njit(cache=True, nogil=True)
def score_codes(guess: Codes, answer: Codes) -> int:  # pragma: no cover - compiled
    """The pattern of one guess against one answer, both as letter codes."""
    length = guess.shape[0]
    counts = np.zeros(26, dtype=np.int8)
    green = 0
    for i in range(length):
        if guess[i] == answer[i]:
            green |= 1 << i
        else:
            counts[answer[i]] += 1
    pattern = 0
    weight = 1
    for i in range(length):
        if green & (1 << i):
            pattern += 2 * weight
        else:
            c = guess[i]
            if counts[c] > 0:
                pattern += weight
                counts[c] -= 1
        weight *= 3
    return pattern


@njit(cache=True, parallel=True, nogil=True)
def _fill_matrix(guesses, answers, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    n_guesses, length = guesses.shape
    n_answers = answers.shape[0]
    for gi in prange(n_guesses):
        # One small count table per row, reset after each answer: cheaper than zeroing 26.
        counts = np.zeros(26, dtype=np.int8)
        g = guesses[gi]
        for ai in range(n_answers):
            a = answers[ai]
            green = 0
            for i in range(length):
                if g[i] == a[i]:
                    green |= 1 << i
                else:
                    counts[a[i]] += 1
            pattern = 0
            weight = 1
            for i in range(length):
                if green & (1 << i):
                    pattern += 2 * weight
                else:
                    c = g[i]
                    if counts[c] > 0:
                        pattern += weight
                        counts[c] -= 1
                weight *= 3
            for i in range(length):
                counts[a[i]] = 0
            out[gi, ai] = pattern


def pattern_matrix(guesses: Codes, answers: Codes) -> npt.NDArray[np.unsignedinteger]:
    """The ``(len(guesses), len(answers))`` matrix of patterns, computed in parallel."""
    if guesses.shape[1:] != answers.shape[1:]:
        raise ValueError("guesses and answers must have the same length")
    length = guesses.shape[1]
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=pattern_dtype(length))
    if out.size:
        _fill_matrix(guesses, answers, out)
    return out


@njit(cache=True, nogil=True)
def _consistent(words, guesses, patterns, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    n_words, length = words.shape
    n_turns = guesses.shape[0]
    counts = np.zeros(26, dtype=np.int8)
    for wi in range(n_words):
        w = words[wi]
        ok = True
        for t in range(n_turns):
            g = guesses[t]
            green = 0
            for i in range(length):
                if g[i] == w[i]:
                    green |= 1 << i
                else:
                    counts[w[i]] += 1
            pattern = 0
            weight = 1
            for i in range(length):
                if green & (1 << i):
                    pattern += 2 * weight
                else:
                    c = g[i]
                    if counts[c] > 0:
                        pattern += weight
                        counts[c] -= 1
                weight *= 3
            for i in range(length):
                counts[w[i]] = 0
            if pattern != patterns[t]:
                ok = False
                break
        out[wi] = ok


def consistent_mask(
    words: Codes, guesses: Codes, patterns: npt.NDArray[np.int64]
) -> npt.NDArray[np.bool_]:
    """For each word, whether ``score(guess_t, word) == patterns[t]`` for every turn ``t``."""
    out = np.ones(words.shape[0], dtype=np.bool_)
    if words.shape[0] and guesses.shape[0]:
        _consistent(words, guesses, np.asarray(patterns, dtype=np.int64), out)
    return out


@njit(cache=True, nogil=True)
def _scores_against(guess, words, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    for wi in range(words.shape[0]):
        out[wi] = score_codes(guess, words[wi])


def scores_against(guess: Codes, words: Codes) -> npt.NDArray[np.int64]:
    """The pattern of one guess (codes) against each of ``words``."""
    out = np.empty(words.shape[0], dtype=np.int64)
    if words.shape[0]:
        _scores_against(guess, words, out)
    return out
