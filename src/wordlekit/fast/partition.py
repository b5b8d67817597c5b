"""How guesses split a set of candidates: the figures every strategy reports.

For each guess and a set of candidate answers, the patterns the guess can produce split the
set into buckets. From the bucket sizes ``c`` (summing to ``n``):

- ``parts``: number of buckets (distinct patterns);
- ``largest``: the biggest bucket (the worst case);
- ``expected``: sum(c**2) / n, the expected number of candidates left;
- ``bits``: log2(n) - sum(c*log2(c)) / n, the expected information (entropy).

With weighted candidates (the ``likely`` answer model: each candidate has a probability of
being the answer) a bucket also has a weight ``w`` (the sum of its candidates' weights, the
weights summing to ``W``), and the figures that depend on how likely each pattern is use it:

- ``bits``: log2(W) - sum(w*log2(w)) / W, the entropy of the weighted pattern distribution;
- ``expected``: sum(w*c) / W, the expected number of candidates left;
- ``largest_share``: max(w) / W, the probability of the worst bucket (minimax over weight);
- ``expected_share``: sum(w**2) / W**2, the expected probability mass left;
- ``parts`` and ``largest`` (a count of words) are unchanged.

With equal weights every weighted figure equals its unweighted form.

Large jobs run in the parallel numba kernel; small ones (under ``NUMPY_LIMIT`` cells) in numpy,
which avoids loading numba for a quick suggestion. Both are tested equal to a reference built
from :func:`wordlekit.core.feedback.score`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit.core.alphabet import LATIN, Alphabet
from wordlekit.core.codes import Codes
from wordlekit.core.feedback import Tile, Turn
from wordlekit.core.knowledge import probabilities

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: Arrays of figures, one per guess each: a sequence of them, or the rows of a 2-D array.
Columns = Sequence[npt.NDArray[Any]] | npt.NDArray[Any]

#: Below this many guess x candidate cells numpy is used unless numba is already loaded
#: (measured: numpy takes ~50 ms for 12,972 x 100; loading numba takes ~300 ms).
NUMPY_LIMIT = 3_000_000
#: Up to this many cells the single-threaded block kernel is used (as fast per core as the
#: parallel one, measured 0.9 vs 1.05 ms at 12,972 x 20), so that concurrent callers such as
#: web requests do not oversubscribe the cores with parallel kernels.
SERIAL_LIMIT = 6_000_000
#: Weighted jobs up to this many cells use numpy unless numba is already loaded: the dense
#: count table below costs ~9 ns a cell, and numba's first use in a process ~0.5 s (its
#: import and loading the compiled kernel), so numpy wins up to ~50 million cells (measured:
#: 12,972 guesses x 1,200 weighted candidates, 0.13 s in numpy).
WEIGHTED_NUMPY_LIMIT = 50_000_000
#: Patterns up to this many get the dense count table (uint8 patterns, up to five letters);
#: sort each row instead.
DENSE_PATTERNS = 256


@dataclass(frozen=True)
class Figures:
    """Partition figures for ``guesses`` (indices of valid guesses) over ``n`` candidates.

    ``weight`` and the ``w…`` arrays are set when the candidates are weighted (see the module
    docstring): the total weight, and for each guess the heaviest bucket's weight
    (``wlargest``), sum(w*c) (``wsize``), sum(w**2) (``wsumsq``) and sum(w*log2(w))
    (``wplogp``).
    """

    guesses: IntArray
    n: int
    parts: IntArray
    largest: IntArray
    sumsq: IntArray
    plogp: FloatArray
    weight: float | None = None
    wlargest: FloatArray | None = None
    wsize: FloatArray | None = None
    wsumsq: FloatArray | None = None
    wplogp: FloatArray | None = None

    @property
    def weighted(self) -> bool:
        return self.weight is not None

    @property
    def expected(self) -> FloatArray:
        """The expected number of candidates left (each pattern as likely as its bucket)."""
        if self.weight is not None and self.wsize is not None:
            return np.asarray(self.wsize / self.weight, dtype=np.float64)
        return self.sumsq / max(self.n, 1)

    @property
    def bits(self) -> FloatArray:
        """The expected information: the entropy of the (weighted) pattern distribution."""
        if self.n == 0:
            return np.zeros(len(self.guesses))
        if self.weight is not None and self.wplogp is not None:
            w = self.weight
            return np.asarray(np.log2(w) - self.wplogp / w, dtype=np.float64)
        return np.asarray(np.log2(self.n) - self.plogp / self.n, dtype=np.float64)

    @property
    def largest_share(self) -> FloatArray:
        """The probability of the worst bucket (by weight; largest / n unweighted)."""
        if self.weight is not None and self.wlargest is not None:
            return np.asarray(self.wlargest / self.weight, dtype=np.float64)
        return np.asarray(self.largest / max(self.n, 1), dtype=np.float64)

    @property
    def expected_share(self) -> FloatArray:
        """The expected probability mass left (sumsq / n**2 unweighted)."""
        if self.weight is not None and self.wsumsq is not None:
            return np.asarray(self.wsumsq / self.weight**2, dtype=np.float64)
        return np.asarray(self.sumsq / max(self.n, 1) ** 2, dtype=np.float64)

    @classmethod
    def of(
        cls,
        guesses: IntArray,
        n: int,
        counted: Columns,
        weighted: Columns | None = None,
    ) -> Figures:
        """The figures from the four counted arrays (parts, largest, sumsq, plogp) and, for
        candidates whose weights sum to 1, the four weighted ones (wlargest, wsize, wsumsq,
        wplogp): how every computation of them hands them back."""
        parts, largest, sumsq, plogp = counted
        if weighted is None:
            return cls(guesses, n, parts, largest, sumsq, plogp)
        return cls(guesses, n, parts, largest, sumsq, plogp, 1.0, *weighted)

    def take(self, index: IntArray) -> Figures:
        """The figures of the guesses at positions ``index`` (same candidates)."""

        def pick(a: npt.NDArray[Any] | None) -> npt.NDArray[Any] | None:
            return None if a is None else a[index]

        return Figures(
            self.guesses[index],
            self.n,
            self.parts[index],
            self.largest[index],
            self.sumsq[index],
            self.plogp[index],
            self.weight,
            pick(self.wlargest),
            pick(self.wsize),
            pick(self.wsumsq),
            pick(self.wplogp),
        )

    def __len__(self) -> int:
        return len(self.guesses)


def _clog(n: int) -> FloatArray:
    c = np.arange(n + 1, dtype=np.float64)
    out = np.zeros(n + 1)
    out[1:] = c[1:] * np.log2(c[1:])
    return out


def candidate_weights(weights: npt.ArrayLike | None, n: int) -> FloatArray | None:
    """``weights`` of ``n`` candidates normalised to sum to 1 (``None`` stays ``None``; all
    zero weights count as equal weights)."""
    if weights is None:
        return None
    return np.ascontiguousarray(probabilities(weights, n))


def figures(
    matrix: npt.NDArray[np.unsignedinteger],
    guesses: IntArray,
    candidates: IntArray,
    *,
    use_numba: bool | None = None,
    transposed: npt.NDArray[np.unsignedinteger] | None = None,
    table: npt.NDArray[np.float64] | None = None,
    weights: npt.ArrayLike | None = None,
) -> Figures:
    """Partition figures of each guess row of ``matrix`` over the ``candidates`` columns.

    ``transposed`` (answers x guesses) enables the single-threaded block kernel for small jobs.
    ``table`` replaces c*log2(c): ``plogp`` is then the sum of ``table[c]`` over the buckets.
    ``weights`` (one per candidate, normalised here to sum to 1) adds the weighted figures.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.int64)
    candidates = np.ascontiguousarray(candidates, dtype=np.int64)
    n = len(candidates)
    cw = candidate_weights(weights, n)
    clog = _clog(n) if table is None else np.ascontiguousarray(table, dtype=np.float64)
    if use_numba is None:
        use_numba = _numba_ready(len(guesses) * n, weighted=cw is not None)
    n_patterns = int(np.iinfo(matrix.dtype).max) + 1 if matrix.dtype == np.uint8 else 3**8
    if not use_numba:
        if cw is not None and n_patterns <= DENSE_PATTERNS and len(guesses) and n:
            return _figures_dense(matrix, guesses, candidates, n_patterns, clog, cw)
        return _figures_numpy(matrix, guesses, candidates, n_patterns, clog, cw)
    from wordlekit.fast import _jit

    g = len(guesses)
    parts = np.empty(g, dtype=np.int64)
    largest = np.empty(g, dtype=np.int64)
    sumsq = np.empty(g, dtype=np.int64)
    plogp = np.empty(g, dtype=np.float64)
    wfig = np.zeros((g, 4), dtype=np.float64)
    block = transposed is not None and g * n <= SERIAL_LIMIT and g == transposed.shape[1]
    if block:
        assert transposed is not None
        sub = np.ascontiguousarray(transposed[candidates])
        if cw is None:
            _jit.partition_stats_block(sub, n_patterns, _clog(n), parts, largest, sumsq, plogp)
        else:
            _jit.partition_stats_block_weighted(
                sub, cw, n_patterns, _clog(n), parts, largest, sumsq, plogp, wfig
            )
    elif g:
        if cw is None:
            _jit.partition_stats(
                matrix, guesses, candidates, n_patterns, clog, parts, largest, sumsq, plogp
            )
        else:
            _jit.partition_stats_weighted(
                matrix,
                guesses,
                candidates,
                cw,
                n_patterns,
                clog,
                parts,
                largest,
                sumsq,
                plogp,
                wfig,
            )
    return Figures.of(guesses, n, (parts, largest, sumsq, plogp), None if cw is None else wfig.T)


