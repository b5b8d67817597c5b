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

# One 64-byte record per set (one cache line): word 0 = the first hash with its low 8 bits
# holding the worst case (never 0, so 0 marks a free slot), word 1 = the second hash, words
# 2..7 = E, P(T<=2), ..., P(T<=6). P(T<=1) is 1/n. Measured: the three separate arrays of the
# first version cost three cache misses per probe and made this ~2x slower.
_HIGH = np.uint64(0xFFFFFFFFFFFFFF00)
_LOW = np.uint64(0xFF)


@njit(cache=True)
def expect(pool, depth, n, h, hk1, hk2, M, tu, tf, stats, z1, z2):
    if n == 1:
        return (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    if n == 2:
        return (1.5, 2.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0)
    mask = tu.shape[0] - 1
    kw = hk1 & _HIGH  # the low 8 bits of the first key word hold the worst case
    i = np.int64((hk1 >> np.uint64(8)) & np.uint64(mask))
    while tu[i, 0] != 0:
        if (tu[i, 0] & _HIGH) == kw and tu[i, 1] == hk2:
            stats[HITS] += 1
            return _entry(tu, tf, i, n)
        i = (i + 1) & mask
    stats[COMPUTED] += 1
    S = pool[depth]
    child = pool[depth + 1]
    E = 0.0
    W = 0.0
    c2 = 0.0
    c3 = 0.0
    c4 = 0.0
    c5 = 0.0
    c6 = 0.0
    for gi in range(n):
        g = S[gi]
        if g == h:
            continue
        row = M[g]
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
        if m == 1:
            E += 1.0
            if W < 1.0:
                W = 1.0
            c2 += 1.0
            c3 += 1.0
            c4 += 1.0
            c5 += 1.0
            c6 += 1.0
            continue
        if m == 2:
            E += 1.5
            if W < 2.0:
                W = 2.0
            c2 += 0.5
            c3 += 1.0
            c4 += 1.0
            c5 += 1.0
            c6 += 1.0
            continue
        kc = a1 & _HIGH
        j = np.int64((a1 >> np.uint64(8)) & np.uint64(mask))
        found = False
        while tu[j, 0] != 0:
            if (tu[j, 0] & _HIGH) == kc and tu[j, 1] == a2:
                found = True
                break
            j = (j + 1) & mask
        if found:
            stats[HITS] += 1
            E += tf[j, 2]
            w_c = np.float64(tu[j, 0] & _LOW)
            if w_c > W:
                W = w_c
            c2 += 1.0 / m  # the child's P(T<=1)
            c3 += tf[j, 3]
            c4 += tf[j, 4]
            c5 += tf[j, 5]
            c6 += tf[j, 6]
            continue
        r = expect(pool, depth + 1, m, h, a1, a2, M, tu, tf, stats, z1, z2)
        E += r[0]
        if r[1] > W:
            W = r[1]
        c2 += r[2]
        c3 += r[3]
        c4 += r[4]
        c5 += r[5]
        c6 += r[6]
    inv = 1.0 / n
    out = (
        1.0 + E * inv,
        1.0 + W,
        inv,
        inv + c2 * inv,
        inv + c3 * inv,
        inv + c4 * inv,
        inv + c5 * inv,
        inv + c6 * inv,
    )
    # Stop storing at 70% load: the answer stays exact, only slower.
    if stats[STORED] * 10 < tu.shape[0] * 7:
        i = np.int64((hk1 >> np.uint64(8)) & np.uint64(mask))
        while tu[i, 0] != 0:
            i = (i + 1) & mask
        tu[i, 1] = hk2
        tf[i, 2] = out[0]
        tf[i, 3] = out[3]
        tf[i, 4] = out[4]
        tf[i, 5] = out[5]
        tf[i, 6] = out[6]
        tf[i, 7] = out[7]
        tu[i, 0] = kw | np.uint64(out[1])  # written last: marks the slot taken
        stats[STORED] += 1
    return out


@njit(cache=True, inline="always")
def _entry(tu, tf, i, n):
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
