"""Can a set of answers be finished within ``depth`` guesses at all? A depth-only search.

Python-facing code is :meth:`wordlekit.solve.solver.Solver.feasible`.

``feasible(cands, depth, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo, stats,
flag)`` returns 1 when
some strategy finds every answer of ``cands`` within ``depth`` guesses (in the solver's mode),
else 0. It answers the question the total-minimising search (:mod:`._solver_jit`) answers
only by exhausting every tree: proving that AARGH cannot work in hard mode took that search
158 s; this one needs a few milliseconds, because it stops at the first guess that works and
refutes a guess with one bucket it cannot finish. What keeps it fast:

- With two guesses left only a full split works (one pattern per answer): decided by the
  parts count of every allowed guess, the same bitmaps the total search uses.
- Capacity: if no allowed guess shows more than ``P`` patterns here, none does below (a
  subset has no more parts, and the constraints only tighten in hard and ultrahard mode), so
  ``d`` guesses settle at most ``P^(d-1)`` answers. A node above that is refuted at once, and a
  guess is skipped when one of its buckets is above the capacity of the guesses left (in hard
  mode a cluster such as _ATCH allows guesses with two parts: 7 answers need 7 guesses).
- Guesses are tried most parts first (candidates first among equals); a guess's buckets are
  tried largest first, so a refutation usually comes from its first bucket. A guess with a
  bucket above the capacity is dropped at that bucket, before it is partitioned (most are).
- Before any bucket is searched, each is looked at cheaply: the memo, and in hard mode its
  best guess's parts, counted only on the guesses whose parts at the parent could beat the
  best (a subset shows a guess no more patterns), which decide full splits and the capacity.
- A memo of (set, guesses left, hard-mode constraints) -> 0/1; answers are exact, never bounds.
- In hard mode, a bucket a deep search found unfinishable is written into the memo with the
  unions it makes with the buckets whose patterns differ from its own only where it is grey
  (at one position or two): a superset of an unfinishable set under the same constraints is
  unfinishable, and a grey adds no hard-mode constraint, so each union is the bucket another
  guess leaves when it puts a dead letter there. Later guesses of the long tail a hard-mode
  node tries are then refuted by their first look (ABEAR: 18,865 -> 10,903 nodes).

Every node checks the work budget like the total search (``flag[0]`` non-zero, or more than
``node_limit`` nodes): it then unwinds at once, storing nothing, with ``stats[ABORTED]`` set.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

from wordlekit.solve._solver_jit import ABORTED, MEMO_HITS, MEMO_LOOKUPS, NODES, UNIONS
from wordlekit.solve._solver_parts import (
    HARD,
    HARD_MODE,
    INC,
    MEMO_CAP,
    N_ANSWERS,
    N_PATTERNS,
    NODE_LIMIT,
    WIN,
    buckets_into,
    candidate_mask,
    child_key,
    constraint_hash,
    constraints_after,
    count_parts,
    gather_union,
    neighbour_unions,
    new_constraints,
    node_allowed,
    node_key,
)

#: The hash of :mod:`~wordlekit.solve._solver_parts` (see the same pin in ``_solver_jit``):
#: numba checks its cache of :func:`feasible` against this file alone.
PARTS_SHA256 = "9eacf804b0f9109af581106f20b918775f5af54cb684413ef0b8fe5ca2788272"


@njit(cache=True, nogil=True)
def capacity(pmax, depth, n):
    """The most answers ``depth`` guesses can settle when no guess shows more than ``pmax``
    patterns: ``pmax^(depth-1)``, capped just above ``n``."""
    c = 1
    for _ in range(depth - 1):
        c *= pmax
        if c > n:
            return n + 1
    return c


@njit(cache=True, nogil=True)
def _store(memo, memo_cap, key, value):
    if key in memo or len(memo) < memo_cap:
        memo[key] = value
    return value


@njit(cache=True, nogil=True)
def _enter(cands, depth, fixed, mincnt, tables, limits, memo, stats, flag):
    """(key, answer): the answer when the memo or the budget decides the node, else -1."""
    key = node_key(cands, depth, limits[HARD], fixed, mincnt, tables)
    stats[MEMO_LOOKUPS] += 1
    if key in memo:
        stats[MEMO_HITS] += 1
        return key, memo[key]
    stats[NODES] += 1
    if flag[0] != 0 or stats[NODES] > limits[NODE_LIMIT]:
        stats[ABORTED] = 1
        return key, 0
    return key, -1


@njit(cache=True, nogil=True)
def _small(n, depth):
    """The answer for a node its size decides, else -1."""
    if n == 1:
        return 1
    if depth <= 1:
        return 0
    if n <= depth:
        return 1  # guess the candidates one by one (always allowed, in every mode)
    return -1


@njit(cache=True, nogil=True)
def _try_order(parts, allowed, is_cand, n_answers, need):
    """The guesses worth trying (positions in ``allowed``): at least ``need`` parts (and two),
    most parts first, candidates first among equals."""
    keys = np.empty(allowed.shape[0], dtype=np.int64)
    for j in range(allowed.shape[0]):
        g = allowed[j]
        c = 1 if (g < n_answers and is_cand[g]) else 0
        keys[j] = -(2 * parts[j] + c)
    order = np.argsort(keys, kind="mergesort")
    m = 0
    while m < order.shape[0] and parts[order[m]] >= max(need, 2):
        m += 1
    return order[:m]


@njit(cache=True, nogil=True)
def _fits(row, cands, sub_cap, counts):
    """Whether no pattern of the guess of ``row`` is shown to more than ``sub_cap`` answers,
    stopping at the first that is. Most guesses a node tries fail so (in ABEAR's proof, 5.2
    million of 5.8 million), and before this the partition of each was most of the time.
    ``counts`` (all zero) is left all zero."""
    n = cands.shape[0]
    ok = True
    k = 0
    while k < n:
        p = row[cands[k]]
        counts[p] += 1
        k += 1
        if counts[p] > sub_cap:
            ok = False
            break
    for t in range(k):
        counts[row[cands[t]]] = 0
    return ok


@njit(cache=True, nogil=True)
def _survey(cands, depth, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo, key):
    """(answer, parts, allowed, is_cand, pmax): the answer (stored) when full splits or the
    capacity decide the node, else -1 with what the search needs."""
    n = cands.shape[0]
    memo_cap = limits[MEMO_CAP]
    allowed = node_allowed(cands, fixed, mincnt, parent, pfixed, pmincnt, tables, limits)
    is_cand = candidate_mask(cands, limits[N_ANSWERS])
    parts, split_cand, any_split = count_parts(cands, allowed, is_cand, tables, limits)
    if split_cand >= 0 or any_split >= 0:
        return _store(memo, memo_cap, key, 1), parts, allowed, is_cand, 0
    if depth == 2 or allowed.shape[0] == 0:
        return _store(memo, memo_cap, key, 0), parts, allowed, is_cand, 0
    pmax = 1
    for j in range(parts.shape[0]):
        pmax = max(pmax, parts[j])
    if n > capacity(pmax, depth, n):
        return _store(memo, memo_cap, key, 0), parts, allowed, is_cand, pmax
    return -1, parts, allowed, is_cand, pmax


@njit(cache=True, nogil=True)
def _best_parts(
    sub, fixed, mincnt, pfixed, pmincnt, parent, pparts, by_parts, tables, limits, goal
):
    """The most parts a guess allowed at the hard-mode node ``sub`` shows it: what a survey's
    bitmaps of every guess give of it, from few guesses. A guess shows a subset no more
    patterns than it shows the parent (``pparts``, by position in ``parent``; ``by_parts``
    those positions, most parts first), so the guesses are counted most parts at the parent
    first until the next cannot beat the best, each on the node's few rows of the
    transposed matrix. (Bitmaps of every bucket of every guess tried, before searching any,
    were most of the time of an infeasibility proof: ABEAR's 92,000 of them.)

    Below the ``goal`` only that it is below matters (the capacity refutes the node then):
    while no guess has reached it, the count stops at the first guess whose parts at the
    parent are below it, and the figure returned is then below the goal, not the most."""
    m = sub.shape[0]
    pos, letters = new_constraints(fixed, mincnt, pfixed, pmincnt)
    codes, counts = tables[2], tables[3]
    mt = tables[1]
    seen = np.zeros((limits[N_PATTERNS] + 63) // 64, dtype=np.uint64)
    best = 0
    for i in range(by_parts.shape[0]):
        t = by_parts[i]
        if pparts[t] <= best or best == m or (pparts[t] < goal and best < goal):
            break
        g = parent[t]
        ok = True
        for k in range(pos.shape[0]):
            if codes[g, pos[k]] != fixed[pos[k]]:
                ok = False
                break
        for k in range(letters.shape[0] if ok else 0):
            if counts[g, letters[k]] < mincnt[letters[k]]:
                ok = False
                break
        if not ok:
            continue
        shown = 0
        for k in range(m):
            p = mt[sub[k], g]
            bit = np.uint64(1) << np.uint64(p & 63)
            if not seen[p >> 6] & bit:
                seen[p >> 6] |= bit
                shown += 1
        for k in range(m):
            seen[mt[sub[k], g] >> 6] = 0
        best = max(best, shown)
    return best


@njit(cache=True, nogil=True)
def _look(
    sub, depth, fixed, mincnt, pfixed, pmincnt, parent, pparts, by_parts, tables, limits, memo, key
):
    """(answer, the best guess's parts) of a bucket, the answer (stored) when full splits
    or the capacity decide it, else -1: in hard mode from :func:`_best_parts`, elsewhere from
    a survey's bitmaps (the same answers)."""
    if limits[HARD] != HARD_MODE:
        answer, _, _, _, pmax = _survey(
            sub, depth, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo, key
        )
        return answer, pmax
    m = sub.shape[0]
    # the fewest parts whose capacity holds the bucket: below them it is refuted (with two
    # guesses left, a full split)
    goal = 1
    while capacity(goal, depth, m) < m:
        goal += 1
    pmax = _best_parts(
        sub, fixed, mincnt, pfixed, pmincnt, parent, pparts, by_parts, tables, limits, goal
    )
    if pmax == m:
        return _store(memo, limits[MEMO_CAP], key, 1), pmax
    if m > capacity(max(pmax, 1), depth, m):
        return _store(memo, limits[MEMO_CAP], key, 0), pmax
    return -1, pmax


@njit(cache=True, nogil=True)
def _refuted(
    out,
    starts,
    pats,
    border,
    g,
    depth,
    fixed,
    mincnt,
    hc,
    parent,
    parts,
    by_parts,
    tables,
    limits,
    memo,
):
    """(refuted, order): whether a bucket of guess ``g`` is shown unfinishable by the memo,
    full splits or the capacity alone (a cheap look at every bucket before a deep search of
    any: a hard-mode cluster is rarely the largest bucket), and else the undecided buckets,
    tightest first (most answers for what their best guess can split: ``log n / log P``).
    In hard mode ``P`` comes from :func:`_best_parts`, elsewhere from a survey's bitmaps;
    both store the same answers."""
    tight = np.zeros(border.shape[0], dtype=np.float64)
    for bi in range(border.shape[0]):
        b = border[bi]
        sub = out[starts[b] : starts[b + 1]]
        key = child_key(
            sub, depth - 1, limits[HARD], fixed, mincnt, hc[0], hc[1], g, pats[b], tables
        )
        if key in memo:
            if memo[key] == 0:
                return True, border[:0]
            tight[bi] = -1.0  # known to work: nothing to search
            continue
        if depth - 1 <= 1:
            return True, border[:0]
        if sub.shape[0] <= depth - 1:
            tight[bi] = -1.0  # guessing the candidates one by one finishes in time
            continue
        nf, nm = constraints_after(limits[HARD], fixed, mincnt, tables[2], g, pats[b])
        answer, pmax = _look(
            sub,
            depth - 1,
            nf,
            nm,
            fixed,
            mincnt,
            parent,
            parts,
            by_parts,
            tables,
            limits,
            memo,
            key,
        )
        if answer == 0:
            return True, border[:0]
        if answer == 1:
            tight[bi] = -1.0
        else:
            tight[bi] = np.log(sub.shape[0]) / np.log(max(pmax, 2))
    order = np.argsort(-tight, kind="mergesort")
    m = 0
    for t in range(order.shape[0]):
        if tight[order[t]] >= 0:
            order[m] = border[order[t]]
            m += 1
    return False, order[:m]


@njit(cache=True, nogil=True)
def _write_unions(
    out, starts, pats, n_parts, b, g, depth, fixed, mincnt, hc, tables, limits, memo, stats, scratch
):
    """After bucket ``b`` of guess ``g`` was found unfinishable with ``depth - 1`` guesses,
    store its unions with its grey neighbours (:func:`neighbour_unions`) as unfinishable too,
    under the constraints ``g`` showing bucket ``b``'s pattern adds (a bucket's key).
    ``scratch`` is (``where``: all -1, left so; ``tmp``: room for the node's set)."""
    where, tmp = scratch
    for bb in range(n_parts):
        where[pats[bb]] = bb
    s = pats[b]
    size = starts[b + 1] - starts[b]
    rows = neighbour_unions(s, tables[2].shape[1], True)
    for u in range(rows.shape[0]):
        k = gather_union(out, starts, where, rows[u], tmp)
        if k > size:
            key = child_key(
                tmp[:k], depth - 1, limits[HARD], fixed, mincnt, hc[0], hc[1], g, s, tables
            )
            _store(memo, limits[MEMO_CAP], key, 0)
            stats[UNIONS] += 1
    for bb in range(n_parts):
        where[pats[bb]] = -1


@njit(cache=True, nogil=True)
def feasible(
    cands, depth, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo, stats, flag
):
    """1 if every answer of ``cands`` can be found within ``depth`` guesses, else 0.
    ``parent``: guesses including every one this node may play, which obey the constraints
    ``pfixed``, ``pmincnt`` (at the top: every guess, and no constraints)."""
    n = cands.shape[0]
    small = _small(n, depth)
    if small >= 0:
        return small
    key, known = _enter(cands, depth, fixed, mincnt, tables, limits, memo, stats, flag)
    if known >= 0:
        return known
    memo_cap = limits[MEMO_CAP]
    answer, parts, allowed, is_cand, pmax = _survey(
        cands, depth, fixed, mincnt, parent, pfixed, pmincnt, tables, limits, memo, key
    )
    if answer >= 0:
        return answer
    sub_cap = capacity(pmax, depth - 1, n)
    need = (n + sub_cap - 1) // sub_cap  # every bucket within sub_cap needs this many parts
    matrix = tables[0]
    order = _try_order(parts, allowed, is_cand, limits[N_ANSWERS], need)
    by_parts = np.argsort(-parts) if limits[HARD] == HARD_MODE else order[:0]
    hc = constraint_hash(fixed, mincnt, tables[6], tables[7])
    counts = np.zeros(limits[N_PATTERNS], dtype=np.int32)
    inc = tables[INC]
    out = np.empty(n, dtype=np.int32)  # the buckets of each guess tried, in arrays made once
    starts = np.empty(n + 1, dtype=np.int32)
    pats = np.empty(n, dtype=np.int32)
    sizes = np.empty(n, dtype=np.int64)
    order_b = np.empty(n, dtype=np.int64)
    hard = limits[HARD] == HARD_MODE
    scratch = (np.full(limits[N_PATTERNS], -1, dtype=np.int64), np.empty(n, dtype=np.int32))
    for t in range(order.shape[0]):
        if flag[0] != 0:  # a node may try thousands of guesses: stop between two of them
            stats[ABORTED] = 1
            return 0
        g = allowed[order[t]]
        if not _fits(matrix[g], cands, sub_cap, counts):
            continue
        n_parts, m, _ = buckets_into(
            matrix[g], cands, counts, limits[WIN], depth, inc, out, starts, pats, sizes, order_b
        )
        refuted, border = _refuted(
            out,
            starts,
            pats,
            order_b[:m],
            g,
            depth,
            fixed,
            mincnt,
            hc,
            allowed,
            parts,
            by_parts,
            tables,
            limits,
            memo,
        )
        ok = not refuted
        for bi in range(border.shape[0] if ok else 0):
            b = border[bi]
            nf, nm = constraints_after(limits[HARD], fixed, mincnt, tables[2], g, pats[b])
            sub = out[starts[b] : starts[b + 1]]
            r = feasible(
                sub, depth - 1, nf, nm, allowed, fixed, mincnt, tables, limits, memo, stats, flag
            )
            if stats[ABORTED] != 0:
                return 0
            if r == 0:
                if hard:
                    _write_unions(out, starts, pats, n_parts, b, g, depth, fixed, mincnt, hc,
                                  tables, limits, memo, stats, scratch)  # fmt: skip
                ok = False
                break
        if ok:
            return _store(memo, memo_cap, key, 1)
    return _store(memo, memo_cap, key, 0)