def _figures_numpy(
    matrix: npt.NDArray[np.unsignedinteger],
    guesses: IntArray,
    candidates: IntArray,
    n_patterns: int,
    clog: npt.NDArray[np.float64],
    cw: FloatArray | None = None,
) -> Figures:
    n = len(candidates)
    g = len(guesses)
    if g == 0 or n == 0:
        z = np.zeros(g, dtype=np.int64)
        empty = (z, z.copy(), z.copy(), np.zeros(g))
        return Figures.of(guesses, n, empty, None if cw is None else [np.zeros(g)] * 4)
    # Sort each row's patterns, then measure the runs of equal values: O(g n log n) and no
    # g x 3**length count table (measured 12,972 x 100: ~50 ms, against ~150 ms with bincount).
    sub = matrix[np.ix_(guesses, candidates)]
    if cw is None:
        sub = np.sort(sub, axis=1)
    else:
        order = np.argsort(sub, axis=1, kind="stable")
        sub = np.take_along_axis(sub, order, axis=1)
    key = sub.astype(np.int64).ravel() + np.repeat(np.arange(g, dtype=np.int64) * n_patterns, n)
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    sizes = np.diff(np.append(starts, key.size))
    row = starts // n
    parts = np.bincount(row, minlength=g).astype(np.int64)
    first = np.concatenate(([0], np.cumsum(parts)[:-1]))
    counted = (
        parts,
        np.maximum.reduceat(sizes, first).astype(np.int64),
        np.bincount(row, weights=sizes.astype(np.float64) ** 2, minlength=g).astype(np.int64),
        np.bincount(row, weights=clog[sizes], minlength=g).astype(np.float64),
    )
    if cw is None:
        return Figures.of(guesses, n, counted)
    w = np.add.reduceat(cw[order].ravel(), starts)  # each bucket's weight
    safe = np.where(w > 0, w, 1.0)
    weighted = (
        np.maximum.reduceat(w, first),
        np.bincount(row, weights=w * sizes, minlength=g).astype(np.float64),
        np.bincount(row, weights=w * w, minlength=g).astype(np.float64),
        np.bincount(row, weights=np.where(w > 0, w * np.log2(safe), 0.0), minlength=g).astype(
            np.float64
        ),
    )
    return Figures.of(guesses, n, counted, weighted)


