"""Random consistent play, compiled by numba.

Python-facing code: :mod:`wordlekit.analysis.randomplay`.

``expect(...)`` returns, for hidden word ``h`` and the consistent set ``S`` (``pool[depth,
:n]``), the tuple ``(E, worst, P(T<=1), ..., P(T<=6))`` of the number of guesses ``T`` when
every guess is drawn uniformly from the words still consistent with the feedback so far:

    E(S) = 1 + (1/n) * sum over g in S, g != h, of E(S & class(g, h))

where ``class(g, h)`` is every word giving the same pattern as ``h`` against ``g``.

A memo (open addressing over one numpy table, keyed by a 128-bit Zobrist hash of the set)
holds each set's tuple: numba's typed dict was ~25% slower here (measured on CIGAR: 2.5 s
against 3.3 s). Sets of one or two words have closed forms and are never stored, and a child
found in the memo is read in place, without a call.

Cost, measured on the original list: 1.0 to 8.6 s per hidden word on one core (CIGAR 1.8 s,
HATER 8.6 s with 2.7 million sets), about half in the n x n scans that build the children and
half in memo probes; a node-local submatrix, bitsets and huge pages were tried and did not
help.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

COMPUTED = 0
HITS = 1
STORED = 2
PARTITIONS = 3  # classes computed (one per guess of a set solved)
N_STATS = 4

# One 64-byte record per set (one cache line): word 0 = the first hash with its low 8 bits
# holding the worst case (never 0, so 0 marks a free slot), word 1 = the second hash, words
# 2..7 = E, P(T<=2), ..., P(T<=6). P(T<=1) is 1/n. Measured: the three separate arrays of the
# first version cost three cache misses per probe and made this ~2x slower.
_HIGH = np.uint64(0xFFFFFFFFFFFFFF00)
_LOW = np.uint64(0xFF)


@njit(cache=True)
def expect(pool, depth, n, h, hk1, hk2, M, tu, tf, stats, z1, z2):
    if n <= 2:
        return _closed(n)
    i = _find(tu, hk1, hk2)
    if i >= 0:
        stats[HITS] += 1
        return _entry(tu, tf, i, n)
    stats[COMPUTED] += 1
    S = pool[depth]
    child = pool[depth + 1]
    # sums over the children: E, the worst case (a maximum), P(T<=1..5) (a child's P(T<=k)
    # is this set's P(T<=k+1))
    acc = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    for gi in range(n):
        g = S[gi]
        if g == h:
            continue
        stats[PARTITIONS] += 1
        m, a1, a2 = _class(M[g], h, S, n, child, z1, z2)
        if m <= 2:
            acc = _add(acc, _closed(m))
            continue
        j = _find(tu, a1, a2)
        if j >= 0:  # found in the memo: read in place, without a call
            stats[HITS] += 1
            acc = _add(acc, _entry(tu, tf, j, m))
            continue
        acc = _add(acc, expect(pool, depth + 1, m, h, a1, a2, M, tu, tf, stats, z1, z2))
    out = _combine(acc, n)
    _insert(tu, tf, stats, hk1, hk2, out)
    return out


@njit(cache=True, inline="always")
def _closed(n):
    """The figures of a set of one or two words."""
    if n == 1:
        return (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    return (1.5, 2.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0)


@njit(cache=True, inline="always")
def _find(tu, k1, k2):
    """The memo slot holding the set keyed (k1, k2), or -1."""
    mask = tu.shape[0] - 1
    kw = k1 & _HIGH  # the low 8 bits of the first key word hold the worst case
    i = np.int64((k1 >> np.uint64(8)) & np.uint64(mask))
    while tu[i, 0] != 0:
        if (tu[i, 0] & _HIGH) == kw and tu[i, 1] == k2:
            return i
        i = (i + 1) & mask
    return -1


@njit(cache=True, inline="always")
def _entry(tu, tf, i, n):
    """The figures of the set stored in slot ``i`` (a set of ``n`` words)."""
    inv = 1.0 / n
    return (
        tf[i, 2],
        np.float64(tu[i, 0] & _LOW),
        inv,
        tf[i, 3],
        tf[i, 4],
        tf[i, 5],
        tf[i, 6],
        tf[i, 7],
    )


@njit(cache=True, inline="always")
def _class(row, h, S, n, child, z1, z2):
    """Every word of ``S`` giving the hidden word's pattern against the guess of ``row``,
    into ``child``: (how many, the set's two hash words)."""
    ph = row[h]
    m = 0
    a1 = np.uint64(0)
    a2 = np.uint64(0)
    for k in range(n):
        w = S[k]
        if row[w] == ph:
            child[m] = w
            m += 1
            a1 += z1[w]
            a2 += z2[w]
    return m, a1, a2


@njit(cache=True, inline="always")
def _add(acc, r):
    """Add a child's figures ``r`` (as returned by :func:`expect`) to the sums."""
    return (
        acc[0] + r[0],
        max(acc[1], r[1]),
        acc[2] + r[2],
        acc[3] + r[3],
        acc[4] + r[4],
        acc[5] + r[5],
        acc[6] + r[6],
    )


@njit(cache=True, inline="always")
def _combine(acc, n):
    inv = 1.0 / n
    return (
        1.0 + acc[0] * inv,
        1.0 + acc[1],
        inv,
        inv + acc[2] * inv,
        inv + acc[3] * inv,
        inv + acc[4] * inv,
        inv + acc[5] * inv,
        inv + acc[6] * inv,
    )


@njit(cache=True, inline="always")
def _insert(tu, tf, stats, k1, k2, out):
    """Store a set's figures; stops storing at 70% load (the answers stay exact, only
    slower)."""
    if stats[STORED] * 10 >= tu.shape[0] * 7:
        return
    mask = tu.shape[0] - 1
    i = np.int64((k1 >> np.uint64(8)) & np.uint64(mask))
    while tu[i, 0] != 0:
        i = (i + 1) & mask
    tu[i, 1] = k2
    tf[i, 2] = out[0]
    tf[i, 3] = out[3]
    tf[i, 4] = out[4]
    tf[i, 5] = out[5]
    tf[i, 6] = out[6]
    tf[i, 7] = out[7]
    tu[i, 0] = (k1 & _HIGH) | np.uint64(out[1])  # written last: marks the slot taken
    stats[STORED] += 1


@njit(cache=True)
def simulate(M, h, n_games, seed, out):
    """Play ``n_games`` random consistent games on hidden word ``h``; guesses into ``out``."""
    np.random.seed(seed)
    A = M.shape[0]
    cur = np.empty(A, dtype=np.int32)
    nxt = np.empty(A, dtype=np.int32)
    for game in range(n_games):
        n = A
        for k in range(A):
            cur[k] = k
        t = 0
        while True:
            t += 1
            g = cur[np.random.randint(0, n)]
            if g == h:
                break
            row = M[g]
            ph = row[h]
            m = 0
            for k in range(n):
                w = cur[k]
                if row[w] == ph:
                    nxt[m] = w
                    m += 1
            cur, nxt = nxt, cur
            n = m
        out[game] = t
