"""The pieces of a node of the exact search (:mod:`wordlekit.solve._solver_jit`), compiled
by numba: every helper that looks at a set of answers without recursing.

- hashing: the 128-bit Zobrist key of a node (set, guesses left, hard-mode constraints);
- modes: the guesses a node may play (all; in hard mode those the constraints allow, and the
  constraints after a pattern; in ultrahard mode the candidates themselves);
- costs: what a guess costs each answer still unfound, by guesses left (``inc``), and the
  least cost of a bucket, so that one search serves every objective (see below);
- partition: a set grouped by the pattern a guess shows, and a guess's buckets;
- parts and bounds: the patterns each guess shows the set, as bitmaps (popcount gives the
  number of parts), full splits, and every guess's lower bound ``3n - parts - [candidate]``;
- ordering: the guesses still able to beat a cap, by bound then sum of squared bucket sizes
  (the ties of a bound put in order only when the search reaches them).

They live apart from :func:`~wordlekit.solve._solver_jit.solve` so that the search reads as
its control flow and memo, while that module keeps the only recursive function (numba cannot
load mutually recursive functions from its cache). numba compiles these helpers into
``solve`` as it would from the same file: the speed and the nodes searched are the same.

numba checks its on-disk cache of ``solve`` against the content of ``_solver_jit.py`` alone,
yet the cached ``solve`` has these helpers compiled in. So ``_solver_jit.PARTS_SHA256`` pins
this file's hash: after editing it, put the new hash there (the test in tests/test_optimal.py
gives it), which changes ``_solver_jit.py`` and makes numba compile ``solve`` again.

``tables`` is ``(matrix, transposed, guess_codes, guess_counts, z1, z2, zf, zc, inc)`` and
``limits`` is ``(mode, n_answers, win, n_patterns, memo_cap, top, node_limit)``, indexed by the
slots below (see :class:`~wordlekit.solve.solver.Solver`). Only modules of
:mod:`wordlekit.solve` import this one.

Costs. A node's value is the sum over its answers of ``inc[d]`` for every guess the answer
sees while unfound, ``d`` being the guesses left when that guess is made. ``inc[d] = 1`` is
the total number of guesses; ``inc[d] = 1 + M`` at the level ``K + 1`` (and 1 elsewhere)
adds ``M`` for every answer needing more than ``K`` guesses. The bounds hold for any
``inc >= 0``: every answer sees this guess, every answer it does not find sees the next one,
and in a bucket of ``b`` answers at most one is found by the bucket's first guess, so a bucket
with ``d`` guesses left costs at least ``b*inc[d] + (b-1)*inc[d-1]`` (exactly that for one or
two answers). ``inc[0]`` is never read: a bucket of two or more with one guess left is
impossible (``INF``).
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

from wordlekit.core.alphabet import CODES

#: "Impossible within the guesses left".
INF = 1 << 40
_MIX1 = np.uint64(0x9E3779B97F4A7C15)
_MIX2 = np.uint64(0xC2B2AE3D27D4EB4F)

# limits slots
HARD = 0  # the mode: NORMAL, HARD_MODE or ULTRAHARD
N_ANSWERS = 1
WIN = 2
N_PATTERNS = 3
MEMO_CAP = 4
TOP = 5
NODE_LIMIT = 6
# tables slot of the costs
INC = 8
# modes
NORMAL = 0
HARD_MODE = 1
ULTRAHARD = 2


@njit(cache=True, nogil=True)
def set_key(cands, depth, hc1, hc2, z1, z2):
    """128-bit Zobrist hash of a set and its guesses left, mixed with the constraints' hash."""
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    for k in range(cands.shape[0]):
        h1 += z1[cands[k]]
        h2 += z2[cands[k]]
    d = np.uint64(depth + 1)
    return (h1 ^ (d * _MIX1) ^ hc1, h2 ^ (d * _MIX2) ^ hc2)