def _figures_dense(
    matrix: npt.NDArray[np.unsignedinteger],
    guesses: IntArray,
    candidates: IntArray,
    n_patterns: int,
    clog: npt.NDArray[np.float64],
    cw: FloatArray,
    block: int = 512,
) -> Figures:
    """The weighted figures in numpy from a dense (guesses x patterns) table of counts and
    weights, ``block`` guesses at a time (the keys of a block stay in cache)."""
    g, n = len(guesses), len(candidates)
    every_row = g == matrix.shape[0] and bool((guesses == np.arange(g)).all())
    # the candidates' columns of a block of guesses (a block's keys stay in cache)
    if every_row:

        def columns(start: int) -> npt.NDArray[np.unsignedinteger]:
            return np.take(matrix[start : start + block], candidates, axis=1)
    elif 4 * g < matrix.shape[0]:  # few guesses: their rows, then the candidates

        def columns(start: int) -> npt.NDArray[np.unsignedinteger]:
            rows = np.take(matrix, guesses[start : start + block], axis=0)
            return np.take(rows, candidates, axis=1)
    else:  # most guesses: every candidate's column once
        sub = np.take(np.take(matrix, candidates, axis=1), guesses, axis=0)

        def columns(start: int) -> npt.NDArray[np.unsignedinteger]:
            return sub[start : start + block]

    out_i = np.zeros((3, g), dtype=np.int64)  # parts, largest, sumsq
    out_f = np.zeros((5, g), dtype=np.float64)  # plogp, wlargest, wsize, wsumsq, wplogp
    offsets = (np.arange(block, dtype=np.intp) * n_patterns)[:, None]
    tiled = np.tile(cw, block)
    buffer = np.empty((block, n), dtype=np.intp)
    for start in range(0, g, block):
        rows = columns(start)
        b = len(rows)
        keys = np.add(rows, offsets[:b], out=buffer[:b]).ravel()
        counts = np.bincount(keys, minlength=b * n_patterns)
        weights = np.bincount(keys, weights=tiled[: keys.size], minlength=b * n_patterns)
        nz = np.flatnonzero(counts)  # the buckets, row by row
        c = counts[nz]
        w = weights[nz]
        row = nz // n_patterns
        parts = np.bincount(row, minlength=b)
        first = np.concatenate(([0], np.cumsum(parts)[:-1]))
        part = slice(start, start + b)
        out_i[0, part] = parts
        out_i[1, part] = np.maximum.reduceat(c, first)
        out_i[2, part] = np.bincount(row, weights=(c * c).astype(np.float64), minlength=b)
        out_f[0, part] = np.bincount(row, weights=clog[c], minlength=b)
        out_f[1, part] = np.maximum.reduceat(w, first)
        out_f[2, part] = np.bincount(row, weights=w * c, minlength=b)
        out_f[3, part] = np.bincount(row, weights=w * w, minlength=b)
        wlog = np.where(w > 0, w * np.log2(np.where(w > 0, w, 1.0)), 0.0)
        out_f[4, part] = np.bincount(row, weights=wlog, minlength=b)
    return Figures.of(guesses, n, (out_i[0], out_i[1], out_i[2], out_f[0]), out_f[1:])


