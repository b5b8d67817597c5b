"""How guesses split a set of candidates: the figures every strategy reports.

For each guess and a set of candidate answers, the patterns the guess can produce split the
set into buckets. From the bucket sizes ``c`` (summing to ``n``):

- ``parts``: number of buckets (distinct patterns);
- ``largest``: the biggest bucket (the worst case);
- ``expected``: sum(c**2) / n, the expected number of candidates left;
- ``bits``: log2(n) - sum(c*log2(c)) / n, the expected information (entropy).

Large jobs run in the parallel numba kernel; small ones (under ``NUMPY_LIMIT`` cells) in numpy,
which avoids loading numba for a quick suggestion. Both are tested equal to a reference built
from :func:`wordlekit.core.feedback.score`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordlekit.core.codes import Codes
from wordlekit.core.feedback import Tile, Turn

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: Below this many guess x candidate cells numpy is used unless numba is already loaded
#: (measured: numpy takes ~50 ms for 12,972 x 100; loading numba takes ~300 ms).
NUMPY_LIMIT = 3_000_000
#: Up to this many cells the single-threaded block kernel is used (as fast per core as the
#: parallel one, measured 0.9 vs 1.05 ms at 12,972 x 20), so that concurrent callers such as
#: web requests do not oversubscribe the cores with parallel kernels.
SERIAL_LIMIT = 6_000_000


@dataclass(frozen=True)
class Figures:
    """Partition figures for ``guesses`` (indices of valid guesses) over ``n`` candidates."""

    guesses: IntArray
    n: int
    parts: IntArray
    largest: IntArray
    sumsq: IntArray
    plogp: FloatArray

    @property
    def expected(self) -> FloatArray:
        return self.sumsq / max(self.n, 1)

    @property
    def bits(self) -> FloatArray:
        if self.n == 0:
            return np.zeros(len(self.guesses))
        return np.asarray(np.log2(self.n) - self.plogp / self.n, dtype=np.float64)

    def __len__(self) -> int:
        return len(self.guesses)


def _clog(n: int) -> FloatArray:
    c = np.arange(n + 1, dtype=np.float64)
    out = np.zeros(n + 1)
    out[1:] = c[1:] * np.log2(c[1:])
    return out


def figures(
    matrix: npt.NDArray[np.unsignedinteger],
    guesses: IntArray,
    candidates: IntArray,
    *,
    use_numba: bool | None = None,
    transposed: npt.NDArray[np.unsignedinteger] | None = None,
    table: npt.NDArray[np.float64] | None = None,
) -> Figures:
    """Partition figures of each guess row of ``matrix`` over the ``candidates`` columns.

    ``transposed`` (answers x guesses) enables the single-threaded block kernel for small jobs.
    ``table`` replaces c*log2(c): ``plogp`` is then the sum of ``table[c]`` over the buckets.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.int64)
    candidates = np.ascontiguousarray(candidates, dtype=np.int64)
    n = len(candidates)
    clog = _clog(n) if table is None else np.ascontiguousarray(table, dtype=np.float64)
    if use_numba is None:
        use_numba = "wordlekit.fast._jit" in sys.modules or len(guesses) * n > NUMPY_LIMIT
    n_patterns = int(np.iinfo(matrix.dtype).max) + 1 if matrix.dtype == np.uint8 else 3**8
    if use_numba:
        from wordlekit.fast import _jit

        if (
            transposed is not None
            and len(guesses) * n <= SERIAL_LIMIT
            and len(guesses) == transposed.shape[1]
        ):
            parts = np.empty(len(guesses), dtype=np.int64)
            largest = np.empty(len(guesses), dtype=np.int64)
            sumsq = np.empty(len(guesses), dtype=np.int64)
            plogp = np.empty(len(guesses), dtype=np.float64)
            _jit.partition_stats_block(
                np.ascontiguousarray(transposed[candidates]),
                n_patterns,
                _clog(n),
                parts,
                largest,
                sumsq,
                plogp,
            )
            return Figures(guesses, n, parts, largest, sumsq, plogp)
        parts = np.empty(len(guesses), dtype=np.int64)
        largest = np.empty(len(guesses), dtype=np.int64)
        sumsq = np.empty(len(guesses), dtype=np.int64)
        plogp = np.empty(len(guesses), dtype=np.float64)
        if len(guesses):
            _jit.partition_stats(
                matrix, guesses, candidates, n_patterns, clog, parts, largest, sumsq, plogp
            )
        return Figures(guesses, n, parts, largest, sumsq, plogp)
    return _figures_numpy(matrix, guesses, candidates, n_patterns, clog)


def _figures_numpy(
    matrix: npt.NDArray[np.unsignedinteger],
    guesses: IntArray,
    candidates: IntArray,
    n_patterns: int,
    clog: npt.NDArray[np.float64],
) -> Figures:
    n = len(candidates)
    g = len(guesses)
    if g == 0 or n == 0:
        z = np.zeros(g, dtype=np.int64)
        return Figures(guesses, n, z, z.copy(), z.copy(), np.zeros(g))
    # Sort each row's patterns, then measure the runs of equal values: O(g n log n) and no
    # g x 3**length count table (measured 12,972 x 100: ~50 ms, against ~150 ms with bincount).
    sub = np.sort(matrix[np.ix_(guesses, candidates)], axis=1)
    key = sub.astype(np.int64).ravel() + np.repeat(np.arange(g, dtype=np.int64) * n_patterns, n)
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    sizes = np.diff(np.append(starts, key.size))
    row = starts // n
    parts = np.bincount(row, minlength=g).astype(np.int64)
    first = np.concatenate(([0], np.cumsum(parts)[:-1]))
    return Figures(
        guesses,
        n,
        parts,
        np.maximum.reduceat(sizes, first).astype(np.int64),
        np.bincount(row, weights=sizes.astype(np.float64) ** 2, minlength=g).astype(np.int64),
        np.bincount(row, weights=clog[sizes], minlength=g).astype(np.float64),
    )


def hard_mode_mask(
    codes: Codes,
    history: Iterable[Turn],
    letter_counts: npt.NDArray[np.uint8] | None = None,
) -> npt.NDArray[np.bool_]:
    """Which words (letter codes) obey the NYT hard-mode rule after ``history``.

    Vectorised :func:`wordlekit.core.game.hard_mode_violation` (tested equal to it): every green
    stays in place and every revealed letter is used at least as often as it was revealed.
    ``letter_counts`` (words x 26, see :func:`letter_counts`) saves recounting letters.

    Ultrahard mode needs no mask of its own: the words allowed there are the candidates
    (consistent with every turn, so they obey this rule too), which the game state keeps.
    """
    ok = np.ones(codes.shape[0], dtype=bool)
    for turn in history:
        revealed: dict[int, int] = {}
        for i, (letter, tile) in enumerate(zip(turn.guess, turn.tiles, strict=True)):
            code = ord(letter) - 97
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
