"""Random consistent play for every hidden word at once, compiled by numba: each consistent
set is solved once for all the words it may hide.

Python-facing code: :class:`wordlekit.analysis.setplay.SetSolver`.

For a set ``T`` (its members sorted ascending: a part of a sorted set, taken in order, stays
sorted, so a set's vector has one canonical order) and every member ``h`` of ``T``::

    V(T)[h] = 1 + (1/|T|) * sum over g in T, g != h, of V(part of T under g holding h)[h]

One partition of ``T`` by each guess ``g`` (a counting sort of the members by their pattern
against ``g``) serves every hidden word of ``T``: each part's vector is added into ``T``'s
sums at its members' positions. A member's sums receive the guesses' terms in the order of
the guesses, exactly as the per-word recursion (:mod:`wordlekit.analysis._random_jit`) adds
them, and both combine them by the same formulas, so below the root the figures are the same
floating-point numbers, bit for bit.

Every member's vector holds :data:`WIDTH` values: E, the worst case, P(T<=2), ..., P(T<=6)
(P(T<=1) is 1/|T|). Sets of one or two words have closed forms, sets of three and four are
computed directly (:func:`_three`, :func:`_four`: cheaper than a probe of the memo, which
misses the caches). Larger sets are kept in a memo: an open-addressing table keyed by a 128-bit
Zobrist hash of the set (slot: the two key words, the vector's offset in a float64 arena, the
generation and the set's size) and the arena. When either is full the memo is flushed (a new
generation: every slot reads as free, the arena starts again at 0): the memo is bounded, the
figures stay exact, only slower.

Only the hidden words marked in ``target`` are wanted: a part holding none of them is not
solved (so the vectors are exact at the targets' positions only). With every answer marked
and the answers as the guesses this is the whole list; with the answers marked among every
valid guess it is ``--guesses valid``; with one word marked it is the per-word recursion.

Scratch space is two flat stacks (int32: a set's members, their order by pattern and the
parts' bounds; float64: a set's sums), a frame per depth: nothing is allocated per node.
A stack too small for a run sets :data:`OVERFLOW` and the caller retries with a larger one.

Every argument of the recursive call has the outer call's type (``final`` is an int64, not a
bool literal): numba loads a cached recursive function whose recursive call casts an
argument into a segmentation fault (numba issue 6713).
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

#: Values per member of a set's vector: E, worst, P(T<=2..6).
WIDTH = 7

# stats: counters of the work done
SOLVED = 0  # sets solved (memo misses of 3 words or more, and the root)
PARTITIONS = 1  # partitions computed (one per guess of a solved set)
HITS = 2  # parts found in the memo
STORED = 3  # sets stored in the memo (over the run, across flushes)
FLUSHES = 4  # times the memo was flushed
ARENA_PEAK = 5  # the most arena floats in use at once
SCANNED = 6  # members scanned by the partitions (the sum of the sets' sizes over them)
N_STATS = 7

# state: the memo's generation and fill, and the run's flags
GEN = 0
PTR = 1  # next free float of the arena
LIVE = 2  # slots used in this generation
OVERFLOW = 3  # a stack was too small: retry with larger ones
ABORT = 4  # the sets budget is spent
BUDGET = 5  # the most sets to solve (0: no limit)
MIN_MEMO = 6  # the smallest set kept in the memo (5: smaller ones are computed directly)
N_STATE = 7


_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def new_state(budget: int = 0, min_memo: int = 3) -> np.ndarray:
    state = np.zeros(N_STATE, dtype=np.int64)
    state[GEN] = 1  # a zeroed table is generation 0: every slot free
    state[BUDGET] = budget
    state[MIN_MEMO] = max(5, min_memo)
    return state


@njit(cache=True)
def solve(  # noqa: C901 (one loop nest: numba inlines nothing across a recursion)
    n, ib, fb, g_lo, g_hi, final, ist, fst, M, target, z1, z2, pat, cnt, touched, table,
    arena, state, stats, seen,
):  # fmt: skip
    """Solve the set ``ist[ib:ib+n]`` (global word ids, ascending) over its guesses
    ``g_lo..g_hi`` (local positions): the sums of the children's figures, per member, into
    ``fst[fb:fb+WIDTH*n]``, combined into the set's own figures when ``final``; ``seen``
    counts, per target word, the sets solved that hold it."""
    stats[SOLVED] += 1
    for k in range(n):
        seen[ist[ib + k]] += target[ist[ib + k]]
    if state[BUDGET] > 0 and stats[SOLVED] > state[BUDGET]:
        state[ABORT] = 1
        return 0
    mem0 = ib
    order0 = ib + n
    start0 = ib + 2 * n
    cib = ib + 3 * n + 1  # the child's frame
    cfb = fb + WIDTH * n
    for k in range(WIDTH * n):
        fst[fb + k] = 0.0
    for gi in range(g_lo, g_hi):
        g = ist[mem0 + gi]
        row = M[g]
        stats[PARTITIONS] += 1
        stats[SCANNED] += n  # the kernel's time follows this count (docs/benchmarks.md)
        # counting sort of the members by pattern (stable: each part stays ascending)
        nt = 0
        for k in range(n):
            p = np.int64(row[ist[mem0 + k]])
            pat[k] = p
            if cnt[p] == 0:
                touched[nt] = p
                nt += 1
            cnt[p] += 1
        pg = np.int64(row[g])
        own = -1
        s = 0
        for t in range(nt):
            p = touched[t]
            if p == pg:
                own = t
            c = cnt[p]
            cnt[p] = s
            ist[start0 + t] = s
            s += c
        ist[start0 + nt] = n
        for k in range(n):
            p = pat[k]
            ist[order0 + cnt[p]] = k
            cnt[p] += 1
        for t in range(nt):
            cnt[touched[t]] = 0
        for t in range(nt):
            if t == own:  # g's own part: {g}, the game ends
                continue
            st = ist[start0 + t]
            m = ist[start0 + t + 1] - st
            wanted = False
            for j in range(m):
                if target[ist[mem0 + ist[order0 + st + j]]]:
                    wanted = True
                    break
            if not wanted:
                continue
            if m <= 2:
                e = 1.0 if m == 1 else 1.5
                w = 1.0 if m == 1 else 2.0
                p1 = 1.0 if m == 1 else 0.5
                for j in range(m):
                    b = fb + WIDTH * ist[order0 + st + j]
                    fst[b] += e
                    fst[b + 1] = max(fst[b + 1], w)
                    fst[b + 2] += p1
                    fst[b + 3] += 1.0
                    fst[b + 4] += 1.0
                    fst[b + 5] += 1.0
                    fst[b + 6] += 1.0
                continue
            inv = 1.0 / m
            if m == 3:  # in closed form: cheaper than the memo
                if cfb + WIDTH * 3 > fst.shape[0]:
                    state[OVERFLOW] = 1
                    return 0
                x0 = ist[mem0 + ist[order0 + st]]
                x1 = ist[mem0 + ist[order0 + st + 1]]
                x2 = ist[mem0 + ist[order0 + st + 2]]
                _three(M, x0, x1, x2, fst, cfb)
                _add_part(fst, fb, ist, order0 + st, 3, fst, cfb, inv)
                continue
            if m == 4:  # directly: cheaper than the memo too
                if cfb + WIDTH * 7 > fst.shape[0]:
                    state[OVERFLOW] = 1
                    return 0
                x0 = ist[mem0 + ist[order0 + st]]
                x1 = ist[mem0 + ist[order0 + st + 1]]
                x2 = ist[mem0 + ist[order0 + st + 2]]
                x3 = ist[mem0 + ist[order0 + st + 3]]
                _four(M, x0, x1, x2, x3, fst, cfb)
                _add_part(fst, fb, ist, order0 + st, 4, fst, cfb, inv)
                continue
            slot = -1
            k1 = np.uint64(0)
            k2 = np.uint64(0)
            if m >= state[MIN_MEMO]:
                for j in range(m):
                    x = ist[mem0 + ist[order0 + st + j]]
                    k1 += z1[x]
                    k2 += z2[x]
                slot = _find(table, k1, k2, m, state[GEN])
            if slot >= 0:
                stats[HITS] += 1
                src = np.int64(table[slot, 2])
                buf = arena
            else:
                if cib + 3 * m + 1 > ist.shape[0] or cfb + WIDTH * m > fst.shape[0]:
                    state[OVERFLOW] = 1
                    return 0
                for j in range(m):
                    ist[cib + j] = ist[mem0 + ist[order0 + st + j]]
                # every argument typed as the outer call's (numba issue 6713: a cached
                # recursive function whose recursive call casts crashes when loaded)
                solve(
                    np.int64(m), np.int64(cib), np.int64(cfb), np.int64(0), np.int64(m),
                    np.int64(1), ist, fst, M, target, z1, z2, pat, cnt, touched,
                    table, arena, state, stats, seen,
                )  # fmt: skip
                if state[OVERFLOW] or state[ABORT]:
                    return 0
                if m >= state[MIN_MEMO]:
                    _insert(table, arena, state, stats, k1, k2, m, fst, cfb)
                src = cfb
                buf = fst
            _add_part(fst, fb, ist, order0 + st, m, buf, src, inv)
    if final:
        inv = 1.0 / n
        for k in range(n):
            b = fb + WIDTH * k
            fst[b] = 1.0 + fst[b] * inv
            fst[b + 1] = 1.0 + fst[b + 1]
            fst[b + 2] = inv + fst[b + 2] * inv
            fst[b + 3] = inv + fst[b + 3] * inv
            fst[b + 4] = inv + fst[b + 4] * inv
            fst[b + 5] = inv + fst[b + 5] * inv
            fst[b + 6] = inv + fst[b + 6] * inv
    return 0


@njit(cache=True, inline="always")
def _add_part(fst, fb, ist, order, m, buf, src, inv):
    """Add a part's figures (``m`` members' vectors at ``buf[src:]``, the members' positions
    in this set at ``ist[order:order+m]``) into this set's sums at ``fst[fb:]``: E and
    P(T<=k) summed (a child's P(T<=k) is this set's P(T<=k+1); the child's P(T<=1) is its
    ``inv``), the worst case a maximum."""
    for j in range(m):
        b = fb + WIDTH * ist[order + j]
        c = src + WIDTH * j
        fst[b] += buf[c]
        fst[b + 1] = max(fst[b + 1], buf[c + 1])
        fst[b + 2] += inv
        fst[b + 3] += buf[c + 2]
        fst[b + 4] += buf[c + 3]
        fst[b + 5] += buf[c + 4]
        fst[b + 6] += buf[c + 5]


@njit(cache=True, inline="always")
def _three(M, x0, x1, x2, fst, ob):
    """The figures of the set {x0, x1, x2} (ascending) into ``fst[ob:ob+3*WIDTH]``: each
    other guess leaves a member alone or with the third word; the same operations, in the same
    order, as :func:`solve` on the set."""
    xs = (x0, x1, x2)
    inv = 1.0 / 3
    for i in range(3):
        h = xs[i]
        a0 = 0.0
        a1 = 0.0
        a2 = 0.0
        a3 = 0.0
        for j in range(3):
            if j == i:
                continue
            g = xs[j]
            o = xs[3 - i - j]
            if M[g, o] == M[g, h]:  # h and o: a part of two
                a0 += 1.5
                a1 = max(a1, 2.0)
                a2 += 0.5
            else:
                a0 += 1.0
                a1 = max(a1, 1.0)
                a2 += 1.0
            a3 += 1.0
        b = ob + WIDTH * i
        fst[b] = 1.0 + a0 * inv
        fst[b + 1] = 1.0 + a1
        fst[b + 2] = inv + a2 * inv
        p = inv + a3 * inv
        fst[b + 3] = p
        fst[b + 4] = p
        fst[b + 5] = p
        fst[b + 6] = p


@njit(cache=True)
def _four(M, x0, x1, x2, x3, fst, ob):
    """The figures of the set {x0, ..., x3} (ascending) into ``fst[ob:ob+4*WIDTH]`` (and
    ``fst[ob+4*WIDTH:ob+7*WIDTH]`` as scratch), as :func:`solve` computes them."""
    xs = (x0, x1, x2, x3)
    inv = 1.0 / 4
    third = 1.0 / 3
    tmp = ob + 4 * WIDTH
    for i in range(4):
        h = xs[i]
        a0 = 0.0
        a1 = 0.0
        a2 = 0.0
        a3 = 0.0
        a4 = 0.0
        a5 = 0.0
        a6 = 0.0
        for j in range(4):
            if j == i:
                continue
            g = xs[j]
            ph = M[g, h]
            m = 1
            for k in range(4):
                if k != i and k != j and M[g, xs[k]] == ph:
                    m += 1
            if m <= 2:
                a0 += 1.0 if m == 1 else 1.5
                a1 = max(a1, 1.0 if m == 1 else 2.0)
                a2 += 1.0 if m == 1 else 0.5
                a3 += 1.0
                a4 += 1.0
                a5 += 1.0
                a6 += 1.0
                continue
            # h and the two others: the three ascending, and h's place among them
            y0 = xs[0] if j != 0 else xs[1]
            y1 = xs[2] if j < 2 else xs[1]
            y2 = xs[3] if j != 3 else xs[2]
            pos = i if i < j else i - 1
            _three(M, y0, y1, y2, fst, tmp)
            b = tmp + WIDTH * pos
            a0 += fst[b]
            a1 = max(a1, fst[b + 1])
            a2 += third
            a3 += fst[b + 2]
            a4 += fst[b + 3]
            a5 += fst[b + 4]
            a6 += fst[b + 5]
        b = ob + WIDTH * i
        fst[b] = 1.0 + a0 * inv
        fst[b + 1] = 1.0 + a1
        fst[b + 2] = inv + a2 * inv
        fst[b + 3] = inv + a3 * inv
        fst[b + 4] = inv + a4 * inv
        fst[b + 5] = inv + a5 * inv
        fst[b + 6] = inv + a6 * inv


@njit(cache=True, inline="always")
def _find(table, k1, k2, m, gen):
    """The live slot holding the set keyed (k1, k2) of ``m`` words, or -1."""
    mask = table.shape[0] - 1
    i = np.int64(k1 & np.uint64(mask))
    g = np.uint64(gen)
    while (table[i, 3] >> _S32) == g:
        if table[i, 0] == k1 and table[i, 1] == k2 and (table[i, 3] & _LOW32) == np.uint64(m):
            return i
        i = (i + 1) & mask
    return -1


@njit(cache=True, inline="always")
def _insert(table, arena, state, stats, k1, k2, m, fst, src):
    """Keep a set's vector (``fst[src:src+WIDTH*m]``); flush the memo first when it is full
    (70% of the slots, or no room left in the arena)."""
    size = WIDTH * m
    if size > arena.shape[0]:
        return
    if state[PTR] + size > arena.shape[0] or state[LIVE] * 10 >= table.shape[0] * 7:
        state[GEN] += 1
        state[PTR] = 0
        state[LIVE] = 0
        stats[FLUSHES] += 1
    mask = table.shape[0] - 1
    gen = np.uint64(state[GEN])
    i = np.int64(k1 & np.uint64(mask))
    while (table[i, 3] >> _S32) == gen:
        i = (i + 1) & mask
    off = state[PTR]
    for k in range(size):
        arena[off + k] = fst[src + k]
    table[i, 0] = k1
    table[i, 1] = k2
    table[i, 2] = np.uint64(off)
    table[i, 3] = (gen << _S32) | np.uint64(m)
    state[PTR] = off + size
    state[LIVE] += 1
    stats[STORED] += 1
    if state[PTR] > stats[ARENA_PEAK]:
        stats[ARENA_PEAK] = state[PTR]
