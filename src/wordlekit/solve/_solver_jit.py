"""The exact optimal search, compiled by numba.

Python-facing code is :class:`wordlekit.solve.solver.Solver`.

``solve(cands, depth, beta, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo,
stats, flag)`` returns the
least cost of finding every answer of ``cands`` with at most ``depth`` guesses each, when that
cost is below ``beta``; otherwise a lower bound that is at least ``beta`` (the caller only
needed to know that it cannot beat ``beta``). ``INF`` means "impossible within the depth".
The cost is the total number of guesses, or any objective the per-guess costs ``inc`` of
:mod:`~wordlekit.solve._solver_parts` express (the bounds below are written for the total).
``tables`` is ``(matrix, transposed, guess_codes, guess_counts, z1, z2, zf, zc, inc)`` and
``limits`` is ``(mode, n_answers, win, n_patterns, memo_cap, top, node_limit)`` (see
:class:`~wordlekit.solve.solver.Solver`).

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
  exact values and lower bounds; it stops growing at ``memo_cap`` entries. A bucket's key is
  its parent's constraint hash changed by the pattern, and a guess's buckets go into arrays
  the node makes once: a node tries many guesses on a small set, so what each costs counts.
- A bucket searched to more than its size's bound gives its unions with its neighbours a
  bound too (:func:`~wordlekit.solve._solver_parts.neighbour_unions`; in hard mode only
  those at its grey positions, under the same constraints): the bucket's value plus the
  least cost of the answers a union adds, since a strategy for the union plays, on the
  bucket's answers alone, one for the bucket. The guesses of the long tail that put a dead
  letter there then meet that bound at their first look (hard CRUES: 94,944 -> 58,007
  nodes; normal GEARS: 12,936 -> 8,207). Not in ultrahard mode, where a larger set also
  allows more guesses.

Every node checks the work budget (``flag[0]`` non-zero, or more than ``node_limit`` nodes
counted in ``stats``): the search then unwinds at once, storing nothing, and sets
``stats[ABORTED]``. The kernels release the GIL, so a watchdog thread can set the flag.

Only :func:`solve` recurses (numba cannot load mutually recursive functions from its cache,
it segfaults): this module holds it with the memo (entering a node, storing its value or bound)
and the node's survey; the pieces that look at a set without recursing (hashing, hard-mode
constraints, partition, bitmaps and bounds, ordering) are small helpers in
:mod:`wordlekit.solve._solver_parts` that numba compiles into it.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

from wordlekit.solve._solver_parts import (
    HARD,
    HARD_MODE,
    INC,
    INF,
    MEMO_CAP,
    N_ANSWERS,
    N_PATTERNS,
    NODE_LIMIT,
    TOP,
    ULTRAHARD,
    WIN,
    bucket_bound,
    buckets_into,
    by_bound,
    candidate_mask,
    child_key,
    constraint_hash,
    constraints_after,
    count_parts,
    gather_union,
    guess_bounds,
    neighbour_unions,
    node_allowed,
    node_key,
    split_value,
    tie_end,
    tie_order,
)

#: The hash of :mod:`~wordlekit.solve._solver_parts`. numba checks its cache of :func:`solve`
#: against this file's content alone, and the cached :func:`solve` has those helpers compiled
#: in: pinning their hash here makes a change to them a change to this file, so :func:`solve`
#: is compiled again. tests/test_optimal.py checks it and gives the new value.
PARTS_SHA256 = "9eacf804b0f9109af581106f20b918775f5af54cb684413ef0b8fe5ca2788272"

# stats slots
NODES = 0
MEMO_HITS = 1
MEMO_LOOKUPS = 2
MEMO_FULL = 3
ABORTED = 4  # set when the budget's flag or node allowance stopped the search
UNIONS = 5  # unions of buckets given a bound (both searches) or found unfinishable
N_STATS = 6


@njit(cache=True, nogil=True)
def _small(n, depth, inc):
    """The value of a node decided by its size alone, or -1."""
    if n == 1:
        return inc[depth]
    if depth <= 1:
        return INF
    if n == 2:
        return bucket_bound(2, depth, inc)  # guess one, then the other
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
def _survey(
    cands,
    depth,
    beta,
    fixed,
    mincnt,
    parent,
    pfixed,
    pmincnt,
    tables,
    limits,
    memo,
    stats,
    key,
    known_lb,
):
    """(allowed guesses, their lower bounds, the node's bound, value): the value (stored in
    the memo) when full splits or the bound decide the node without a search, else -1."""
    n = cands.shape[0]
    allowed = node_allowed(cands, fixed, mincnt, parent, pfixed, pmincnt, tables, limits)
    is_cand = candidate_mask(cands, limits[N_ANSWERS])
    parts, split_cand, any_split = count_parts(cands, allowed, is_cand, tables, limits)
    inc = tables[INC]
    value, guess = split_value(n, depth, split_cand, any_split, inc)
    if value >= 0:
        _store(memo, limits[MEMO_CAP], stats, key, value, 1, guess)
        return allowed, parts, 0, value
    lbs = parts
    node_lb = guess_bounds(lbs, allowed, is_cand, n, limits[N_ANSWERS], known_lb, depth, inc)
    if node_lb >= beta:
        _store(memo, limits[MEMO_CAP], stats, key, node_lb, 0, -1)
        return allowed, lbs, node_lb, node_lb
    return allowed, lbs, node_lb, -1


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
def _store(memo, memo_cap, stats, key, value, exact, guess):
    """Keep (value, exact, guess) for ``key`` unless the memo is full (counted in stats)."""
    if key in memo or len(memo) < memo_cap:
        memo[key] = (value, exact, guess)
    else:
        stats[MEMO_FULL] += 1


@njit(cache=True, nogil=True)
def _known_bounds(
    out,
    starts,
    pats,
    border,
    lb_bs,
    total,
    g,
    depth,
    fixed,
    mincnt,
    hc,
    tables,
    limits,
    memo,
    stats,
):
    """The guess's total with each bucket at its bound (written into ``lb_bs``): a bucket's
    bound by its size, or the value or lower bound the memo holds for it when higher."""
    inc = tables[INC]
    for bi in range(border.shape[0]):
        b = border[bi]
        lb = bucket_bound(starts[b + 1] - starts[b], depth - 1, inc)
        sub = out[starts[b] : starts[b + 1]]
        key = child_key(
            sub, depth - 1, limits[HARD], fixed, mincnt, hc[0], hc[1], g, pats[b], tables
        )
        stats[MEMO_LOOKUPS] += 1
        if key in memo:
            stats[MEMO_HITS] += 1
            known = memo[key][0]
            if known > lb:
                total += known - lb
                lb = known
        lb_bs[bi] = lb
    return total


@njit(cache=True, nogil=True)
def _union_bounds(
    out, starts, pats, n_parts, b, v, g, depth, fixed, mincnt, hc, tables, limits, memo, stats,
    scratch,
):  # fmt: skip
    """After bucket ``b`` of guess ``g`` was found to cost ``v`` (or at least ``v``) with
    ``depth - 1`` guesses left, raise the bound the memo holds of each of its unions with its
    neighbours (:func:`neighbour_unions`; hard mode: at its greys) to ``v`` plus the least
    cost of the answers the union adds, when ``v`` is more than the unions' bounds by their
    size would be. ``scratch`` is (``where``: all -1, left so; ``tmp``: room for the node's
    set)."""
    where, tmp = scratch
    inc = tables[INC]
    size = starts[b + 1] - starts[b]
    if limits[HARD] == ULTRAHARD or v <= bucket_bound(size, depth - 1, inc) + inc[depth - 2]:
        return  # ultrahard: a larger set allows more guesses, so it may cost less
    for bb in range(n_parts):
        where[pats[bb]] = bb
    s = pats[b]
    rows = neighbour_unions(s, tables[2].shape[1], limits[HARD] == HARD_MODE)
    for u in range(rows.shape[0]):
        k = gather_union(out, starts, where, rows[u], tmp)
        if k <= size:
            continue
        lb = min(v + bucket_bound(k - size, depth - 1, inc), INF)
        key = child_key(tmp[:k], depth - 1, limits[HARD], fixed, mincnt, hc[0], hc[1], g, s, tables)
        if key in memo:
            known = memo[key]
            if known[1] == 1 or known[0] >= lb:
                continue
        _store(memo, limits[MEMO_CAP], stats, key, lb, 0, -1)
        stats[UNIONS] += 1
    for bb in range(n_parts):
        where[pats[bb]] = -1


@njit(cache=True, nogil=True)
def solve(
    cands, depth, beta, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo, stats, flag
):
    """The least total for ``cands`` within ``depth`` guesses, or a bound >= ``beta`` (see the
    module docstring). ``parent`` holds the guesses allowed under the constraints ``pfixed``,
    ``pmincnt`` (the parent node's, or none and every guess), of which hard mode keeps those
    that obey ``fixed`` and ``mincnt`` too."""
    inc = tables[INC]
    small = _small(cands.shape[0], depth, inc)
    if small >= 0:
        return small
    key, value, known_lb = _enter(
        cands, depth, beta, fixed, mincnt, tables, limits, memo, stats, flag
    )
    if value >= 0:
        return value
    allowed, lbs, node_lb, value = _survey(
        cands,
        depth,
        beta,
        fixed,
        mincnt,
        parent,
        pfixed,
        pmincnt,
        tables,
        limits,
        memo,
        stats,
        key,
        known_lb,
    )
    if value >= 0:
        return value
    matrix = tables[0]
    # Guesses by bound, then sum of squared bucket sizes (so the first one tried is usually
    # the best and its total prunes the rest); a bound's ties are ordered when reached.
    ranked = by_bound(lbs, beta)
    counts = np.zeros(limits[N_PATTERNS], dtype=np.int32)
    hc = constraint_hash(fixed, mincnt, tables[6], tables[7])  # the buckets' keys start here
    n = cands.shape[0]  # the buckets of each guess tried, in arrays made once
    out = np.empty(n, dtype=np.int32)
    starts = np.empty(n + 1, dtype=np.int32)
    pats = np.empty(n, dtype=np.int32)
    sizes = np.empty(n, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    lb_bs = np.empty(n, dtype=np.int64)
    top = limits[TOP]
    scratch = (np.full(limits[N_PATTERNS], -1, dtype=np.int64), np.empty(n, dtype=np.int32))
    tried = 0
    cap = beta
    best_g = -1
    t = 0
    while t < ranked.shape[0] and (top <= 0 or tried < top):
        if max(lbs[ranked[t]], node_lb) >= cap:  # no later guess can beat the best (or bound)
            break
        e = tie_end(ranked, lbs, t)
        tie_order(matrix, cands, allowed, ranked, t, e, counts)
        for u in range(t, e):
            if (top > 0 and tried >= top) or max(lbs[ranked[u]], node_lb) >= cap:
                break
            tried += 1
            g = allowed[ranked[u]]
            n_parts, m, total = buckets_into(
                matrix[g], cands, counts, limits[WIN], depth, inc, out, starts, pats, sizes, order
            )
            border = order[:m]
            # ``total``: what this guess costs so far, each bucket not yet searched at its bound
            # (raised to what the memo proves of it: a guess whose buckets are known to cost
            # too much is dropped before any of them is searched)
            total = _known_bounds(
                out,
                starts,
                pats,
                border,
                lb_bs,
                total,
                g,
                depth,
                fixed,
                mincnt,
                hc,
                tables,
                limits,
                memo,
                stats,
            )
            for bi in range(border.shape[0]):
                if total >= cap:
                    break  # cannot beat the best: abandon the guess
                b = border[bi]
                lb_b = lb_bs[bi]
                nf, nm = constraints_after(limits[HARD], fixed, mincnt, tables[2], g, pats[b])
                sub = out[starts[b] : starts[b + 1]]
                v = solve(
                    sub,
                    depth - 1,
                    cap - total + lb_b,
                    nf,
                    nm,
                    allowed,
                    fixed,
                    mincnt,
                    tables,
                    limits,
                    memo,
                    stats,
                    flag,
                )
                if stats[ABORTED] != 0:
                    return INF
                _union_bounds(out, starts, pats, n_parts, b, v, g, depth, fixed, mincnt, hc,
                              tables, limits, memo, stats, scratch)  # fmt: skip
                total += v - lb_b
            if total < cap:
                cap = total
                best_g = g
        t = e
    return _finish(memo, limits[MEMO_CAP], stats, key, cap, best_g, beta, node_lb)


@njit(cache=True, nogil=True)
def lookup(memo, cands, depth, hard, fixed, mincnt, tables):
    """The memo entry (value, exact, guess) of a node, or (-1, -1, -1)."""
    key = node_key(cands, depth, hard, fixed, mincnt, tables)
    if key in memo:
        return memo[key]
    return (-1, -1, -1)


@njit(cache=True, nogil=True)
def absorb(memo, other, memo_cap):
    """Copy ``other``'s entries into ``memo`` (an exact value wins over a bound; of two bounds
    the higher), up to ``memo_cap`` entries: what a parallel search found, made the main
    search's own."""
    for key, entry in other.items():
        if key in memo:
            mine = memo[key]
            if mine[1] == 1 or (entry[1] == 0 and entry[0] <= mine[0]):
                continue
        elif len(memo) >= memo_cap:
            continue
        memo[key] = entry