@njit(cache=True, nogil=True)
def constraint_hash(fixed, mincnt, zf, zc):
    """Hash of hard-mode constraints (greens by position, least count of each letter)."""
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    for i in range(fixed.shape[0]):
        h1 += zf[0, i, fixed[i] + 1]
        h2 += zf[1, i, fixed[i] + 1]
    for c in range(CODES):
        h1 += zc[0, c, mincnt[c]]
        h2 += zc[1, c, mincnt[c]]
    return h1, h2


@njit(cache=True, nogil=True)
def node_key(cands, depth, hard, fixed, mincnt, tables):
    """The memo key of a node: the set, the guesses left and (hard mode) the constraints.
    In ultrahard mode the set alone decides what may be played."""
    z1, z2, zf, zc = tables[4], tables[5], tables[6], tables[7]
    if hard == HARD_MODE:
        hc1, hc2 = constraint_hash(fixed, mincnt, zf, zc)
    else:
        hc1 = np.uint64(0)
        hc2 = np.uint64(0)
    return set_key(cands, depth, hc1, hc2, z1, z2)


@njit(cache=True, nogil=True)
def child_key(sub, depth, hard, fixed, mincnt, hc1, hc2, g, pattern, tables):
    """:func:`node_key` of the child ``sub`` that guess ``g`` showing ``pattern`` leaves, from
    its parent's constraints and their hash ``hc1``, ``hc2`` (:func:`constraint_hash`):
    the hash changed by what the pattern adds, with no constraint arrays made. A node looks
    up every bucket of every guess it tries; making their constraints for that was a large
    share of a hard-mode node's time."""
    if hard != HARD_MODE:
        return set_key(sub, depth, np.uint64(0), np.uint64(0), tables[4], tables[5])
    guess_codes, zf, zc = tables[2], tables[6], tables[7]
    length = fixed.shape[0]
    p = pattern
    for i in range(length):
        t = p % 3
        p //= 3
        if t == 0:
            continue
        c = guess_codes[g, i]
        if t == 2 and fixed[i] != c:
            hc1 += zf[0, i, c + 1] - zf[0, i, fixed[i] + 1]
            hc2 += zf[1, i, c + 1] - zf[1, i, fixed[i] + 1]
        # the copies of letter c shown, counted at its first shown position only
        first = True
        shown = 0
        q = pattern
        for j in range(length):
            tj = q % 3
            q //= 3
            if tj > 0 and guess_codes[g, j] == c:
                if j < i:
                    first = False
                    break
                shown += 1
        if first and shown > mincnt[c]:
            hc1 += zc[0, c, shown] - zc[0, c, mincnt[c]]
            hc2 += zc[1, c, shown] - zc[1, c, mincnt[c]]
    return set_key(sub, depth, hc1, hc2, tables[4], tables[5])


@njit(cache=True, nogil=True)
def allowed_hard(fixed, mincnt, guess_codes, guess_counts):
    """Indices of guesses obeying the hard-mode constraints."""
    every = np.arange(guess_codes.shape[0], dtype=np.int32)
    none_fixed = np.full(fixed.shape[0], -1, dtype=fixed.dtype)
    return allowed_within(
        every, fixed, mincnt, none_fixed, np.zeros_like(mincnt), guess_codes, guess_counts
    )


@njit(cache=True, nogil=True)
def new_constraints(fixed, mincnt, pfixed, pmincnt):
    """(positions newly green, letters whose least count rose) from the parent's constraints."""
    length = fixed.shape[0]
    pos = np.empty(length, dtype=np.int64)
    n_pos = 0
    for i in range(length):
        if fixed[i] >= 0 and fixed[i] != pfixed[i]:
            pos[n_pos] = i
            n_pos += 1
    letters = np.empty(CODES, dtype=np.int64)
    n_letters = 0
    for c in range(CODES):
        if mincnt[c] > pmincnt[c]:
            letters[n_letters] = c
            n_letters += 1
    return pos[:n_pos], letters[:n_letters]


