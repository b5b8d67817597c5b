"""The Absurdle search, compiled by numba: "can the host be brought to one word within d
guesses?" for d = 2, 3 and 4, with the host's rule as a table.

Python-facing code is :mod:`wordlekit.solve.absurdle`.

Absurdle's host is deterministic, so a position (the set the host holds, plus the hard-mode
constraints) and a guess give exactly one next position: the search is an OR tree, no AND.
A set of one word is won by one more guess; a set of ``n`` is won within ``d`` guesses when
some guess leaves a set won within ``d - 1``. The host keeps the largest group, so:

- with two guesses left, a guess must split the set into singletons: a guess showing at
  most ``P`` patterns on the answer list can split at most ``P`` words (``parts[g]``, and the
  guesses are tried in decreasing ``parts`` so the loop stops at the first too small);
- with ``d`` guesses left the kept group must itself be winnable with ``d - 1``: its size is
  capped (``cap``) and the grouping of a guess is abandoned as soon as one of its groups
  passes the cap (the largest group, the one kept, can only be larger);
- a full split is refuted at the first two words showing the same pattern.

``rank[p]`` is the host's tie-break order of the patterns (0 preferred, see
:func:`wordlekit.core.absurdle.host_order`): the host keeps the pattern with the most words,
then the least rank. ``target`` >= 0 is a challenge: the kept group must hold it, and the
last singleton must be it.

Hard mode reuses the exact search's compiled constraints (:mod:`._solver_parts`): a node's
guesses are its parent's filtered by the constraints its pattern adds. numba's cache of this
module is checked against this file only, so :data:`PARTS_SHA256` pins the helpers' source
(tests/test_absurdle.py checks it equals :data:`._solver_jit.PARTS_SHA256`).

The kernels release the GIL and read the stop flag (``flag[0] != 0``) between guesses.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

from wordlekit.solve._solver_parts import allowed_within, child_constraints

PARTS_SHA256 = "9eacf804b0f9109af581106f20b918775f5af54cb684413ef0b8fe5ca2788272"


@njit(cache=True, nogil=True)
def kept(row, cands, rank, counts, cap, out):
    """The host's answer to a guess (its row of patterns): ``(size, pattern)`` of the group
    it keeps, whose words are written to ``out[:size]``; ``(-1, -1)`` as soon as a group
    passes ``cap``. ``counts`` (one slot per pattern) is all zero on entry and on exit.

    The best group is followed while counting: counts only grow, so the pattern ahead by
    (count, then least rank) after the last word is the host's choice."""
    n = cands.shape[0]
    best_p = -1
    best_c = 0
    for k in range(n):
        p = row[cands[k]]
        c = counts[p] + 1
        counts[p] = c
        if c > best_c or (c == best_c and rank[p] < rank[best_p]):
            best_c = c
            best_p = p
            if c > cap:
                for j in range(k + 1):
                    counts[row[cands[j]]] = 0
                return -1, -1
    m = 0
    for k in range(n):
        p = row[cands[k]]
        counts[p] = 0
        if p == best_p:
            out[m] = cands[k]
            m += 1
    return m, best_p


@njit(cache=True, nogil=True)
def closest_pair(cands, codes):
    """Indices (in ``cands``) of two words with the most letters in common places (a pair
    few guesses tell apart); stops at the first pair differing in one letter."""
    n = cands.shape[0]
    length = codes.shape[1]
    best = -1
    bi = 0
    bj = 1
    for i in range(n):
        ci = codes[cands[i]]
        for j in range(i + 1, n):
            cj = codes[cands[j]]
            same = 0
            for k in range(length):
                if ci[k] == cj[k]:
                    same += 1
            if same > best:
                best = same
                bi = i
                bj = j
                if same == length - 1:
                    return bi, bj
    return bi, bj


@njit(cache=True, nogil=True)
def _first_pair(transposed, cands, allowed, parts, bits, alive, i0, i1):
    """The first pass of :func:`win2`: the guesses that may split ``cands`` and tell words
    ``i0`` and ``i1`` apart, into ``alive`` (their bitsets in ``bits``); how many."""
    n = cands.shape[0]
    n_words = bits.shape[1]
    r0 = transposed[cands[i0]]
    r1 = transposed[cands[i1]]
    n_alive = 0
    for t in range(allowed.shape[0]):
        g = allowed[t]
        if parts[g] < n:
            continue
        p0 = r0[g]
        p1 = r1[g]
        if p0 == p1:
            continue
        alive[n_alive] = g
        for w in range(n_words):
            bits[n_alive, w] = 0
        bits[n_alive, p0 >> 6] |= np.uint64(1) << np.uint64(p0 & 63)
        bits[n_alive, p1 >> 6] |= np.uint64(1) << np.uint64(p1 & 63)
        n_alive += 1
    return n_alive


@njit(cache=True, nogil=True)
def _sweep(row, alive, n_alive, bits):
    """One more word (its row of patterns): the suspects showing it a new pattern stay."""
    n_words = bits.shape[1]
    j = 0
    for i in range(n_alive):
        g = alive[i]
        p = row[g]
        w = p >> 6
        b = np.uint64(1) << np.uint64(p & 63)
        if bits[i, w] & b:
            continue
        if j != i:
            for x in range(n_words):
                bits[j, x] = bits[i, x]
        bits[j, w] |= b
        alive[j] = g
        j += 1
    return j


