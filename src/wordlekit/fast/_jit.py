"""The numba-compiled loops. Imported lazily by :mod:`wordlekit.fast.kernel` (importing numba costs
about 0.3 s), so commands that only read cached data start fast.

Every function here is tested equal to the pure-Python reference through the wrappers in
:mod:`wordlekit.fast.kernel`; read those for the contracts.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wordlekit.core.alphabet import CODES


@njit(cache=True, nogil=True, inline="always")
def pattern_with(guess, answer, counts):  # pragma: no cover - compiled
    """The pattern of ``guess`` against ``answer`` (letter codes), the two passes of the rule.

    ``counts`` is a zeroed table of ``CODES`` that is left zeroed again, so callers in hot
    loops reuse one table instead of allocating (or zeroing it all) per pair.
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
    return pattern_with(guess, answer, np.zeros(CODES, dtype=np.int8))


@njit(cache=True, parallel=True, nogil=True)
def fill_matrix(guesses, answers, out):  # pragma: no cover - compiled
    n_guesses = guesses.shape[0]
    n_answers = answers.shape[0]
    for gi in prange(n_guesses):
        counts = np.zeros(CODES, dtype=np.int8)  # one table per row, reused for every answer
        g = guesses[gi]
        for ai in range(n_answers):
            out[gi, ai] = pattern_with(g, answers[ai], counts)


@njit(cache=True, nogil=True, inline="always")
def gathered(row, cands, j):  # pragma: no cover - compiled
    """The pattern candidate ``j`` shows a guess whose matrix row is ``row``."""
    return row[cands[j]]


@njit(cache=True, nogil=True, inline="always")
def in_column(block, g, j):  # pragma: no cover - compiled
    """The pattern candidate ``j`` shows guess ``g`` of a candidates x guesses block."""
    return block[j, g]


@njit(cache=True, nogil=True, inline="always")
def buckets(pattern, src, at, n, counts, clog):  # pragma: no cover - compiled
    """How one guess splits ``n`` candidates, candidate ``j`` showing the pattern
    ``pattern(src, at, j)`` (:func:`gathered` or :func:`in_column`, inlined): (parts, largest
    bucket, sum of squared bucket sizes, sum of ``clog[c]`` over the buckets' sizes ``c``).

    ``counts`` is a zeroed table of the patterns, left zeroed: it is reset by walking the
    candidates again rather than zeroing all 3**length entries, which matters for the many
    small sets of a decision tree (measured: 2.4x faster on the entropy benchmark).
    """
    for j in range(n):
        counts[pattern(src, at, j)] += 1
    p = 0
    big = 0
    sq = 0
    pl = 0.0
    for j in range(n):
        pat = pattern(src, at, j)
        c = counts[pat]
        if c > 0:
            p += 1
            if c > big:
                big = c
            sq += c * c
            pl += clog[c]
            counts[pat] = 0
    return p, big, sq, pl


@njit(cache=True, nogil=True, inline="always")
def xlog2x(w):  # pragma: no cover - compiled
    """w * log2(w), 0 for w <= 0."""
    return w * np.log2(w) if w > 0.0 else 0.0


@njit(cache=True, nogil=True, inline="always")
def weighted_buckets(pattern, src, at, n, cw, counts, wsum, clog):  # pragma: no cover
    """:func:`buckets` with the candidates' weights ``cw`` (``wsum``: a zeroed table of the
    patterns, left zeroed), and four weighted figures more: the heaviest bucket's weight, the
    sum over buckets of weight x size, the sum of squared bucket weights and the sum of
    w*log2(w) over the bucket weights ``w``. (A loop of its own: the unweighted one, the
    hotter, does no floating-point work on the weights.)"""
    for j in range(n):
        pat = pattern(src, at, j)
        counts[pat] += 1
        wsum[pat] += cw[j]
    p = 0
    big = 0
    sq = 0
    pl = 0.0
    wbig = 0.0
    wsz = 0.0
    wsq = 0.0
    wpl = 0.0
    for j in range(n):
        pat = pattern(src, at, j)
        c = counts[pat]
        if c > 0:
            w = wsum[pat]
            p += 1
            if c > big:
                big = c
            sq += c * c
            pl += clog[c]
            if w > wbig:
                wbig = w
            wsz += w * c
            wsq += w * w
            wpl += xlog2x(w)
            counts[pat] = 0
            wsum[pat] = 0.0
    return p, big, sq, pl, wbig, wsz, wsq, wpl


@njit(cache=True, parallel=True, nogil=True)
def partition_stats(matrix, guesses, cands, n_patterns, clog, parts, largest, sumsq, plogp):
    """For each guess row: how it splits the candidate columns (:func:`buckets`): ``parts``
    distinct patterns, ``largest`` bucket, ``sumsq`` sum of squared bucket sizes and
    ``plogp`` sum of c*log2(c)."""
    n = cands.shape[0]
    for k in prange(guesses.shape[0]):  # pragma: no cover - compiled
        counts = np.zeros(n_patterns, dtype=np.int32)
        row = matrix[guesses[k]]
        parts[k], largest[k], sumsq[k], plogp[k] = buckets(gathered, row, cands, n, counts, clog)


@njit(cache=True, nogil=True)
def partition_stats_block(block, n_patterns, clog, parts, largest, sumsq, plogp):
    """The same figures from a candidates x guesses block (rows of the transposed matrix).

    Single-threaded: for the many small sets of concurrent web requests a parallel kernel per
    request oversubscribes the cores, and the block (n x guesses bytes) stays in cache.
    """
    n, n_guesses = block.shape
    counts = np.zeros(n_patterns, dtype=np.int32)
    for g in range(n_guesses):
        parts[g], largest[g], sumsq[g], plogp[g] = buckets(in_column, block, g, n, counts, clog)


@njit(cache=True, parallel=True, nogil=True)
def partition_stats_weighted(
    matrix, guesses, cands, cw, n_patterns, clog, parts, largest, sumsq, plogp, wfig
):
    """:func:`partition_stats` with weighted candidates (``cw``, aligned with ``cands``):
    ``wfig[k]`` gets guess ``k``'s four weighted figures (:func:`weighted_buckets`)."""
    n = cands.shape[0]
    for k in prange(guesses.shape[0]):  # pragma: no cover - compiled
        counts = np.zeros(n_patterns, dtype=np.int32)
        wsum = np.zeros(n_patterns, dtype=np.float64)
        row = matrix[guesses[k]]
        f = weighted_buckets(gathered, row, cands, n, cw, counts, wsum, clog)
        parts[k], largest[k], sumsq[k], plogp[k] = f[0], f[1], f[2], f[3]
        wfig[k, 0], wfig[k, 1], wfig[k, 2], wfig[k, 3] = f[4], f[5], f[6], f[7]


@njit(cache=True, nogil=True)
def partition_stats_block_weighted(block, cw, n_patterns, clog, parts, largest, sumsq, plogp, wfig):
    """:func:`partition_stats_block` with weighted candidates (see
    :func:`partition_stats_weighted` for ``wfig``)."""
    n, n_guesses = block.shape
    counts = np.zeros(n_patterns, dtype=np.int32)
    wsum = np.zeros(n_patterns, dtype=np.float64)
    for g in range(n_guesses):
        f = weighted_buckets(in_column, block, g, n, cw, counts, wsum, clog)
        parts[g], largest[g], sumsq[g], plogp[g] = f[0], f[1], f[2], f[3]
        wfig[g, 0], wfig[g, 1], wfig[g, 2], wfig[g, 3] = f[4], f[5], f[6], f[7]


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
