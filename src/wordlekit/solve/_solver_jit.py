"""The exact optimal search, compiled by numba.

Python-facing code is :mod:`wordlekit.solve.optimal`.

``solve(cands, depth, beta, ...)`` returns the least total number of guesses needed to find
every answer of ``cands`` with at most ``depth`` guesses each, when that total is below
``beta``; otherwise a lower bound that is at least ``beta`` (the caller only needed to know that
it cannot beat ``beta``). ``INF`` means "impossible within the depth".

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
- A memo keyed by a 128-bit Zobrist hash of (set, guesses left, hard-mode constraints) keeps
  exact values and lower bounds; it stops growing at ``memo_cap`` entries.

Every node checks the work budget (``flag[0]`` non-zero, or more than ``node_limit`` nodes
counted in ``stats``): the search then unwinds at once, storing nothing, and sets
``stats[ABORTED]``. The kernels release the GIL, so a watchdog thread can set the flag.
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
def solve(
    matrix,
    mt,
    cands,
    depth,
    beta,
    hard,
    fixed,
    mincnt,
    guess_codes,
    guess_counts,
    n_answers,
    win,
    n_patterns,
    z1,
    z2,
    zf,
    zc,
    memo,
    memo_cap,
    stats,
    top,
    flag,
    node_limit,
):
    n = cands.shape[0]
    if n == 1:
        return 1
    if depth <= 1:
        return INF
    if n == 2:
        return 3

    if hard:
        hc1, hc2 = constraint_hash(fixed, mincnt, zf, zc)
    else:
        hc1 = np.uint64(0)
        hc2 = np.uint64(0)
    key = set_key(cands, depth, hc1, hc2, z1, z2)
    stats[MEMO_LOOKUPS] += 1
    known_lb = 0
    if key in memo:
        entry = memo[key]
        stats[MEMO_HITS] += 1
        if entry[1] == 1 or entry[0] >= beta:
            return entry[0]
        known_lb = entry[0]
    stats[NODES] += 1
    # The budget: another thread (or process) sets flag[0] to stop; nothing is stored on the
    # way out, so every memo entry stays a proven value or bound.
    if flag[0] != 0 or stats[NODES] > node_limit:
        stats[ABORTED] = 1
        return INF

    if hard:
        allowed = allowed_hard(fixed, mincnt, guess_codes, guess_counts)
    else:
        allowed = np.arange(matrix.shape[0], dtype=np.int32)
    n_allowed = allowed.shape[0]

    is_cand = np.zeros(n_answers, dtype=np.bool_)
    for k in range(n):
        is_cand[cands[k]] = True

    # Parts of every guess in one candidate-major pass over the transposed matrix: each
    # candidate's row of patterns is read sequentially and ORed into a small bitmap per guess.
    # (Row-major counting touched a cache line per cell: measured ~8x slower.)
    n_words = (n_patterns + 63) // 64
    bitmap = np.zeros((n_allowed, n_words), dtype=np.uint64)
    if hard:
        for k in range(n):
            row = mt[cands[k]]
            for j in range(n_allowed):
                p = row[allowed[j]]
                bitmap[j, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    else:
        for k in range(n):
            row = mt[cands[k]]
            for j in range(n_allowed):
                p = row[j]
                bitmap[j, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    parts = np.empty(n_allowed, dtype=np.int64)
    best_split_cand = -1
    any_split = -1
    for j in range(n_allowed):
        pp = 0
        for w in range(n_words):
            pp += _popcount(bitmap[j, w])
        parts[j] = pp
        if pp == n:
            g = allowed[j]
            cand = g < n_answers and is_cand[g]
            if cand and best_split_cand < 0:
                best_split_cand = g
            if any_split < 0:
                any_split = g

    # A candidate splitting everything reaches the absolute minimum 2n - 1.
    if best_split_cand >= 0:
        value = 2 * n - 1
        _store(memo, memo_cap, stats, key, value, 1, best_split_cand)
        return value
    if depth == 2:
        # Every bucket must be a singleton: only full splits work, and none is a candidate.
        if any_split >= 0:
            value = 2 * n
            _store(memo, memo_cap, stats, key, value, 1, any_split)
            return value
        _store(memo, memo_cap, stats, key, INF, 1, -1)
        return INF
    if any_split >= 0:
        # A non-candidate full split gives 2n; only a candidate full split (none) beats it.
        value = 2 * n
        _store(memo, memo_cap, stats, key, value, 1, any_split)
        return value

    lbs = np.empty(n_allowed, dtype=np.int64)
    node_lb = INF
    for j in range(n_allowed):
        g = allowed[j]
        c = 1 if (g < n_answers and is_cand[g]) else 0
        lbs[j] = 3 * n - parts[j] - c
        if lbs[j] < node_lb:
            node_lb = lbs[j]
    if known_lb > node_lb:
        node_lb = known_lb
    if node_lb >= beta:
        _store(memo, memo_cap, stats, key, node_lb, 0, -1)
        return node_lb

    # Order: bound, then sum of squares (smaller is better), then index.
    cap = beta
    m = 0
    pick = np.empty(n_allowed, dtype=np.int64)
    for j in range(n_allowed):
        if lbs[j] < cap:
            pick[m] = j
            m += 1
    pick = pick[:m]
    # The sum of squared bucket sizes breaks ties of the bound; computed only for the guesses
    # that can still beat the cap.
    keys = np.empty(m, dtype=np.int64)
    counts = np.zeros(n_patterns, dtype=np.int32)
    for t in range(m):
        j = pick[t]
        row = matrix[allowed[j]]
        for k in range(n):
            counts[row[cands[k]]] += 1
        sq = 0
        for k in range(n):
            c = counts[row[cands[k]]]
            if c > 0:
                sq += c * c
                counts[row[cands[k]]] = 0
        keys[t] = lbs[j] * (n * n + 1) + sq
    order = np.argsort(keys, kind="mergesort")
    if top > 0 and m > top:
        order = order[:top]

    best = INF
    best_g = -1
    for t in range(order.shape[0]):
        j = pick[order[t]]
        if lbs[j] >= cap:
            break
        g = allowed[j]
        out, starts, pats = partition(matrix[g], cands, n_patterns)
        n_parts = pats.shape[0]
        # buckets largest first: fail fast on the expensive ones
        sizes = np.empty(n_parts, dtype=np.int64)
        for b in range(n_parts):
            sizes[b] = starts[b + 1] - starts[b]
        border = np.argsort(-sizes, kind="mergesort")
        cost = n
        rest = 0
        for b in range(n_parts):
            if pats[b] != win:
                rest += 2 * sizes[b] - 1
        ok = True
        for bi in range(n_parts):
            b = border[bi]
            if pats[b] == win:
                continue
            size = sizes[b]
            lb_b = 2 * size - 1
            if cost + rest >= cap:
                ok = False
                break
            sub_beta = cap - (cost + rest - lb_b)
            sub = out[starts[b] : starts[b + 1]]
            if size <= 2:
                v = lb_b  # 1 for a singleton, 3 for a pair (depth >= 2 here)
            else:
                if hard:
                    nf, nm = child_constraints(fixed, mincnt, guess_codes, g, pats[b])
                else:
                    nf, nm = fixed, mincnt
                v = solve(
                    matrix,
                    mt,
                    sub,
                    depth - 1,
                    sub_beta,
                    hard,
                    nf,
                    nm,
                    guess_codes,
                    guess_counts,
                    n_answers,
                    win,
                    n_patterns,
                    z1,
                    z2,
                    zf,
                    zc,
                    memo,
                    memo_cap,
                    stats,
                    top,
                    flag,
                    node_limit,
                )
                if stats[ABORTED] != 0:
                    return INF
            if v >= sub_beta:
                ok = False
                break
            cost += v
            rest -= lb_b
        if ok and cost < cap:
            best = cost
            best_g = g
            cap = cost
            if best <= node_lb:
                break

    if best < beta:
        _store(memo, memo_cap, stats, key, best, 1, best_g)
        return best
    lb = beta if beta > node_lb else node_lb
    _store(memo, memo_cap, stats, key, lb, 0, -1)
    return lb


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
def lookup(memo, cands, depth, hard, fixed, mincnt, z1, z2, zf, zc):
    """The memo entry (value, exact, guess) of a node, or (-1, -1, -1)."""
    if hard:
        hc1, hc2 = constraint_hash(fixed, mincnt, zf, zc)
    else:
        hc1 = np.uint64(0)
        hc2 = np.uint64(0)
    key = set_key(cands, depth, hc1, hc2, z1, z2)
    if key in memo:
        return memo[key]
    return (-1, -1, -1)