def _numba_ready(cells: int, *, weighted: bool = False) -> bool:
    """Whether a job of ``cells`` guess x candidate cells should use the numba kernels: when
    they are loaded, or the job is too large for numpy."""
    limit = WEIGHTED_NUMPY_LIMIT if weighted else NUMPY_LIMIT
    return "wordlekit.fast._jit" in sys.modules or cells > limit


#: The expected-guesses estimate (:func:`expected_guesses`): a set of three words or more
#: whose probabilities have entropy ``H`` bits takes about ``C + A * H`` guesses to finish.
#: Without weights ``H = log2(size)`` and the coefficients are the review's, fitted on every
#: node of the proven SALET tree (:mod:`wordlekit.analysis.guess_values`).
EST_C = 1.457
EST_A = 0.185
#: With weights, the same least-squares fit on every node of three words or more (2,785) of
#: the likely entropy bot's decision tree over the 12,972 original valid words (the bot with
#: the guess-limit guard), each node's probability-weighted mean of the guesses still needed
#: against the entropy of its words' probabilities (``benchmarks/bench_likely.py`` refits it:
#: mean absolute error 0.283 guess, against 0.334 with the review's coefficients).
EST_C_WEIGHTED = 1.252
EST_A_WEIGHTED = 0.283


def expected_guesses(
    matrix: npt.NDArray[np.unsignedinteger],
    guesses: IntArray,
    candidates: IntArray,
    weights: npt.ArrayLike | None = None,
    *,
    win: int,
    use_numba: bool | None = None,
) -> FloatArray:
    """Estimated expected number of guesses from here (the next one included) for each guess.

    ``1 + sum over the buckets b the guess leaves, the win excluded, of P(b) * F(b)``, where
    ``P(b)`` is the bucket's probability (its weight; its size / n without weights) and
    ``F(b)`` the expected guesses to finish it: 1 for one word, ``2 - q`` for two words (guess
    the likelier first; ``q`` its share of the bucket, 1/2 without weights) and
    ``C + A * H(b)`` from three words on, ``H(b)`` the entropy in bits of the bucket's
    probabilities: with weights ``C, A = EST_C_WEIGHTED, EST_A_WEIGHTED``; without,
    ``H(b) = log2(size)`` and ``C, A = EST_C, EST_A``, which is exactly the review's estimate
    (:func:`wordlekit.analysis.guess_values.estimate`). ``win`` is the all-green pattern.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.int64)
    candidates = np.ascontiguousarray(candidates, dtype=np.int64)
    g, n = len(guesses), len(candidates)
    if g == 0 or n == 0:
        return np.ones(g)
    cw = candidate_weights(weights, n)
    est_c, est_a = (EST_C, EST_A) if cw is None else (EST_C_WEIGHTED, EST_A_WEIGHTED)
    if cw is None:
        cw = np.full(n, 1.0 / n)
    n_patterns = int(np.iinfo(matrix.dtype).max) + 1 if matrix.dtype == np.uint8 else 3**8
    if use_numba is None:
        use_numba = _numba_ready(g * n)
    if use_numba:
        from wordlekit.fast import _jit

        out = np.empty(g, dtype=np.float64)
        _jit.expected_guesses_weighted(
            matrix, guesses, candidates, cw, n_patterns, win, est_c, est_a, out
        )
        return out
    sub = np.take(np.take(matrix, guesses, axis=0), candidates, axis=1)
    order = np.argsort(sub, axis=1, kind="stable")
    pats = np.take_along_axis(sub, order, axis=1).astype(np.int64).ravel()
    key = pats + np.repeat(np.arange(g, dtype=np.int64) * n_patterns, n)
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    sizes = np.diff(np.append(starts, key.size))
    row = starts // n
    w = cw[order].ravel()
    weight = np.add.reduceat(w, starts)
    wlog = np.add.reduceat(np.where(w > 0, w * np.log2(np.where(w > 0, w, 1.0)), 0.0), starts)
    safe = np.where(weight > 0, weight, 1.0)
    entropy = np.log2(safe) - wlog / safe
    q = np.maximum.reduceat(w, starts) / safe
    finish = np.where(sizes == 1, 1.0, np.where(sizes == 2, 2.0 - q, est_c + est_a * entropy))
    finish = np.where((pats[starts] == win) | (weight <= 0), 0.0, finish)
    return np.asarray(1.0 + np.bincount(row, weights=weight * finish, minlength=g), np.float64)


def hard_mode_mask(
    codes: Codes,
    history: Iterable[Turn],
    letter_counts: npt.NDArray[np.uint8] | None = None,
    alphabet: Alphabet = LATIN,
) -> npt.NDArray[np.bool_]:
    """Which words (letter codes of ``alphabet``) obey the NYT hard-mode rule after ``history``.

    Vectorised :func:`wordlekit.core.game.hard_mode_violation` (tested equal to it): every green
    stays in place and every revealed letter is used at least as often as it was revealed.
    ``letter_counts`` (words x ``CODES``, see :func:`letter_counts`) saves recounting letters.

    Ultrahard mode needs no mask of its own: the words allowed there are the candidates
    (consistent with every turn, so they obey this rule too), which the game state keeps.
    """
    ok = np.ones(codes.shape[0], dtype=bool)
    for turn in history:
        revealed: dict[int, int] = {}
        for i, (letter, tile) in enumerate(zip(turn.guess, turn.tiles, strict=True)):
            code = alphabet.codes[letter]
            if tile is Tile.GREEN:
                ok &= codes[:, i] == code
            if tile is not Tile.GRAY:
                revealed[code] = revealed.get(code, 0) + 1
        for code, need in revealed.items():
            if letter_counts is not None:
                ok &= letter_counts[:, code] >= need
            else:
                ok &= (codes == code).sum(axis=1) >= need
    return ok


def load_numba() -> None:
    """Import the compiled kernels now, so that every later call uses them.

    Long jobs (benchmarks, solvers) call this: numba pays off on thousands of small sets.
    """
    from wordlekit.fast import _jit  # noqa: F401