@njit(cache=True, nogil=True)
def allowed_within(parent, fixed, mincnt, pfixed, pmincnt, guess_codes, guess_counts):
    """The guesses of ``parent`` (which obey the constraints ``pfixed``, ``pmincnt``) that
    obey ``fixed``, ``mincnt`` too, checking only the new greens and the raised letter counts
    (scanning every guess against every constraint was most of the time of a refutation in
    the depth-only search)."""
    pos, letters = new_constraints(fixed, mincnt, pfixed, pmincnt)
    out = np.empty(parent.shape[0], dtype=np.int32)
    m = 0
    for t in range(parent.shape[0]):
        g = parent[t]
        ok = True
        for k in range(pos.shape[0]):
            if guess_codes[g, pos[k]] != fixed[pos[k]]:
                ok = False
                break
        if ok:
            for k in range(letters.shape[0]):
                if guess_counts[g, letters[k]] < mincnt[letters[k]]:
                    ok = False
                    break
        if ok:
            out[m] = g
            m += 1
    return out[:m]


@njit(cache=True, nogil=True)
def allowed_guesses(cands, fixed, mincnt, tables, limits):
    """The guesses a node may play: every one; in hard mode those obeying the rules; in
    ultrahard mode the candidates (answer ``a`` is guess ``a``: the answers come first)."""
    if limits[HARD] == ULTRAHARD:
        return cands.copy()
    if limits[HARD] == HARD_MODE:
        return allowed_hard(fixed, mincnt, tables[2], tables[3])
    return np.arange(tables[0].shape[0], dtype=np.int32)


@njit(cache=True, nogil=True)
def node_allowed(cands, fixed, mincnt, parent, pfixed, pmincnt, tables, limits):
    """The guesses a node may play. In hard mode: the parent's guesses (``parent``, allowed
    under ``pfixed``, ``pmincnt``) that obey what this node adds; checking every guess against
    every constraint at each node was a large share of a hard-mode search's time."""
    if limits[HARD] != HARD_MODE:
        return allowed_guesses(cands, fixed, mincnt, tables, limits)
    return allowed_within(parent, fixed, mincnt, pfixed, pmincnt, tables[2], tables[3])


@njit(cache=True, nogil=True)
def child_constraints(fixed, mincnt, guess_codes, g, pattern):
    """Hard-mode constraints after guess ``g`` showed ``pattern``."""
    length = fixed.shape[0]
    nf = fixed.copy()
    nm = mincnt.copy()
    shown = np.zeros(CODES, dtype=np.int8)
    p = pattern
    for i in range(length):
        t = p % 3
        p //= 3
        c = guess_codes[g, i]
        if t == 2:
            nf[i] = c
        if t > 0:
            shown[c] += 1
    for c in range(CODES):
        if shown[c] > nm[c]:
            nm[c] = shown[c]
    return nf, nm


@njit(cache=True, nogil=True)
def constraints_after(hard, fixed, mincnt, guess_codes, g, pattern):
    """The constraints of a child node: :func:`child_constraints` in hard mode, else as is."""
    if hard == HARD_MODE:
        return child_constraints(fixed, mincnt, guess_codes, g, pattern)
    return fixed, mincnt


@njit(cache=True, nogil=True)
def partition(row, cands, n_patterns):
    """Group ``cands`` by the pattern ``row`` gives them: (order, starts, patterns)."""
    n = cands.shape[0]
    counts = np.zeros(n_patterns + 1, dtype=np.int32)
    for k in range(n):
        counts[row[cands[k]] + 1] += 1
    n_parts = 0
    for p in range(n_patterns):
        if counts[p + 1] > 0:
            n_parts += 1
        counts[p + 1] += counts[p]
    starts = np.empty(n_parts + 1, dtype=np.int32)
    pats = np.empty(n_parts, dtype=np.int32)
    j = 0
    for p in range(n_patterns):
        if counts[p + 1] > counts[p]:
            starts[j] = counts[p]
            pats[j] = p
            j += 1
    starts[n_parts] = n
    out = np.empty(n, dtype=np.int32)
    fill = counts[:n_patterns].copy()
    for k in range(n):
        p = row[cands[k]]
        out[fill[p]] = cands[k]
        fill[p] += 1
    return out, starts, pats


