"""The exact optimal search, compiled by numba.

Python-facing code is :class:`wordlekit.solve.solver.Solver`.

``solve(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag)`` returns the
least total number of guesses needed to find every answer of ``cands`` with at most ``depth``
guesses each, when that total is below ``beta``; otherwise a lower bound that is at least
``beta`` (the caller only needed to know that it cannot beat ``beta``). ``INF`` means
"impossible within the depth". ``tables`` is ``(matrix, transposed, guess_codes,
guess_counts, z1, z2, zf, zc)`` and ``limits`` is ``(hard, n_answers, win, n_patterns,
memo_cap, top, node_limit)`` (see :class:`~wordlekit.solve.solver.Solver`).

How it stays fast:

- A lower bound for a guess from its number of parts alone: every answer costs this guess, and
  a bucket of ``b`` answers costs at least ``2b - 1`` more (one found next, the others later),
  so ``LB(g) = 3n - parts(g) - [g is a candidate]``. Guesses whose bound reaches the best total
  found so far are never expanded.
- Guesses are tried in order of that bound, then of the sum of squared bucket sizes, so the
  first one tried is usually optimal and the bound prunes the rest.
- A candidate that splits the set into singletons reaches the absolute minimum ``2n - 1`` and
  ends the search at that node; with two guesses left only full splits can work at all.
- Buckets are solved largest first with a shrinking budget (``beta``), so a losing guess is
  abandoned as soon as its partial cost plus the bounds of its other buckets reaches the best.
  Buckets of one or two answers cost exactly their bound (1 and 3) and are never searched.
- A memo keyed by a 128-bit Zobrist hash of (set, guesses left, hard-mode constraints) keeps
  exact values and lower bounds; it stops growing at ``memo_cap`` entries.

Every node checks the work budget (``flag[0]`` non-zero, or more than ``node_limit`` nodes
counted in ``stats``): the search then unwinds at once, storing nothing, and sets
``stats[ABORTED]``. The kernels release the GIL, so a watchdog thread can set the flag.

Only :func:`solve` recurses (numba cannot cache mutually recursive functions); every step
of a node is a small helper that numba compiles into it.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

INF = 1 << 40
_MIX1 = np.uint64(0x9E3779B97F4A7C15)
_MIX2 = np.uint64(0xC2B2AE3D27D4EB4F)

# stats slots
NODES = 0
MEMO_HITS = 1
MEMO_LOOKUPS = 2
MEMO_FULL = 3
ABORTED = 4  # set when the budget's flag or node allowance stopped the search
N_STATS = 5

# limits slots
HARD = 0
N_ANSWERS = 1
WIN = 2
N_PATTERNS = 3
MEMO_CAP = 4
TOP = 5
NODE_LIMIT = 6


@njit(cache=True, nogil=True)
def set_key(cands, depth, hc1, hc2, z1, z2):
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
    for c in range(26):
        h1 += zc[0, c, mincnt[c]]
        h2 += zc[1, c, mincnt[c]]
    return h1, h2


@njit(cache=True, nogil=True)
def node_key(cands, depth, hard, fixed, mincnt, tables):
    """The memo key of a node: the set, the guesses left and (hard mode) the constraints."""
    z1, z2, zf, zc = tables[4], tables[5], tables[6], tables[7]
    if hard:
        hc1, hc2 = constraint_hash(fixed, mincnt, zf, zc)
    else:
        hc1 = np.uint64(0)
        hc2 = np.uint64(0)
    return set_key(cands, depth, hc1, hc2, z1, z2)


@njit(cache=True, nogil=True)
def allowed_hard(fixed, mincnt, guess_codes, guess_counts):
    """Indices of guesses obeying the hard-mode constraints."""
    n_guesses, length = guess_codes.shape
    out = np.empty(n_guesses, dtype=np.int32)
    m = 0
    for g in range(n_guesses):
        ok = True
        for i in range(length):
            if fixed[i] >= 0 and guess_codes[g, i] != fixed[i]:
                ok = False
                break
        if ok:
            for c in range(26):
                if mincnt[c] > 0 and guess_counts[g, c] < mincnt[c]:
                    ok = False
                    break
        if ok:
            out[m] = g
            m += 1
    return out[:m]


@njit(cache=True, nogil=True)
def child_constraints(fixed, mincnt, guess_codes, g, pattern):
    """Hard-mode constraints after guess ``g`` showed ``pattern``."""
    length = fixed.shape[0]
    nf = fixed.copy()
    nm = mincnt.copy()
    shown = np.zeros(26, dtype=np.int8)
    p = pattern
    for i in range(length):
        t = p % 3
        p //= 3
        c = guess_codes[g, i]
        if t == 2:
            nf[i] = c
        if t > 0:
            shown[c] += 1
    for c in range(26):
        if shown[c] > nm[c]:
            nm[c] = shown[c]
    return nf, nm


@njit(cache=True, nogil=True)
def _child(hard, fixed, mincnt, guess_codes, g, pattern):
    if hard:
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
def _small(n, depth):
    """The value of a node decided by its size alone, or -1."""
    if n == 1:
        return 1
    if depth <= 1:
        return INF
    if n == 2:
        return 3
    return -1


@njit(cache=True, nogil=True)
def _enter(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag):
    """(key, value, known lower bound): the value when the memo or the budget decides the
    node (the budget's stop is ``INF`` with ``stats[ABORTED]`` set), else -1."""
    key = node_key(cands, depth, limits[HARD], fixed, mincnt, tables)
    stats[MEMO_LOOKUPS] += 1
    known_lb = 0
    if key in memo:
        entry = memo[key]
        stats[MEMO_HITS] += 1
        if entry[1] == 1 or entry[0] >= beta:
            return key, entry[0], 0
        known_lb = entry[0]
    stats[NODES] += 1
    # The budget: another thread (or process) sets flag[0] to stop; nothing is stored on the
    # way out, so every memo entry stays a proven value or bound.
    if flag[0] != 0 or stats[NODES] > limits[NODE_LIMIT]:
        stats[ABORTED] = 1
        return key, INF, 0
    return key, -1, known_lb


@njit(cache=True, nogil=True)
def _allowed(fixed, mincnt, tables, limits):
    if limits[HARD]:
        return allowed_hard(fixed, mincnt, tables[2], tables[3])
    return np.arange(tables[0].shape[0], dtype=np.int32)


@njit(cache=True, nogil=True)
def _candidate_mask(cands, n_answers):
    is_cand = np.zeros(n_answers, dtype=np.bool_)
    for k in range(cands.shape[0]):
        is_cand[cands[k]] = True
    return is_cand


@njit(cache=True, nogil=True)
def _pattern_bitmaps(mt, cands, allowed, hard, n_patterns):
    """For every allowed guess, the set of patterns it shows the candidates, as bits.

    One candidate-major pass over the transposed matrix: each candidate's row of patterns is
    read sequentially and ORed into a small bitmap per guess. (Row-major counting touched a
    cache line per cell: measured ~8x slower.)
    """
    n_allowed = allowed.shape[0]
    n_words = (n_patterns + 63) // 64
    bitmap = np.zeros((n_allowed, n_words), dtype=np.uint64)
    if hard:
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
def _parts(cands, allowed, is_cand, tables, limits):
    """(parts of every allowed guess, the first candidate splitting the set into singletons,
    the first guess doing so); -1 where there is none."""
    n = cands.shape[0]
    n_answers = limits[N_ANSWERS]
    bitmap = _pattern_bitmaps(tables[1], cands, allowed, limits[HARD], limits[N_PATTERNS])
    parts = np.empty(allowed.shape[0], dtype=np.int64)
    split_cand = -1
    any_split = -1
    for j in range(allowed.shape[0]):
        pp = 0
        for w in range(bitmap.shape[1]):
            pp += _popcount(bitmap[j, w])
        parts[j] = pp
        if pp == n:
            g = allowed[j]
            if split_cand < 0 and g < n_answers and is_cand[g]:
                split_cand = g
            if any_split < 0:
                any_split = g
    return parts, split_cand, any_split


@njit(cache=True, nogil=True)
def _split_value(n, depth, split_cand, any_split):
    """(value, guess) of a node that full splits decide, else (-1, -1)."""
    if split_cand >= 0:
        return 2 * n - 1, split_cand  # a candidate splitting everything: the minimum 2n - 1
    if any_split >= 0:
        return 2 * n, any_split  # only a candidate full split (none) would beat 2n
    if depth == 2:
        return INF, -1  # every bucket must be a singleton: only full splits work
    return -1, -1


@njit(cache=True, nogil=True)
def _bounds(parts, allowed, is_cand, n, n_answers, known_lb):
    """Turn ``parts`` into every guess's lower bound (in place); the node's bound."""
    node_lb = INF
    for j in range(allowed.shape[0]):
        g = allowed[j]
        c = 1 if (g < n_answers and is_cand[g]) else 0
        parts[j] = 3 * n - parts[j] - c
        if parts[j] < node_lb:
            node_lb = parts[j]
    return max(node_lb, known_lb)


@njit(cache=True, nogil=True)
def _survey(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, key, known_lb):
    """(allowed guesses, their lower bounds, the node's bound, value): the value (stored in
    the memo) when full splits or the bound decide the node without a search, else -1."""
    n = cands.shape[0]
    allowed = _allowed(fixed, mincnt, tables, limits)
    is_cand = _candidate_mask(cands, limits[N_ANSWERS])
    parts, split_cand, any_split = _parts(cands, allowed, is_cand, tables, limits)
    value, guess = _split_value(n, depth, split_cand, any_split)
    if value >= 0:
        _store(memo, limits[MEMO_CAP], stats, key, value, 1, guess)
        return allowed, parts, 0, value
    lbs = parts
    node_lb = _bounds(lbs, allowed, is_cand, n, limits[N_ANSWERS], known_lb)
    if node_lb >= beta:
        _store(memo, limits[MEMO_CAP], stats, key, node_lb, 0, -1)
        return allowed, lbs, node_lb, node_lb
    return allowed, lbs, node_lb, -1


@njit(cache=True, nogil=True)
def _order(matrix, cands, allowed, lbs, cap, n_patterns, top):
    """(pick, order): the guesses whose bound is below ``cap`` (positions in ``allowed``)
    and the order to try them: bound, then sum of squares (smaller is better), then index."""
    n = cands.shape[0]
    m = 0
    pick = np.empty(allowed.shape[0], dtype=np.int64)
    for j in range(allowed.shape[0]):
        if lbs[j] < cap:
            pick[m] = j
            m += 1
    pick = pick[:m]
    # The sum of squared bucket sizes breaks ties of the bound; computed only for the guesses
    # that can still beat the cap.
    keys = np.empty(m, dtype=np.int64)
    counts = np.zeros(n_patterns, dtype=np.int32)
    for t in range(m):
        row = matrix[allowed[pick[t]]]
        keys[t] = lbs[pick[t]] * (n * n + 1) + _sum_of_squares(row, cands, counts)
    order = np.argsort(keys, kind="mergesort")
    if top > 0 and m > top:
        order = order[:top]
    return pick, order


@njit(cache=True, nogil=True)
def _sum_of_squares(row, cands, counts):
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
def _buckets(row, cands, n_patterns, win):
    """The buckets of a guess: (members, starts, patterns, the buckets to search largest
    first, the guess's bound). Only buckets of three answers or more need a search: one
    answer costs 1 more guess, two cost 3, exactly their bound ``2b - 1``."""
    out, starts, pats = partition(row, cands, n_patterns)
    n_parts = pats.shape[0]
    sizes = np.empty(n_parts, dtype=np.int64)
    for b in range(n_parts):
        sizes[b] = starts[b + 1] - starts[b]
    border = np.argsort(-sizes, kind="mergesort")
    bound = cands.shape[0]
    m = 0
    for bi in range(n_parts):
        b = border[bi]
        if pats[b] != win:
            bound += 2 * sizes[b] - 1
            if sizes[b] > 2:
                border[m] = b
                m += 1
    return out, starts, pats, border[:m], bound


@njit(cache=True, nogil=True)
def _finish(memo, memo_cap, stats, key, cap, best_g, beta, node_lb):
    """Store and return the node's value (``cap``, found by ``best_g``) or, when no guess
    beat ``beta``, its lower bound."""
    if best_g >= 0:
        _store(memo, memo_cap, stats, key, cap, 1, best_g)
        return cap
    lb = max(beta, node_lb)
    _store(memo, memo_cap, stats, key, lb, 0, -1)
    return lb


@njit(cache=True, nogil=True)
def solve(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag):
    """The least total for ``cands`` within ``depth`` guesses, or a bound >= ``beta`` (see the
    module docstring)."""
    small = _small(cands.shape[0], depth)
    if small >= 0:
        return small
    key, value, known_lb = _enter(
        cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag
    )
    if value >= 0:
        return value
    allowed, lbs, node_lb, value = _survey(
        cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, key, known_lb
    )
    if value >= 0:
        return value
    matrix = tables[0]
    pick, order = _order(matrix, cands, allowed, lbs, beta, limits[N_PATTERNS], limits[TOP])
    cap = beta
    best_g = -1
    for t in range(order.shape[0]):
        j = pick[order[t]]
        if max(lbs[j], node_lb) >= cap:  # no later guess can beat the best (or the bound)
            break
        g = allowed[j]
        out, starts, pats, border, total = _buckets(
            matrix[g], cands, limits[N_PATTERNS], limits[WIN]
        )
        # ``total``: what this guess costs so far, each bucket not yet searched at its bound
        for bi in range(border.shape[0]):
            if total >= cap:
                break  # cannot beat the best: abandon the guess
            b = border[bi]
            lb_b = 2 * (starts[b + 1] - starts[b]) - 1
            nf, nm = _child(limits[HARD], fixed, mincnt, tables[2], g, pats[b])
            sub = out[starts[b] : starts[b + 1]]
            v = solve(sub, depth - 1, cap - total + lb_b, nf, nm, tables, limits, memo, stats, flag)
            if stats[ABORTED] != 0:
                return INF
            total += v - lb_b
        if total < cap:
            cap = total
            best_g = g
    return _finish(memo, limits[MEMO_CAP], stats, key, cap, best_g, beta, node_lb)


@njit(cache=True, nogil=True)
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def _store(memo, memo_cap, stats, key, value, exact, guess):
    if key in memo or len(memo) < memo_cap:
        memo[key] = (value, exact, guess)
    else:
        stats[MEMO_FULL] += 1


@njit(cache=True, nogil=True)
def lookup(memo, cands, depth, hard, fixed, mincnt, tables):
    """The memo entry (value, exact, guess) of a node, or (-1, -1, -1)."""
    key = node_key(cands, depth, hard, fixed, mincnt, tables)
    if key in memo:
        return memo[key]
    return (-1, -1, -1)