@njit(cache=True, nogil=True)
def win2(tables, cands, allowed, parts, target, bits, counts, out):
    """A guess after which the host holds one word (the target, in a challenge), or -1.

    Every allowed guess showing at least as many patterns on a superset of ``cands`` as there
    are words (``parts``) is a suspect. The two words of the closest pair are compared first, in
    one pass over their rows of the transposed matrix (a suspect must tell them apart); then
    the other words are read one at a time, and a suspect dies when it shows a word a pattern
    it already showed. Suspects and their pattern bitsets (``bits``, one row per suspect)
    are kept compact, so every pass reads them in order."""
    matrix, transposed, _gc, _cnt, _parts, rank, _z1, _z2, codes = tables
    alive = np.empty(allowed.shape[0], dtype=np.int32)
    i0, i1 = closest_pair(cands, codes)
    n_alive = _first_pair(transposed, cands, allowed, parts, bits, alive, i0, i1)
    for k in range(cands.shape[0]):
        if n_alive == 0:
            return -1
        if k not in (i0, i1):
            n_alive = _sweep(transposed[cands[k]], alive, n_alive, bits)
    for i in range(n_alive):
        g = alive[i]
        if target < 0:
            return g
        _m, p = kept(matrix[g], cands, rank, counts, 1, out)
        if p == matrix[g, target]:
            return g
    return -1


