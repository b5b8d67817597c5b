"""The exact search, for Python: one :class:`Solver` per matrix and mode, with its memo.

The search itself is numba code in :mod:`wordlekit.solve._solver_jit` (see its docstring for
the bounds and the memo), its helpers in :mod:`wordlekit.solve._solver_parts`. Most callers
want a :class:`~wordlekit.solve.position.Position` (a game position with ``value``, ``best``
and ``tree``); a :class:`Solver` is what positions share: the compiled search's tables, its
memo and its statistics.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from numba import typed

from wordlekit import budget as work
from wordlekit.core.alphabet import CODES
from wordlekit.core.feedback import all_green, pattern_count
from wordlekit.core.rules import Mode
from wordlekit.errors import InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import _feasible_jit as fjit
from wordlekit.solve import _memo_jit as memo_jit
from wordlekit.solve import _solver_jit as jit
from wordlekit.solve import _solver_parts as parts

#: "Impossible within the guesses left": the value of a position no strategy can finish.
INF: int = parts.INF
#: Memo entries kept at most (each about 100 bytes in numba's typed dict): ~1.5 GB worst case.
DEFAULT_MEMO_CAP = 12_000_000

Constraints = npt.NDArray[np.int8]
Candidates = npt.NDArray[np.int32]

_NO_FLAG = np.zeros(1, dtype=np.int64)  # never set: the search runs without a budget


class Solver:
    """The compiled search over one pattern matrix and mode (normal, hard or ultrahard), with
    its memo.

    The memo keeps proven values and bounds by (set of candidates, guesses left, hard-mode
    constraints), so one solver serves every position and every guess limit of its lists and
    mode; it stops growing at ``memo_cap`` entries. ``top`` > 0 tries only the ``top`` most
    promising guesses at each node: values are then upper bounds, not proofs.

    Values are the total number of guesses, or with ``over=K`` the total plus
    :attr:`penalty` for every answer needing more than ``K`` guesses (so the fewest such
    answers come first, then the least total; the levels count from ``max_guesses``, which
    such a solver then fixes). A second memo keeps the depth-only answers of
    :meth:`feasible`. In ultrahard mode every guess must be a candidate.

    Searches honour the active :class:`~wordlekit.budget.Budget` (its stop flag and node
    allowance are read inside the kernel) and run one at a time per solver: the kernel
    releases the GIL, and the lock keeps two threads off the same memo.
    """

    def __init__(
        self,
        matrix: PatternMatrix,
        mode: Mode = Mode.NORMAL,
        max_guesses: int = 6,
        top: int = 0,
        memo_cap: int = DEFAULT_MEMO_CAP,
        *,
        over: int | None = None,
    ) -> None:
        self.matrix = matrix
        self.mode = Mode.parse(mode)
        #: The mode as the kernels read it (``limits[HARD]``): the codes of Mode.code.
        self.code = self.mode.code
        self.over = over
        self.max_guesses = max_guesses  # the default limit of positions built on this solver
        self.top = top
        self.memo_cap = memo_cap
        self.stats = np.zeros(jit.N_STATS, dtype=np.int64)
        self.lock = threading.RLock()
        wl = matrix.wordlist
        self.n_answers = len(wl.answers)
        self.win = all_green(wl.length)
        self.n_patterns = pattern_count(wl.length)
        self.guess_codes = np.ascontiguousarray(matrix.guess_codes.astype(np.int8))
        rng = np.random.default_rng(0x5EED_F00D)
        n = self.n_answers
        #: What an answer needing more than ``over`` guesses adds: more than any total.
        self.penalty = n * max(max_guesses, 1) + 1
        self.inc = self._costs(max_guesses, over)
        z1 = rng.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        z2 = rng.integers(0, 2**63, n, dtype=np.uint64)
        zf = rng.integers(0, 2**63, (2, wl.length, 27), dtype=np.uint64)
        zc = rng.integers(0, 2**63, (2, CODES, wl.length + 1), dtype=np.uint64)
        # what the kernel reads (see _solver_jit): answers x guesses is ``transposed``, so the
        # search reads one candidate's patterns against every guess in one row
        self._tables = (
            np.ascontiguousarray(matrix.data),
            matrix.transposed,
            self.guess_codes,
            np.ascontiguousarray(matrix.guess_letter_counts.astype(np.int8)),
            z1,
            z2,
            zf,
            zc,
            self.inc,
        )
        self._every_guess = np.arange(len(wl.guesses), dtype=np.int32)
        self.memo, self.feasible_memo = _new_memos()

    def _costs(self, max_guesses: int, over: int | None) -> npt.NDArray[np.int64]:
        """``inc[d]``: what a guess made with ``d`` guesses left costs each answer it sees
        (see :mod:`~wordlekit.solve._solver_parts`). Sized for any depth up to 64."""
        inc = np.ones(65, dtype=np.int64)
        inc[0] = parts.INF  # never read: nothing is guessed with no guesses left
        if over is not None:
            if not 0 <= over < max_guesses:
                raise WordleError(f"over K needs 0 <= K < {max_guesses} (the guess limit)")
            # the guess at level over + 1 is made with max_guesses - over guesses left
            inc[max_guesses - over] += self.penalty
        return inc

    def __repr__(self) -> str:
        objective = f", over {self.over}" if self.over is not None else ""
        return (
            f"Solver({self.matrix.wordlist.name!r}, {self.mode.value}{objective}, "
            f"{memo_jit.size(self.memo):,} memo entries)"
        )

    def fork(self) -> Solver:
        """A solver of the same lists, mode and objective with a memo of its own, for a
        search on another thread (the kernels release the GIL); :meth:`absorb` takes its
        findings back."""
        other = Solver.__new__(Solver)
        other.__dict__.update(self.__dict__)
        other.stats = np.zeros(jit.N_STATS, dtype=np.int64)
        other.lock = threading.RLock()
        other.memo, other.feasible_memo = _new_memos()
        return other

    def absorb(self, other: Solver) -> None:
        """Take a fork's memo entries and statistics into this solver."""
        with self.lock:
            jit.absorb(self.memo, other.memo, self.memo_cap)
            for k in (jit.NODES, jit.MEMO_HITS, jit.MEMO_LOOKUPS, jit.MEMO_FULL, jit.UNIONS):
                self.stats[k] += other.stats[k]

    def bucket_bound(self, size: int, depth: int) -> int:
        """The least cost of ``size`` answers with ``depth`` guesses left (exact up to 2)."""
        return int(parts.bucket_bound(size, depth, self.inc))

    def split(self, value: int) -> tuple[int, int]:
        """(answers over K, total guesses) of a value (0 over when no K is set)."""
        if self.over is None or value >= INF:
            return 0, value
        over, total = divmod(value, self.penalty)
        return over, total

    # -- statistics ------------------------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Nodes searched so far (memo hits excluded)."""
        return int(self.stats[jit.NODES])

    @property
    def memo_lookups(self) -> int:
        return int(self.stats[jit.MEMO_LOOKUPS])

    @property
    def memo_hits(self) -> int:
        return int(self.stats[jit.MEMO_HITS])

    @property
    def unions_written(self) -> int:
        """Unions of buckets the searches wrote into their memos: found unfinishable by the
        depth-only search (hard mode, :mod:`~wordlekit.solve._feasible_jit`) or given a bound
        by the total search (:mod:`~wordlekit.solve._solver_jit`)."""
        return int(self.stats[jit.UNIONS])

    @property
    def memo_entries(self) -> int:
        return int(memo_jit.size(self.memo))

    # -- hard-mode constraints -------------------------------------------------------------

    def constraints(
        self, fixed: Constraints | None = None, mincnt: Constraints | None = None
    ) -> tuple[Constraints, Constraints]:
        """Hard-mode constraints as the kernel reads them: (green letter code by position, -1
        where none; least count of each letter). ``None`` means none yet (the start)."""
        length = self.matrix.wordlist.length
        f = fixed if fixed is not None else np.full(length, -1, dtype=np.int8)
        m = mincnt if mincnt is not None else np.zeros(CODES, dtype=np.int8)
        return np.ascontiguousarray(f, dtype=np.int8), np.ascontiguousarray(m, dtype=np.int8)

    def child_constraints(
        self, fixed: Constraints, mincnt: Constraints, guess: int, pattern: int
    ) -> tuple[Constraints, Constraints]:
        """The constraints after ``guess`` (an index) showed ``pattern`` (unchanged in normal
        and ultrahard mode, where the candidates alone say what may be played)."""
        if self.code != parts.HARD_MODE:
            return fixed, mincnt
        nf, nm = parts.child_constraints(fixed, mincnt, self.guess_codes, guess, pattern)
        return nf, nm

    # -- the search ------------------------------------------------------------------------

    def solve(
        self,
        cands: Candidates,
        depth: int,
        beta: int = INF,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> int:
        """Least total guesses for ``cands`` within ``depth`` guesses (or a bound >= beta);
        with ``over=K``, the value :meth:`split` reads.

        Honours the active :class:`~wordlekit.budget.Budget`: raises
        :class:`~wordlekit.errors.BudgetExceeded` when it runs out during the search.
        """
        c, f, m = self._node(cands, fixed, mincnt)
        memo, tables, stats = self.memo, self._tables, self.stats
        every = self._every_guess
        pf, pm = self.constraints()  # the guesses of ``every`` obey no constraint at all
        return self.run(
            lambda limits, flag: jit.solve(
                c, depth, beta, f, m, every, pf, pm, tables, limits, memo, stats, flag
            )
        )

    def feasible(
        self,
        cands: Candidates,
        depth: int,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> bool:
        """Whether some strategy finds every one of ``cands`` within ``depth`` guesses: the
        depth-only search of :mod:`~wordlekit.solve._feasible_jit`, with its own memo. A
        proof either way; honours the budget like :meth:`solve`."""
        c, f, m = self._node(cands, fixed, mincnt)
        memo, tables, stats = self.feasible_memo, self._tables, self.stats
        every = self._every_guess
        pf, pm = self.constraints()  # the guesses of ``every`` obey no constraint at all
        found = self.run(
            lambda limits, flag: fjit.feasible(
                c, depth, f, m, every, pf, pm, tables, limits, memo, stats, flag
            )
        )
        return bool(found)

    def min_depth(
        self,
        cands: Candidates,
        limit: int,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> int | None:
        """The fewest guesses that find every one of ``cands`` (the least worst case), or
        ``None`` when ``limit`` guesses are not enough (proven)."""
        if not self.feasible(cands, limit, fixed, mincnt):
            return None
        depth = limit
        while depth > 1 and self.feasible(cands, depth - 1, fixed, mincnt):
            depth -= 1
        return depth

    @property
    def tables(self) -> tuple[npt.NDArray[np.generic], ...]:
        """What the kernels read of the lists (see :mod:`~wordlekit.solve._solver_parts`):
        the matrix, its transpose, the letters, the hash keys and the costs."""
        return self._tables

    def run(self, kernel: Callable[[tuple[int, ...], npt.NDArray[np.int64]], int]) -> int:
        """Run one kernel call under the active budget (its stop flag and node allowance),
        one at a time on this solver; raise ``BudgetExceeded`` when it stopped the search.

        ``kernel(limits, flag)`` gets the kernels' ``limits`` (the node allowance included)
        and the stop flag, and counts its nodes in :attr:`stats`: the searches of this
        module, and the weighted search (:mod:`wordlekit.solve.weighted`) on a solver of
        its own."""
        budget = work.current()
        if budget is not None:
            budget.check()
            flag, allowance = budget.flag, budget.node_allowance()
        else:
            flag, allowance = _NO_FLAG, int(work.NO_LIMIT)
        with self.lock:
            before = self.nodes
            limit = before + allowance if allowance < work.NO_LIMIT - before else work.NO_LIMIT
            limits = (
                self.code,
                self.n_answers,
                self.win,
                self.n_patterns,
                self.memo_cap,
                self.top,
                int(limit),
            )
            self.stats[jit.ABORTED] = 0
            value = int(kernel(limits, flag))
            spent, aborted = self.nodes - before, bool(self.stats[jit.ABORTED])
        if budget is not None:
            budget.spend(spent)
            if aborted:
                if budget.flag[0] == work.RUNNING:
                    budget.flag[0] = work.NODES
                raise budget.exceeded()
        return value

    def best_guess(
        self,
        cands: Candidates,
        depth: int,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> tuple[int, int]:
        """(value, guess index) of an optimal play at this node; ``(INF, -1)`` when nothing
        finds every candidate within ``depth`` guesses."""
        n = len(cands)
        if n == 0:
            raise WordleError("no candidates")
        if n <= 2:
            return self._two_or_fewer(cands, depth)
        value = self.solve(cands, depth, INF, fixed, mincnt)
        if value >= INF:
            return INF, -1
        entry = self._entry(cands, depth, fixed, mincnt)
        if entry[1] != 1 or entry[2] < 0:
            raise InternalError("the solver's memo is full: raise memo_cap to build the tree")
        return value, int(entry[2])

    def known(
        self,
        cands: Candidates,
        depth: int,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> int:
        """What the memo proves about a node: its value or a lower bound (0 if nothing)."""
        return max(0, int(self._entry(cands, depth, fixed, mincnt)[0]))

    def _node(
        self, cands: Candidates, fixed: Constraints | None, mincnt: Constraints | None
    ) -> tuple[Candidates, Constraints, Constraints]:
        """A node as the kernels read it: the candidates (int32, contiguous) and the
        hard-mode constraints (none given: those of the start)."""
        f, m = self.constraints(fixed, mincnt)
        return np.ascontiguousarray(cands, dtype=np.int32), f, m

    def _entry(
        self,
        cands: Candidates,
        depth: int,
        fixed: Constraints | None,
        mincnt: Constraints | None,
    ) -> tuple[int, int, int]:
        """The memo's (value, exact, guess) of a node, or (-1, -1, -1)."""
        c, f, m = self._node(cands, fixed, mincnt)
        entry = jit.lookup(self.memo, c, depth, self.code, f, m, self._tables)
        return int(entry[0]), int(entry[1]), int(entry[2])

    def _two_or_fewer(self, cands: Candidates, depth: int) -> tuple[int, int]:
        """One candidate: guess it. Two: guess the first alphabetically (needs two guesses)."""
        if len(cands) == 2 and depth < 2:
            return INF, -1
        words = self.matrix.wordlist.answers
        first = min(cands.tolist(), key=lambda i: words[i])
        return self.bucket_bound(len(cands), depth), int(first)


def _new_memos() -> tuple[typed.Dict, typed.Dict]:
    """Empty memos of the two searches: (set hash -> (value, exact, guess)) for the total
    search, (set hash -> 0/1) for the depth-only one."""
    return memo_jit.new_value_memo(), memo_jit.new_flag_memo()
