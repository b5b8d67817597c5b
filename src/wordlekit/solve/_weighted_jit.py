"""The exact search under a weighted prior, compiled by numba.

Python-facing code is :class:`wordlekit.solve.weighted.WeightedSolver`.

``solve(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag)`` returns the
least **weighted total** of finding every answer of ``cands`` within ``depth`` guesses each,
``sum over a of w[a] * (guesses to find a)``, when it is below ``beta``; otherwise a lower
bound that is at least ``beta``. ``INF`` means "impossible within the depth". Weights are
integers (``tables[WEIGHTS]``, one per answer: fixed point, see
:func:`wordlekit.solve.weighted.fixed_point`), so sums are exact and the memo compares values
exactly. ``tables`` and ``limits`` are those of :mod:`~wordlekit.solve._solver_jit` except that
the last table (``inc`` there) holds the weights: the helpers of
:mod:`~wordlekit.solve._solver_parts` (hashing, hard-mode constraints, allowed guesses,
partition, pattern bitmaps) read the same slots and are imported, not copied.

The bounds are the unweighted search's, each answer counted with its weight. With ``W`` the
set's weight:

- A bucket of one answer costs exactly its weight; of ``b >= 2`` answers with weight ``W_B``
  and heaviest ``m_B`` at least ``2 W_B - m_B`` (every answer sees the next guess, all but one
  the guess after: the best case finds the heaviest next); exactly that for two.
- A guess costs every answer it sees (``W``), every answer it does not find sees the next
  guess, and in each bucket all but one the guess after. With ``parts`` buckets and no more
  known of the guess than that count (the bitmaps of the unweighted search), the answers
  spared the third guess weigh at most the ``parts - c`` heaviest of the set without the guess
  (``c`` = the guess could be the answer): ``LB(g) = W + 2 (W - c w_g) - top``. With equal
  weights this is ``(3n - parts - c) w``, the unweighted bound. It is exact for a full split.
- Guesses are tried by that bound, then by the sum of squared bucket sizes, then in order;
  a full split at the least bound decides the node at once (it is exact and first in order).
- Buckets are solved heaviest first against what is left of ``beta``; a guess is abandoned
  as soon as its partial cost plus its other buckets' bounds reaches the best so far.

The memo is keyed like the unweighted one (set, guesses left, hard-mode constraints); a
:class:`~wordlekit.solve.weighted.WeightedSolver` has one weight table, so one memo.

Every node checks the work budget (``flag[0]`` non-zero, or more than ``node_limit`` nodes
counted in ``stats``): the search then unwinds at once, storing nothing, and sets
``stats[ABORTED]`` (the slots of :mod:`~wordlekit.solve._solver_jit`). The kernels release the
GIL. Only :func:`solve` recurses (numba cannot load mutually recursive functions from its
cache); its memo steps are small functions of this module, kept apart from the unweighted
kernel's so that kernel, its compiled code and its speed stay exactly as they are.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

from wordlekit.solve._solver_jit import ABORTED, MEMO_FULL, MEMO_HITS, MEMO_LOOKUPS, NODES
from wordlekit.solve._solver_parts import (
    HARD,
    MEMO_CAP,
    N_ANSWERS,
    N_PATTERNS,
    NODE_LIMIT,
    WIN,
    allowed_guesses,
    candidate_mask,
    constraints_after,
    count_parts,
    node_key,
    partition,
    sum_of_squares,
)

#: The hash of :mod:`~wordlekit.solve._solver_parts`, whose helpers numba compiles into the
#: cached :func:`solve` (see :data:`wordlekit.solve._solver_jit.PARTS_SHA256`: the same pin,
#: checked by the same test).
PARTS_SHA256 = "9eacf804b0f9109af581106f20b918775f5af54cb684413ef0b8fe5ca2788272"

#: "Impossible within the guesses left": above any total of weights summing to 2**50 over
#: up to 64 guesses, with room to add a few more without overflowing an int64.
INF = 1 << 58
#: The tables slot of the weights (the unweighted search's ``inc``).
WEIGHTS = 8


@njit(cache=True, nogil=True)
def bucket_bound(size, weight, heaviest, depth):
    """The least cost of a bucket of ``size`` answers weighing ``weight`` in all, the
    heaviest ``heaviest``, with ``depth`` guesses left (exact for one or two answers)."""
    if size <= 0:
        return 0
    if size == 1:
        return weight
    if depth <= 1:
        return INF
    return 2 * weight - heaviest


@njit(cache=True, nogil=True)
def set_weight(cands, w):
    """(the weight of ``cands``, its heaviest answer's weight)."""
    total = 0
    heaviest = 0
    for k in range(cands.shape[0]):
        x = w[cands[k]]
        total += x
        if x > heaviest:
            heaviest = x
    return total, heaviest


@njit(cache=True, nogil=True)
def _small(cands, depth, w):
    """The value of a node decided by its size alone, or -1."""
    n = cands.shape[0]
    if n == 0:
        return 0
    if n == 1:
        return w[cands[0]]
    if depth <= 1:
        return INF
    if n == 2:  # the heavier first, then the other
        a = w[cands[0]]
        b = w[cands[1]]
        return a + b + min(a, b)
    return -1


@njit(cache=True, nogil=True)
def guess_bounds(cands, allowed, parts, is_cand, w, depth, n_answers):
    """Every allowed guess's lower bound (see the module docstring; ``INF`` for a guess that
    teaches nothing, or that leaves a bucket of two with two guesses left) and the position in
    ``allowed`` of the first full split at the least bound, or -1."""
    n = cands.shape[0]
    ws = np.empty(n, dtype=np.int64)
    for k in range(n):
        ws[k] = w[cands[k]]
    heavy_first = np.argsort(-ws, kind="mergesort")
    prefix = np.zeros(n + 1, dtype=np.int64)  # weight of the r heaviest
    rank = np.empty(n_answers, dtype=np.int32)  # read only at the candidates
    for r in range(n):
        a = cands[heavy_first[r]]
        prefix[r + 1] = prefix[r] + w[a]
        rank[a] = r
    total = prefix[n]
    lbs = np.empty(allowed.shape[0], dtype=np.int64)
    least = INF
    split = -1
    for j in range(allowed.shape[0]):
        g = allowed[j]
        c = 1 if (g < n_answers and is_cand[g]) else 0
        p = parts[j]
        if (p <= 1 and c == 0) or (p < n and depth <= 2):
            lbs[j] = INF
            continue
        wg = w[g] if c == 1 else 0
        rest = total - wg  # what the next guess costs at least
        k = p - c  # buckets other than the win: one answer each is spared the third guess
        spared = prefix[k + 1] - wg if (c == 1 and rank[g] < k) else prefix[k]
        lb = total + rest + (rest - spared)
        lbs[j] = lb
        if lb < least:
            least = lb
            split = j if p == n else -1
        elif lb == least and split < 0 and p == n:
            split = j
    return lbs, split


@njit(cache=True, nogil=True)
def search_order(matrix, cands, allowed, lbs, cap, n_patterns):
    """(pick, order): the guesses whose bound is below ``cap`` (positions in ``allowed``) and
    the order to try them: bound, then sum of squared bucket sizes, then position."""
    m = 0
    pick = np.empty(allowed.shape[0], dtype=np.int64)
    for j in range(allowed.shape[0]):
        if lbs[j] < cap:
            pick[m] = j
            m += 1
    pick = pick[:m]
    # Two stable sorts instead of one combined key: the weighted bounds are too large to
    # multiply by n*n + 1 as the unweighted order does.
    squares = np.empty(m, dtype=np.int64)
    counts = np.zeros(n_patterns, dtype=np.int32)
    for t in range(m):
        squares[t] = sum_of_squares(matrix[allowed[pick[t]]], cands, counts)
    by_squares = np.argsort(squares, kind="mergesort")
    bounds = np.empty(m, dtype=np.int64)
    for t in range(m):
        bounds[t] = lbs[pick[by_squares[t]]]
    order = by_squares[np.argsort(bounds, kind="mergesort")]
    return pick, order


@njit(cache=True, nogil=True)
def weighted_buckets(row, cands, n_patterns, win, depth, w):
    """The buckets of a guess: (members, starts, patterns, weights, heaviest weights, the
    buckets to search heaviest first, the guess's bound). Buckets of one or two answers cost
    exactly their bound and are never searched."""
    out, starts, pats = partition(row, cands, n_patterns)
    n_parts = pats.shape[0]
    sums = np.zeros(n_parts, dtype=np.int64)
    heavy = np.zeros(n_parts, dtype=np.int64)
    for b in range(n_parts):
        for k in range(starts[b], starts[b + 1]):
            x = w[out[k]]
            sums[b] += x
            if x > heavy[b]:
                heavy[b] = x
    border = np.argsort(-sums, kind="mergesort")
    bound = 0
    for b in range(n_parts):
        bound += sums[b]  # this guess: every answer sees it
    m = 0
    for bi in range(n_parts):
        b = border[bi]
        if pats[b] != win:
            size = starts[b + 1] - starts[b]
            bound += bucket_bound(size, sums[b], heavy[b], depth - 1)
            if size > 2:
                border[m] = b
                m += 1
    return out, starts, pats, sums, heavy, border[:m], bound


@njit(cache=True, nogil=True)
def _store(memo, memo_cap, stats, key, value, exact, guess):
    """Keep (value, exact, guess) for ``key`` unless the memo is full (counted in stats)."""
    if key in memo or len(memo) < memo_cap:
        memo[key] = (value, exact, guess)
    else:
        stats[MEMO_FULL] += 1


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
    # The budget: nothing is stored on the way out, so every memo entry stays a proof.
    if flag[0] != 0 or stats[NODES] > limits[NODE_LIMIT]:
        stats[ABORTED] = 1
        return key, INF, 0
    return key, -1, known_lb


@njit(cache=True, nogil=True)
def _survey(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, key, known_lb):
    """(allowed guesses, their bounds, the node's bound, value): the value (stored) when a
    full split or the bound decides the node without a search, else -1."""
    allowed = allowed_guesses(cands, fixed, mincnt, tables, limits)
    is_cand = candidate_mask(cands, limits[N_ANSWERS])
    parts = count_parts(cands, allowed, is_cand, tables, limits)[0]
    lbs, split = guess_bounds(
        cands, allowed, parts, is_cand, tables[WEIGHTS], depth, limits[N_ANSWERS]
    )
    if split >= 0:  # exact, and no other guess's bound is lower
        _store(memo, limits[MEMO_CAP], stats, key, lbs[split], 1, allowed[split])
        return allowed, lbs, 0, lbs[split]
    node_lb = INF
    for j in range(lbs.shape[0]):
        if lbs[j] < node_lb:
            node_lb = lbs[j]
    node_lb = max(node_lb, known_lb)
    if node_lb >= beta:
        _store(memo, limits[MEMO_CAP], stats, key, node_lb, 0, -1)
        return allowed, lbs, node_lb, node_lb
    return allowed, lbs, node_lb, -1


@njit(cache=True, nogil=True)
def solve(cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag):
    """The least weighted total for ``cands`` within ``depth`` guesses, or a bound >= ``beta``
    (see the module docstring)."""
    w = tables[WEIGHTS]
    small = _small(cands, depth, w)
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
    pick, order = search_order(matrix, cands, allowed, lbs, beta, limits[N_PATTERNS])
    cap = beta
    best_g = -1
    for t in range(order.shape[0]):
        j = pick[order[t]]
        if max(lbs[j], node_lb) >= cap:  # no later guess can beat the best (or the bound)
            break
        g = allowed[j]
        out, starts, pats, sums, heavy, border, total = weighted_buckets(
            matrix[g], cands, limits[N_PATTERNS], limits[WIN], depth, w
        )
        # ``total``: what this guess costs so far, each bucket not yet searched at its bound
        for bi in range(border.shape[0]):
            if total >= cap:
                break  # cannot beat the best: abandon the guess
            b = border[bi]
            lb_b = bucket_bound(starts[b + 1] - starts[b], sums[b], heavy[b], depth - 1)
            nf, nm = constraints_after(limits[HARD], fixed, mincnt, tables[2], g, pats[b])
            sub = out[starts[b] : starts[b + 1]]
            v = solve(sub, depth - 1, cap - total + lb_b, nf, nm, tables, limits, memo, stats, flag)
            if stats[ABORTED] != 0:
                return INF
            total += v - lb_b
        if total < cap:
            cap = total
            best_g = g
    if best_g >= 0:
        _store(memo, limits[MEMO_CAP], stats, key, cap, 1, best_g)
        return cap
    lb = max(beta, node_lb)
    _store(memo, limits[MEMO_CAP], stats, key, lb, 0, -1)
    return lb


@njit(cache=True, nogil=True)
def ranked(cands, depth, fixed, mincnt, tables, limits):
    """(allowed guesses, their bounds, the order the search tries them in): what a ranking
    of every guess at this node reads, in the search's own order (so that its first equal
    best is the guess :func:`solve` keeps)."""
    allowed = allowed_guesses(cands, fixed, mincnt, tables, limits)
    is_cand = candidate_mask(cands, limits[N_ANSWERS])
    parts = count_parts(cands, allowed, is_cand, tables, limits)[0]
    w = tables[WEIGHTS]
    lbs = guess_bounds(cands, allowed, parts, is_cand, w, depth, limits[N_ANSWERS])[0]
    pick, order = search_order(tables[0], cands, allowed, lbs, INF + 1, limits[N_PATTERNS])
    return allowed, lbs, pick[order]