@njit(cache=True, nogil=True)
def win2_at(tables, cands, allowed, target):
    """:func:`win2` with its buffers, for a set on its own."""
    matrix = tables[0]
    n_patterns = tables[5].shape[0]
    parts = parts_on(matrix, cands, allowed, n_patterns)
    bits = np.empty((matrix.shape[0], (n_patterns + 63) // 64), dtype=np.uint64)
    counts = np.zeros(n_patterns, dtype=np.int32)
    out = np.empty(cands.shape[0], dtype=np.int32)
    return win2(tables, cands, allowed, parts, target, bits, counts, out)


@njit(cache=True, nogil=True)
def child_allowed(hard, allowed, fixed, mincnt, guess_codes, guess_counts, g, p):
    if not hard:
        return allowed, fixed, mincnt
    nf, nm = child_constraints(fixed, mincnt, guess_codes, g, p)
    return allowed_within(allowed, nf, nm, fixed, mincnt, guess_codes, guess_counts), nf, nm


@njit(cache=True, nogil=True)
def prefix(desc, m):
    """How many leading entries of the decreasing ``desc`` are at least ``m``."""
    lo = 0
    hi = desc.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if desc[mid] >= m:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True, nogil=True)
def _mix(x):
    """splitmix64's finaliser: a well-spread 64-bit hash of ``x``."""
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


@njit(cache=True, nogil=True)
def constraints_key(key, fixed, mincnt):
    """``key`` (a set's hash) mixed with hard-mode constraints: in hard mode the guesses a
    node may play are a function of its constraints, so (set, constraints) decides it."""
    a = np.uint64(0)
    for i in range(fixed.shape[0]):
        a = a * np.uint64(27) + np.uint64(fixed[i] + 1)
    b = np.uint64(0)
    for c in range(mincnt.shape[0]):
        b = _mix(b + np.uint64(mincnt[c]) + np.uint64(c) * np.uint64(0x9E3779B97F4A7C15))
    return key[0] ^ _mix(a + np.uint64(0x632BE59BD9B4E019)), key[1] ^ _mix(b)


@njit(cache=True, nogil=True)
def _after(tables, sub, g, p, node, order, parts, target, buffers, memo, cap, stats):
    """The guess that brings ``sub`` (what ``g`` showing ``p`` left) to one word, or -1:
    from the memo, or by :func:`win2` on the suspects (the guesses showing the parent set at
    least ``len(sub)`` patterns, a prefix of ``by_parts``; in hard mode those the new
    constraints allow). ``node`` is ``(hard, fixed, mincnt)``, ``order`` ``(by_parts,
    counts_desc)``, ``buffers`` ``(bits, counts, out)``."""
    hard, fixed, mincnt = node
    by_parts, counts_desc = order
    guess_codes = tables[2]
    key = set_hash(sub, tables[6], tables[7])
    nf = fixed
    nm = mincnt
    if hard:
        nf, nm = child_constraints(fixed, mincnt, guess_codes, g, p)
        key = constraints_key(key, nf, nm)
    if key in memo:
        stats[2] += 1
        return memo[key]
    ch = by_parts[: prefix(counts_desc, sub.shape[0])]
    if hard:
        ch = allowed_within(ch, nf, nm, fixed, mincnt, guess_codes, tables[3])
    stats[1] += 1
    g2 = win2(tables, sub, ch, parts, target, buffers[0], buffers[1], buffers[2])
    if len(memo) < cap:
        memo[key] = np.int32(g2)
    return g2


@njit(cache=True, nogil=True)
def set_hash(cands, z1, z2):
    """128-bit Zobrist hash of a set of answers."""
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    for k in range(cands.shape[0]):
        h1 += z1[cands[k]]
        h2 += z2[cands[k]]
    return h1, h2


@njit(cache=True)
def new_memo():
    """An empty memo: set hash -> the guess that brings it to one word, or -1."""
    d = {}
    d[(np.uint64(0), np.uint64(0))] = np.int32(-1)
    del d[(np.uint64(0), np.uint64(0))]
    return d


@njit(cache=True, nogil=True)
def win3(tables, cands, allowed, fixed, mincnt, hard, target, cap2, memo, memo_cap, flag, stats):
    """Two guesses after which the host holds one word, as ``(g1, g2)`` (``g2 = -1`` when
    ``g1`` alone does it), or ``(-1, -1)``.

    ``tables`` is ``(matrix, transposed, guess_codes, guess_counts, parts, rank, z1, z2,
    answer_codes)``.
    The answer for a two-guess set depends on the set alone (in hard mode, on the set and
    its constraints), so it is kept in ``memo`` (up to ``memo_cap`` entries; ``target`` is
    fixed for one search).
    ``stats`` counts [guesses tried, sets refuted or solved with two guesses, memo hits]."""
    matrix, _t, _gc, _cnt, _parts, rank, _z1, _z2, _codes = tables
    n_patterns = rank.shape[0]
    # Every set after the next guess is a subset of ``cands``: a guess shows it at most as
    # many patterns as it shows ``cands``, a much smaller figure than on the whole list.
    parts = parts_on(matrix, cands, allowed, n_patterns)
    top = 0
    for t in range(allowed.shape[0]):
        top = max(top, parts[allowed[t]])
    cap2 = min(cap2, top)
    # In decreasing ``parts``, the suspects for a set of ``m`` words are a prefix (usually
    # short: few guesses show a subset as many patterns as it has words).
    by_parts = allowed[np.argsort(-parts[allowed], kind="mergesort")]
    counts_desc = parts[by_parts]
    counts = np.zeros(n_patterns, dtype=np.int32)
    bits = np.empty((matrix.shape[0], (n_patterns + 63) // 64), dtype=np.uint64)
    out = np.empty(cands.shape[0], dtype=np.int32)
    out2 = np.empty(cands.shape[0], dtype=np.int32)
    for t in range(allowed.shape[0]):
        if flag[0] != 0:
            return -1, -1
        g = allowed[t]
        stats[0] += 1
        m, p = kept(matrix[g], cands, rank, counts, cap2, out)
        if m < 0:
            continue
        if target >= 0 and matrix[g, target] != p:
            continue  # the target left the host's words
        if m == 1:
            return g, -1
        sub = out[:m].copy()
        g2 = _after(
            tables, sub, g, p, (hard, fixed, mincnt), (by_parts, counts_desc), parts, target,
            (bits, counts, out2), memo, memo_cap, stats,
        )  # fmt: skip
        if g2 >= 0:
            return g, g2
    return -1, -1


@njit(cache=True, nogil=True)
def survey(matrix, cands, allowed, rank, target):
    """Every allowed guess's kept group: ``(sizes, patterns)`` (-1 where a challenge's target
    would leave the group)."""
    n_patterns = rank.shape[0]
    counts = np.zeros(n_patterns, dtype=np.int32)
    out = np.empty(cands.shape[0], dtype=np.int32)
    sizes = np.empty(allowed.shape[0], dtype=np.int32)
    pats = np.empty(allowed.shape[0], dtype=np.int32)
    big = cands.shape[0] + 1
    for t in range(allowed.shape[0]):
        g = allowed[t]
        m, p = kept(matrix[g], cands, rank, counts, big, out)
        if target >= 0 and matrix[g, target] != p:
            m = -1
        sizes[t] = m
        pats[t] = p
    return sizes, pats


@njit(cache=True, nogil=True)
def parts_on(matrix, cands, allowed, n_patterns):
    """``parts[g]``: how many different patterns allowed guess ``g`` shows ``cands`` (0 for
    the guesses not allowed)."""
    parts = np.zeros(matrix.shape[0], dtype=np.int32)
    seen = np.zeros(n_patterns, dtype=np.int64)
    for t in range(allowed.shape[0]):
        g = allowed[t]
        row = matrix[g]
        stamp = t + 1
        c = 0
        for k in range(cands.shape[0]):
            p = row[cands[k]]
            if seen[p] != stamp:
                seen[p] = stamp
                c += 1
        parts[g] = c
    return parts


@njit(cache=True, nogil=True)
def pattern_parts(matrix, n_patterns):
    """``parts[g]``: how many different patterns guess ``g`` shows the whole answer list."""
    n_guesses, n_answers = matrix.shape
    parts = np.zeros(n_guesses, dtype=np.int32)
    seen = np.zeros(n_patterns, dtype=np.int64)
    for g in range(n_guesses):
        stamp = g + 1
        c = 0
        for a in range(n_answers):
            p = matrix[g, a]
            if seen[p] != stamp:
                seen[p] = stamp
                c += 1
        parts[g] = c
    return parts
