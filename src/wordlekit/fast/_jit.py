"""The numba-compiled loops. Imported lazily by :mod:`wordlekit.fast.kernel` (importing numba costs
about 0.3 s), so commands that only read cached data start fast.

Every function here is tested equal to the pure-Python reference through the wrappers in
:mod:`wordlekit.fast.kernel`; read those for the contracts.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True, nogil=True, inline="always")
def pattern_with(guess, answer, counts):  # pragma: no cover - compiled
    """The pattern of ``guess`` against ``answer`` (letter codes), the two passes of the rule.

    ``counts`` is a zeroed table of 26 that is left zeroed again, so callers in hot loops
    reuse one table instead of allocating (or zeroing all 26) per pair.
    """
    length = guess.shape[0]
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
    for i in range(length):
        counts[answer[i]] = 0
    return pattern


@njit(cache=True, nogil=True)
def score_codes(guess, answer):  # pragma: no cover - compiled
    """The pattern of one guess against one answer, both as letter codes."""
    return pattern_with(guess, answer, np.zeros(26, dtype=np.int8))


@njit(cache=True, parallel=True, nogil=True)
def fill_matrix(guesses, answers, out):  # pragma: no cover - compiled
    n_guesses = guesses.shape[0]
    n_answers = answers.shape[0]
    for gi in prange(n_guesses):
        counts = np.zeros(26, dtype=np.int8)  # one table per row, reused for every answer
        g = guesses[gi]
        for ai in range(n_answers):
            out[gi, ai] = pattern_with(g, answers[ai], counts)


@njit(cache=True, parallel=True, nogil=True)
def partition_stats(matrix, guesses, cands, n_patterns, clog, parts, largest, sumsq, plogp):
    """For each guess row: how it splits the candidate columns.

    ``parts`` distinct patterns, ``largest`` bucket, ``sumsq`` sum of squared bucket sizes and
    ``plogp`` sum of c*log2(c). The count table is reset by walking the candidates again
    rather than zeroing all 3**length entries, which matters for the many small sets of a
    decision tree (measured: 2.4x faster on the entropy benchmark).
    """
    n = cands.shape[0]
    for k in prange(guesses.shape[0]):  # pragma: no cover - compiled
        row = matrix[guesses[k]]
        counts = np.zeros(n_patterns, dtype=np.int32)
        for j in range(n):
            counts[row[cands[j]]] += 1
        p = 0
        big = 0
        sq = 0
        pl = 0.0
        for j in range(n):
            c = counts[row[cands[j]]]
            if c > 0:
                p += 1
                if c > big:
                    big = c
                sq += c * c
                pl += clog[c]
                counts[row[cands[j]]] = 0
        parts[k] = p
        largest[k] = big
        sumsq[k] = sq
        plogp[k] = pl


@njit(cache=True, nogil=True)
def partition_stats_block(block, n_patterns, clog, parts, largest, sumsq, plogp):
    """The same figures from a candidates x guesses block (rows of the transposed matrix).

    Single-threaded: for the many small sets of concurrent web requests a parallel kernel per
    request oversubscribes the cores, and the block (n x guesses bytes) stays in cache.
    """
    n, n_guesses = block.shape
    counts = np.zeros(n_patterns, dtype=np.int32)
    for g in range(n_guesses):
        for k in range(n):
            counts[block[k, g]] += 1
        p = 0
        big = 0
        sq = 0
        pl = 0.0
        for k in range(n):
            c = counts[block[k, g]]
            if c > 0:
                p += 1
                if c > big:
                    big = c
                sq += c * c
                pl += clog[c]
                counts[block[k, g]] = 0
        parts[g] = p
        largest[g] = big
        sumsq[g] = sq
        plogp[g] = pl


@njit(cache=True, nogil=True, inline="always")
def xlog2x(w):  # pragma: no cover - compiled
    """w * log2(w), 0 for w <= 0."""
    return w * np.log2(w) if w > 0.0 else 0.0


@njit(cache=True, parallel=True, nogil=True)
def partition_stats_weighted(
    matrix, guesses, cands, cw, n_patterns, clog, parts, largest, sumsq, plogp, wfig
):
    """:func:`partition_stats` with weighted candidates (``cw``, aligned with ``cands``).

    Besides the unweighted figures, ``wfig[k]`` gets four weighted ones of guess ``k``: the
    heaviest bucket's weight, the sum over buckets of weight x size, the sum of squared
    bucket weights and the sum of w*log2(w) over the bucket weights ``w``.
    """
    n = cands.shape[0]
    for k in prange(guesses.shape[0]):  # pragma: no cover - compiled
        row = matrix[guesses[k]]
        counts = np.zeros(n_patterns, dtype=np.int32)
        wsum = np.zeros(n_patterns, dtype=np.float64)
        for j in range(n):
            p = row[cands[j]]
            counts[p] += 1
            wsum[p] += cw[j]
        parts_k = 0
        big = 0
        sq = 0
        pl = 0.0
        wbig = 0.0
        wsz = 0.0
        wsq = 0.0
        wpl = 0.0
        for j in range(n):
            p = row[cands[j]]
            c = counts[p]
            if c > 0:
                w = wsum[p]
                parts_k += 1
                if c > big:
                    big = c
                sq += c * c
                pl += clog[c]
                if w > wbig:
                    wbig = w
                wsz += w * c
                wsq += w * w
                wpl += xlog2x(w)
                counts[p] = 0
                wsum[p] = 0.0
        parts[k] = parts_k
        largest[k] = big
        sumsq[k] = sq
        plogp[k] = pl
        wfig[k, 0] = wbig
        wfig[k, 1] = wsz
        wfig[k, 2] = wsq
        wfig[k, 3] = wpl


@njit(cache=True, nogil=True)
def partition_stats_block_weighted(block, cw, n_patterns, clog, parts, largest, sumsq, plogp, wfig):
    """:func:`partition_stats_block` with weighted candidates (see
    :func:`partition_stats_weighted` for ``wfig``)."""
    n, n_guesses = block.shape
    counts = np.zeros(n_patterns, dtype=np.int32)
    wsum = np.zeros(n_patterns, dtype=np.float64)
    for g in range(n_guesses):
        for k in range(n):
            p = block[k, g]
            counts[p] += 1
            wsum[p] += cw[k]
        parts_g = 0
        big = 0
        sq = 0
        pl = 0.0
        wbig = 0.0
        wsz = 0.0
        wsq = 0.0
        wpl = 0.0
        for k in range(n):
            p = block[k, g]
            c = counts[p]
            if c > 0:
                w = wsum[p]
                parts_g += 1
                if c > big:
                    big = c
                sq += c * c
                pl += clog[c]
                if w > wbig:
                    wbig = w
                wsz += w * c
                wsq += w * w
                wpl += xlog2x(w)
                counts[p] = 0
                wsum[p] = 0.0
        parts[g] = parts_g
        largest[g] = big
        sumsq[g] = sq
        plogp[g] = pl
        wfig[g, 0] = wbig
        wfig[g, 1] = wsz
        wfig[g, 2] = wsq
        wfig[g, 3] = wpl


@njit(cache=True, parallel=True, nogil=True)
def expected_guesses_weighted(matrix, guesses, cands, cw, n_patterns, win, est_c, est_a, out):
    """For each guess: 1 + sum over its buckets but the win of weight x finish, where finish
    is 1 for one word, 2 - q for two (q: the likelier's share of the bucket) and
    ``est_c + est_a * H`` from three words on (H: the entropy of the bucket's weights, bits).
    See :func:`wordlekit.fast.partition.expected_guesses`."""
    n = cands.shape[0]
    for k in prange(guesses.shape[0]):  # pragma: no cover - compiled
        row = matrix[guesses[k]]
        counts = np.zeros(n_patterns, dtype=np.int32)
        wsum = np.zeros(n_patterns, dtype=np.float64)
        wlog = np.zeros(n_patterns, dtype=np.float64)
        wmax = np.zeros(n_patterns, dtype=np.float64)
        for j in range(n):
            p = row[cands[j]]
            w = cw[j]
            counts[p] += 1
            wsum[p] += w
            wlog[p] += xlog2x(w)
            if w > wmax[p]:
                wmax[p] = w
        total = 0.0
        for j in range(n):
            p = row[cands[j]]
            c = counts[p]
            if c > 0:
                w = wsum[p]
                if p != win and w > 0.0:
                    if c == 1:
                        finish = 1.0
                    elif c == 2:
                        finish = 2.0 - wmax[p] / w
                    else:
                        finish = est_c + est_a * (np.log2(w) - wlog[p] / w)
                    total += w * finish
                counts[p] = 0
                wsum[p] = 0.0
                wlog[p] = 0.0
                wmax[p] = 0.0
        out[k] = 1.0 + total