@njit(cache=True, nogil=True)
def candidate_mask(cands, n_answers):
    """``is_cand[a]``: whether answer ``a`` is one of ``cands``."""
    is_cand = np.zeros(n_answers, dtype=np.bool_)
    for k in range(cands.shape[0]):
        is_cand[cands[k]] = True
    return is_cand


@njit(cache=True, nogil=True)
def pattern_bitmaps(mt, cands, allowed, subset, n_patterns):
    """For every allowed guess, the set of patterns it shows the candidates, as bits.

    One candidate-major pass over the transposed matrix: each candidate's row of patterns is
    read sequentially and ORed into a small bitmap per guess. (Row-major counting touched a
    cache line per cell: measured ~8x slower.)
    """
    n_allowed = allowed.shape[0]
    n_words = (n_patterns + 63) // 64
    bitmap = np.zeros((n_allowed, n_words), dtype=np.uint64)
    if subset:  # hard and ultrahard modes: ``allowed`` is not every guess
        for k in range(cands.shape[0]):
            row = mt[cands[k]]
            for j in range(n_allowed):
                p = row[allowed[j]]
                bitmap[j, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    else:
        for k in range(cands.shape[0]):
            row = mt[cands[k]]
            for j in range(n_allowed):
                p = row[j]
                bitmap[j, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    return bitmap


@njit(cache=True, nogil=True)
def popcount(x):
    """The number of bits set in a 64-bit word."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def count_parts(cands, allowed, is_cand, tables, limits):
    """(parts of every allowed guess, the first candidate splitting the set into singletons,
    the first guess doing so); -1 where there is none."""
    n = cands.shape[0]
    n_answers = limits[N_ANSWERS]
    bitmap = pattern_bitmaps(tables[1], cands, allowed, limits[HARD], limits[N_PATTERNS])
    parts = np.empty(allowed.shape[0], dtype=np.int64)
    split_cand = -1
    any_split = -1
    for j in range(allowed.shape[0]):
        pp = 0
        for w in range(bitmap.shape[1]):
            pp += popcount(bitmap[j, w])
        parts[j] = pp
        if pp == n:
            g = allowed[j]
            if split_cand < 0 and g < n_answers and is_cand[g]:
                split_cand = g
            if any_split < 0:
                any_split = g
    return parts, split_cand, any_split


@njit(cache=True, nogil=True)
def bucket_bound(b, depth, inc):
    """The least cost of ``b`` answers with ``depth`` guesses left (exact for one or two)."""
    if b <= 0:
        return 0
    if b == 1:
        return inc[depth]
    if depth <= 1:
        return INF
    return b * inc[depth] + (b - 1) * inc[depth - 1]


@njit(cache=True, nogil=True)
def split_value(n, depth, split_cand, any_split, inc):
    """(value, guess) of a node that full splits decide, else (-1, -1)."""
    if split_cand >= 0:  # a candidate splitting everything: the least any tree can cost
        return n * inc[depth] + (n - 1) * inc[depth - 1], split_cand
    if depth == 2:
        if any_split >= 0:
            return n * (inc[2] + inc[1]), any_split
        return INF, -1  # every bucket must be a singleton: only full splits work
    if any_split >= 0 and inc[depth - 2] >= inc[depth - 1]:
        # Only a candidate leaving one pair could beat a full split by a non-candidate, by
        # having one answer see guess d-2 instead of d-1: never cheaper when this holds (with
        # the total it always does; with "over K" not at the level K).
        return n * (inc[depth] + inc[depth - 1]), any_split
    return -1, -1


@njit(cache=True, nogil=True)
def guess_bounds(parts, allowed, is_cand, n, n_answers, known_lb, depth, inc):
    """Turn ``parts`` into every guess's lower bound (in place); the node's bound.

    Every answer sees this guess, the ``n - c`` it cannot find see the next one, and all but
    one per bucket (``n - parts`` in all) the one after: ``3n - parts - c`` for the total.
    """
    node_lb = INF
    for j in range(allowed.shape[0]):
        g = allowed[j]
        c = 1 if (g < n_answers and is_cand[g]) else 0
        if n - parts[j] > 0 and depth <= 2:
            parts[j] = INF
        else:
            lb = n * inc[depth] + (n - c) * inc[depth - 1]
            if n - parts[j] > 0:
                lb += (n - parts[j]) * inc[depth - 2]
            parts[j] = lb
        if parts[j] < node_lb:
            node_lb = parts[j]
    return max(node_lb, known_lb)


@njit(cache=True, nogil=True)
def by_bound(lbs, cap):
    """The guesses whose bound is below ``cap`` (positions in ``allowed``), by bound then
    position. Ties of the bound are put in order by :func:`tie_order` only when the search
    reaches them: most nodes stop at the first bound or two, and the sum of squares of every
    other guess (a pass over the set each) was once most of a hard-mode node's time."""
    m = 0
    pick = np.empty(lbs.shape[0], dtype=np.int64)
    for j in range(lbs.shape[0]):
        if lbs[j] < cap:
            pick[m] = j
            m += 1
    pick = pick[:m]
    keys = np.empty(m, dtype=np.int64)
    for t in range(m):
        keys[t] = lbs[pick[t]]
    return pick[np.argsort(keys, kind="mergesort")]


@njit(cache=True, nogil=True)
def tie_end(ranked, lbs, t):
    """The end of the run of ``ranked`` from ``t`` whose guesses share the bound of ``t``."""
    e = t + 1
    while e < ranked.shape[0] and lbs[ranked[e]] == lbs[ranked[t]]:
        e += 1
    return e


@njit(cache=True, nogil=True)
def tie_order(matrix, cands, allowed, ranked, t, e, counts):
    """Put ``ranked[t:e]`` (one bound) in order of the sum of squared bucket sizes (smaller
    first; then position, as before), in place. ``counts`` is all zero and left so."""
    if e - t < 2:
        return
    keys = np.empty(e - t, dtype=np.int64)
    for u in range(t, e):
        keys[u - t] = sum_of_squares(matrix[allowed[ranked[u]]], cands, counts)
    ranked[t:e] = ranked[t:e][np.argsort(keys, kind="mergesort")]


@njit(cache=True, nogil=True)
def sum_of_squares(row, cands, counts):
    """Sum of squared bucket sizes; ``counts`` (all zero) is left all zero."""
    n = cands.shape[0]
    for k in range(n):
        counts[row[cands[k]]] += 1
    sq = 0
    for k in range(n):
        c = counts[row[cands[k]]]
        if c > 0:
            sq += c * c
            counts[row[cands[k]]] = 0
    return sq


@njit(cache=True, nogil=True)
def buckets_into(row, cands, counts, win, depth, inc, out, starts, pats, sizes, border):
    """The buckets of a guess, into arrays the node made once for all its guesses (``out``
    the members, ``starts``, ``pats`` the patterns ascending, ``sizes``, and ``border`` the
    buckets to search, largest first): (parts, buckets to search, the guess's bound). Only
    buckets of three answers or more need a search: one answer costs 1 more guess, two cost
    3, exactly their bound (:func:`bucket_bound`). The groups are :func:`partition`'s, in
    passes over the set alone: a node tries a guess on a dozen or two answers, where making
    the arrays and passing over every pattern, for each guess, were most of its time (CRUES,
    hard mode: 3.6 s against 2.6 s). ``counts`` (one per pattern, zero) is left all zero."""
    n = cands.shape[0]
    n_parts = 0
    for k in range(n):
        p = row[cands[k]]
        if counts[p] == 0:
            pats[n_parts] = p
            n_parts += 1
        counts[p] += 1
    for i in range(1, n_parts):  # patterns ascending, as partition() has them
        x = pats[i]
        j = i - 1
        while j >= 0 and pats[j] > x:
            pats[j + 1] = pats[j]
            j -= 1
        pats[j + 1] = x
    at = 0
    for b in range(n_parts):
        starts[b] = at
        sizes[b] = counts[pats[b]]
        counts[pats[b]] = at  # from here on, where the bucket's next member goes
        at += sizes[b]
    starts[n_parts] = n
    for k in range(n):
        p = row[cands[k]]
        out[counts[p]] = cands[k]
        counts[p] += 1
    for b in range(n_parts):
        counts[pats[b]] = 0
    bound = n * inc[depth]
    m = 0
    for b in range(n_parts):
        if pats[b] != win:
            bound += bucket_bound(sizes[b], depth - 1, inc)
            if sizes[b] > 2:  # largest first, ties by pattern (a stable insertion)
                j = m - 1
                while j >= 0 and sizes[border[j]] < sizes[b]:
                    border[j + 1] = border[j]
                    j -= 1
                border[j + 1] = b
                m += 1
    return n_parts, m, bound


@njit(cache=True, nogil=True)
def neighbour_unions(s, length, grey_only):
    """The unions a bucket of pattern ``s`` makes with its neighbours, as rows of patterns
    (-1 after the last): the patterns equal to ``s`` but at one position (3 patterns, ``s``
    among them) or two (9), those being any positions, or with ``grey_only`` only those where
    ``s`` is grey. Each union is the bucket another guess leaves when it puts a dead letter
    at those positions; it is a superset of this bucket, so it costs at least as much under
    the same constraints (both searches write that into their memos; see their modules).
    Normal mode has no constraints; in hard mode a grey adds none, so there only the grey
    positions give unions that other guesses leave under the same constraints."""
    weight = np.empty(length, dtype=np.int64)  # position i's digit of a pattern is 3^i
    chosen = np.empty(length, dtype=np.int64)
    q = 1
    m = 0
    for i in range(length):
        weight[i] = q
        if not grey_only or (s // q) % 3 == 0:
            chosen[m] = i
            m += 1
        q *= 3
    rows = np.full((m + m * (m - 1) // 2, 9), -1, dtype=np.int64)
    r = 0
    for a in range(m):
        wi = weight[chosen[a]]
        si = s - ((s // wi) % 3) * wi  # s with a grey at this position
        for x in range(3):
            rows[r, x] = si + x * wi
        r += 1
        for b in range(a + 1, m):
            wj = weight[chosen[b]]
            sij = si - ((s // wj) % 3) * wj
            for x in range(3):
                for y in range(3):
                    rows[r, 3 * x + y] = sij + x * wi + y * wj
            r += 1
    return rows


@njit(cache=True, nogil=True)
def gather_union(out, starts, where, patterns, tmp):
    """Copy into ``tmp`` the members of a guess's buckets (``out``, ``starts`` as
    :func:`buckets_into` made them; ``where[p]`` the bucket of pattern ``p``, -1 for none) of
    ``patterns`` (-1 ends them); how many there are."""
    k = 0
    for t in range(patterns.shape[0]):
        p = patterns[t]
        if p < 0:
            break
        bb = where[p]
        if bb >= 0:
            for x in range(starts[bb], starts[bb + 1]):
                tmp[k] = out[x]
                k += 1
    return k
