"""The exact search, for Python: one :class:`Solver` per matrix and mode, with its memo.

The search itself is numba code in :mod:`wordlekit.solve._solver_jit` (see its docstring for
the bounds and the memo), its helpers in :mod:`wordlekit.solve._solver_parts`. Most callers
want a :class:`~wordlekit.solve.position.Position` (a game position with ``value``, ``best``
and ``tree``); a :class:`Solver` is what positions share: the compiled search's tables, its
memo and its statistics.
"""

from __future__ import annotations

import threading

import numpy as np
import numpy.typing as npt
from numba import typed, types

from wordlekit import budget as work
from wordlekit.core.feedback import all_green, pattern_count
from wordlekit.errors import InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import _solver_jit as jit
from wordlekit.solve import _solver_parts as parts

#: "Impossible within the guesses left": the value of a position no strategy can finish.
INF: int = parts.INF
#: Memo entries kept at most (each about 100 bytes in numba's typed dict): ~1.5 GB worst case.
DEFAULT_MEMO_CAP = 12_000_000

Constraints = npt.NDArray[np.int8]
Candidates = npt.NDArray[np.int32]

_NO_FLAG = np.zeros(1, dtype=np.int64)  # never set: the search runs without a budget


class InfeasibleError(WordleError):
    """No strategy finds every answer within the guess limit."""


class Solver:
    """The compiled search over one pattern matrix and mode (normal or hard), with its memo.

    The memo keeps proven values and bounds by (set of candidates, guesses left, hard-mode
    constraints), so one solver serves every position and every guess limit of its lists and
    mode; it stops growing at ``memo_cap`` entries. ``top`` > 0 tries only the ``top`` most
    promising guesses at each node: values are then upper bounds, not proofs.

    Searches honour the active :class:`~wordlekit.budget.Budget` (its stop flag and node
    allowance are read inside the kernel) and run one at a time per solver: the kernel
    releases the GIL, and the lock keeps two threads off the same memo.
    """

    def __init__(
        self,
        matrix: PatternMatrix,
        hard: bool = False,
        max_guesses: int = 6,
        top: int = 0,
        memo_cap: int = DEFAULT_MEMO_CAP,
    ) -> None:
        self.matrix = matrix
        self.hard = hard
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
        z1 = rng.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        z2 = rng.integers(0, 2**63, n, dtype=np.uint64)
        zf = rng.integers(0, 2**63, (2, wl.length, 27), dtype=np.uint64)
        zc = rng.integers(0, 2**63, (2, 26, wl.length + 1), dtype=np.uint64)
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
        )
        self.memo = typed.Dict.empty(
            key_type=types.UniTuple(types.uint64, 2),  # type: ignore[no-untyped-call]
            value_type=types.UniTuple(types.int64, 3),  # type: ignore[no-untyped-call]
        )

    def __repr__(self) -> str:
        mode = "hard" if self.hard else "normal"
        return f"Solver({self.matrix.wordlist.name!r}, {mode}, {len(self.memo):,} memo entries)"

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
    def memo_entries(self) -> int:
        return len(self.memo)

    # -- hard-mode constraints -------------------------------------------------------------

    def constraints(
        self, fixed: Constraints | None = None, mincnt: Constraints | None = None
    ) -> tuple[Constraints, Constraints]:
        """Hard-mode constraints as the kernel reads them: (green letter code by position, -1
        where none; least count of each letter). ``None`` means none yet (the start)."""
        length = self.matrix.wordlist.length
        f = fixed if fixed is not None else np.full(length, -1, dtype=np.int8)
        m = mincnt if mincnt is not None else np.zeros(26, dtype=np.int8)
        return np.ascontiguousarray(f, dtype=np.int8), np.ascontiguousarray(m, dtype=np.int8)

    def child_constraints(
        self, fixed: Constraints, mincnt: Constraints, guess: int, pattern: int
    ) -> tuple[Constraints, Constraints]:
        """The constraints after ``guess`` (an index) showed ``pattern`` (unchanged in normal
        mode, where there are none)."""
        if not self.hard:
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
        """Least total guesses for ``cands`` within ``depth`` guesses (or a bound >= beta).

        Honours the active :class:`~wordlekit.budget.Budget`: raises
        :class:`~wordlekit.errors.BudgetExceeded` when it runs out during the search.
        """
        f, m = self.constraints(fixed, mincnt)
        budget = work.current()
        if budget is not None:
            budget.check()
            flag, allowance = budget.flag, budget.node_allowance()
        else:
            flag, allowance = _NO_FLAG, int(work.NO_LIMIT)
        with self.lock:
            value, spent, aborted = self._run(cands, depth, beta, f, m, flag, allowance)
        if budget is not None:
            budget.spend(spent)
            if aborted:
                if budget.flag[0] == work.RUNNING:
                    budget.flag[0] = work.NODES
                raise budget.exceeded()
        return value

    def _run(
        self,
        cands: Candidates,
        depth: int,
        beta: int,
        f: Constraints,
        m: Constraints,
        flag: npt.NDArray[np.int64],
        allowance: int,
    ) -> tuple[int, int, bool]:
        """(value, nodes spent, aborted) of one kernel call; the caller holds the lock."""
        before = self.nodes
        limit = before + allowance if allowance < work.NO_LIMIT - before else work.NO_LIMIT
        limits = (
            int(self.hard),
            self.n_answers,
            self.win,
            self.n_patterns,
            self.memo_cap,
            self.top,
            int(limit),
        )
        self.stats[jit.ABORTED] = 0
        value = jit.solve(
            np.ascontiguousarray(cands, dtype=np.int32),
            depth,
            beta,
            f,
            m,
            self._tables,
            limits,
            self.memo,
            self.stats,
            flag,
        )
        return int(value), self.nodes - before, bool(self.stats[jit.ABORTED])

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
        f, m = self.constraints(fixed, mincnt)
        c = np.ascontiguousarray(cands, dtype=np.int32)
        entry = jit.lookup(self.memo, c, depth, self.hard, f, m, self._tables)
        if entry[1] != 1 or entry[2] < 0:
            raise InternalError("the solver's memo is full: raise memo_cap to build the tree")
        return value, int(entry[2])

    def _two_or_fewer(self, cands: Candidates, depth: int) -> tuple[int, int]:
        """One candidate: guess it. Two: guess the first alphabetically (needs two guesses)."""
        if len(cands) == 2 and depth < 2:
            return INF, -1
        words = self.matrix.wordlist.answers
        first = min(cands.tolist(), key=lambda i: words[i])
        return (1 if len(cands) == 1 else 3), int(first)
