"""The exact search under a weighted prior: the least expected number of guesses.

When the answers carry weights (the ``likely`` answer model, or a state's own), the right
objective for a real puzzle is the least **expected** number of guesses under the prior,
``sum over a of w_a * (guesses to find a)``, with every candidate still found within the guess
limit. A :class:`WeightedSolver` finds it exactly, in normal, hard and ultrahard mode: the
numba search of :mod:`wordlekit.solve._weighted_jit`, on the tables, the budget and the
statistics of a :class:`~wordlekit.solve.solver.Solver` of its own (the unweighted kernel is
untouched). A :class:`WeightedPosition` is a node of it: the value of a guess, the best one,
as expected guesses.

Fixed point. The search adds integers, so that values are exact and the memo compares them
exactly. A solver has one table of real weights, one per answer of the list (the list's prior,
or a state's own weights on its candidates: :func:`state_weights`); it is scaled so that it
sums to :data:`SCALE` (2**50), each weight rounded to the nearest integer and raised to at
least 1, so that every word, however unlikely, must still be found within the limit (the
likely prior's smallest weight becomes about 3,400). The result is exactly optimal for those
integer weights; values are reported as expected guesses, the integer total divided by the
set's integer weight.

```pycon
>>> from wordlekit.core.words import WordList
>>> from wordlekit.fast.matrix import PatternMatrix
>>> wl = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake"], name="five")
>>> pm = PatternMatrix.for_list(wl, use_cache=False)
>>> ws = WeightedSolver(pm, weights=[8, 1, 1, 1, 1])
>>> here = WeightedPosition.start(ws, max_guesses=6)
>>> value, g = here.best()
>>> wl.guesses[g], round(here.expected(value), 6)   # CIGAR first: 2/3 of the prior
('cigar', 1.333333)

```
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordlekit.budget import checkpoint
from wordlekit.core.rules import Mode
from wordlekit.errors import InfeasibleError, InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import _memo_jit as memo_jit
from wordlekit.solve import _solver_jit as jit
from wordlekit.solve import _weighted_jit as wjit
from wordlekit.solve.position import Position
from wordlekit.solve.solver import DEFAULT_MEMO_CAP, Candidates, Constraints, Solver
from wordlekit.solve.state import GameState

#: What a table of fixed-point weights sums to (see the module docstring).
SCALE = 1 << 50
#: "Impossible within the guesses left" for weighted values.
INF: int = wjit.INF

__all__ = ["INF", "SCALE", "WeightedPosition", "WeightedSolver", "fixed_point"]


def fixed_point(weights: Sequence[float] | npt.NDArray[np.floating]) -> npt.NDArray[np.int64]:
    """Real weights (any positive scale) as the search's integers: scaled to sum to
    :data:`SCALE`, rounded to the nearest, each at least 1."""
    w = np.asarray(weights, dtype=np.float64)
    total = float(w.sum()) if w.size else 0.0
    if not (np.isfinite(w).all() and (w >= 0).all() and total > 0):
        raise WordleError("weights must be finite, non-negative and not all zero")
    return np.maximum(1, np.rint(w * (SCALE / total))).astype(np.int64)


class WeightedSolver:
    """The weighted exact search over one pattern matrix, mode and table of weights (one per
    answer of the list), with its memo.

    The memo keeps proven values and bounds by (set, guesses left, hard-mode constraints),
    valid for this table only; it stops growing at ``memo_cap`` entries. Searches honour the
    active :class:`~wordlekit.budget.Budget` inside the kernel and run one at a time.
    """

    def __init__(
        self,
        matrix: PatternMatrix,
        mode: Mode = Mode.NORMAL,
        *,
        weights: Sequence[float] | npt.NDArray[np.floating],
        memo_cap: int = DEFAULT_MEMO_CAP,
    ) -> None:
        n = len(matrix.wordlist.answers)
        if len(weights) != n:
            raise WordleError(f"one weight per answer: {len(weights):,} for {n:,} answers")
        #: The solver whose tables, budget and statistics this search runs on (its own).
        self.base = Solver(matrix, mode, memo_cap=memo_cap)
        #: The integer weights (:func:`fixed_point`), one per answer.
        self.weights = fixed_point(weights)
        self.digest = weights_digest(self.weights)
        self.tables = (*self.base.tables[: wjit.WEIGHTS], self.weights)
        self.memo = memo_jit.new_value_memo()

    def __repr__(self) -> str:
        return (
            f"WeightedSolver({self.matrix.wordlist.name!r}, {self.mode.value}, "
            f"{memo_jit.size(self.memo):,} memo entries)"
        )

    @property
    def matrix(self) -> PatternMatrix:
        return self.base.matrix

    @property
    def mode(self) -> Mode:
        return self.base.mode

    @property
    def nodes(self) -> int:
        """Nodes searched so far (memo hits excluded)."""
        return self.base.nodes

    @property
    def memo_entries(self) -> int:
        return int(memo_jit.size(self.memo))

    def weight(self, cands: Candidates) -> int:
        """The integer weight of a set of answers."""
        return int(self.weights[np.asarray(cands, dtype=np.int64)].sum())

    def solve(
        self,
        cands: Candidates,
        depth: int,
        beta: int = INF,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> int:
        """The least weighted total for ``cands`` within ``depth`` guesses (exact when below
        ``beta``, else a bound >= ``beta``; ``INF``: impossible). Raises
        :class:`~wordlekit.errors.BudgetExceeded` when the budget stops it (nothing stored)."""
        c = np.ascontiguousarray(cands, dtype=np.int32)
        f, m = self.base.constraints(fixed, mincnt)
        tables, memo, stats = self.tables, self.memo, self.base.stats
        return self.base.run(
            lambda limits, flag: wjit.solve(c, depth, beta, f, m, tables, limits, memo, stats, flag)
        )

    def entry(
        self,
        cands: Candidates,
        depth: int,
        fixed: Constraints | None = None,
        mincnt: Constraints | None = None,
    ) -> tuple[int, int, int]:
        """The memo's (value, exact, guess) of a node, or (-1, -1, -1)."""
        c = np.ascontiguousarray(cands, dtype=np.int32)
        f, m = self.base.constraints(fixed, mincnt)
        found = jit.lookup(self.memo, c, depth, self.base.code, f, m, self.tables)
        return int(found[0]), int(found[1]), int(found[2])

    def ranked(
        self, cands: Candidates, depth: int, fixed: Constraints, mincnt: Constraints
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(allowed guesses, their lower bounds, the positions in the order the search tries
        them): see :func:`wordlekit.solve._weighted_jit.ranked`."""
        c = np.ascontiguousarray(cands, dtype=np.int32)
        f, m = self.base.constraints(fixed, mincnt)
        found: list[tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64]]]
        found = []

        def kernel(limits: tuple[int, ...], flag: npt.NDArray[np.int64]) -> int:
            found.append(wjit.ranked(c, depth, f, m, self.tables, limits))
            return 0

        self.base.run(kernel)
        return found[0]


def weights_digest(weights: npt.NDArray[np.int64]) -> str:
    """A short hash of an integer weight table (what a cache keys a solver by)."""
    return hashlib.sha256(np.ascontiguousarray(weights, dtype="<i8").tobytes()).hexdigest()[:24]


def state_weights(state: GameState) -> npt.NDArray[np.float64]:
    """The table of real weights (one per answer) a state's search uses: the word list's own
    when the state's weights are those of the list (so every state of a game shares one
    solver and its memo), else the state's own on its candidates (1 elsewhere: those answers
    are never in a set below this state). Equal weights without any."""
    wl = state.wordlist
    own = wl.weights
    if state.weights is None:
        return np.ones(len(wl.answers))
    if own is not None and np.array_equal(state.weights, own[state.candidates]):
        return np.asarray(own, dtype=np.float64)
    full = np.zeros(len(wl.answers))
    full[state.candidates] = state.weights
    return full


@dataclass(frozen=True, eq=False)
class WeightedPosition:
    """A node of the weighted search: the candidates, the guesses left (``depth``) and the
    hard-mode constraints, on a shared :class:`WeightedSolver`. Values are weighted totals
    from here on; :meth:`expected` reads one as expected guesses."""

    solver: WeightedSolver
    candidates: Candidates
    depth: int
    fixed: Constraints
    mincnt: Constraints

    @classmethod
    def from_state(cls, solver: WeightedSolver, state: GameState, depth: int) -> WeightedPosition:
        """The node of a game state with ``depth`` guesses left."""
        p = Position.from_state(solver.base, state, depth)
        return cls(solver, p.candidates, depth, p.fixed, p.mincnt)

    @classmethod
    def start(cls, solver: WeightedSolver, max_guesses: int = 6) -> WeightedPosition:
        """The start of a game: every answer, ``max_guesses`` guesses left."""
        return cls.from_state(solver, GameState.start(solver.matrix), max_guesses)

    def __repr__(self) -> str:
        return f"<WeightedPosition: {self.n} candidates, {self.depth} guesses left>"

    @property
    def n(self) -> int:
        return len(self.candidates)

    @property
    def weight(self) -> int:
        """The integer weight of the candidates (what a value is divided by)."""
        return self.solver.weight(self.candidates)

    def expected(self, value: int) -> float:
        """A weighted total as expected guesses (``inf`` for ``INF``)."""
        return float("inf") if value >= INF else value / self.weight

    def groups(self, guess: int) -> list[tuple[int, Candidates]]:
        """The candidates ``guess`` (an index) splits apart, by pattern (ascending)."""
        row = self.solver.matrix.data[guess]
        pats = row[self.candidates]
        order = np.argsort(pats, kind="stable")
        cuts = np.flatnonzero(np.diff(pats[order].astype(np.int64))) + 1
        return [(int(row[b[0]]), b) for b in np.split(self.candidates[order], cuts)]

    def value(self, guess: int, beta: int = INF) -> int:
        """The weighted total when ``guess`` (an index) is played here and optimal play
        follows: exact when below ``beta``, else a bound >= ``beta`` (``INF`` when nothing
        finishes within the guesses left). Honours the active budget."""
        base = self.solver.base
        total = self.weight  # every candidate sees this guess
        buckets = [(p, b) for p, b in self.groups(guess) if p != base.win]
        if buckets and self.depth <= 1:
            return INF
        bounds = [self._bound(b) for _, b in buckets]
        total += sum(bounds)
        order = sorted(range(len(buckets)), key=lambda k: -self.solver.weight(buckets[k][1]))
        for k in order:
            if total >= beta:
                return beta if total < INF else INF
            p, b = buckets[k]
            fixed, mincnt = base.child_constraints(self.fixed, self.mincnt, guess, p)
            v = self.solver.solve(b, self.depth - 1, beta - total + bounds[k], fixed, mincnt)
            total += v - bounds[k]
        if total >= beta:
            return beta if total < INF else INF
        return total

    def _bound(self, members: Candidates) -> int:
        """A bucket's least cost with the guesses left after this one."""
        w = self.solver.weights[members]
        return int(wjit.bucket_bound(len(w), int(w.sum()), int(w.max()), self.depth - 1))

    def best(self) -> tuple[int, int]:
        """(weighted total, guess index) of an optimal guess here (ties: the search's order).

        Raises :class:`InfeasibleError` when no play finds every candidate within the
        guesses left."""
        if self.n == 0:
            raise WordleError("no candidates")
        if self.n <= 2:
            return self._two_or_fewer()
        s = self.solver
        value = s.solve(self.candidates, self.depth, INF, self.fixed, self.mincnt)
        if value >= INF:
            raise InfeasibleError(
                f"no strategy finds these {self.n} answers within {self.depth} guesses"
            )
        _, exact, guess = s.entry(self.candidates, self.depth, self.fixed, self.mincnt)
        if exact != 1 or guess < 0:
            raise InternalError("the weighted search's memo is full: raise memo_cap")
        return value, guess

    def _two_or_fewer(self) -> tuple[int, int]:
        """One candidate: guess it. Two: the heavier first (ties: alphabetical)."""
        if self.n == 2 and self.depth < 2:
            raise InfeasibleError(f"no strategy finds these 2 answers within {self.depth} guess")
        words = self.solver.matrix.wordlist.answers
        w = self.solver.weights
        first = min(self.candidates.tolist(), key=lambda i: (-int(w[i]), words[i]))
        ws = sorted((int(w[i]) for i in self.candidates), reverse=True)
        return ws[0] + 2 * sum(ws[1:]), int(first)

    def ranked(self, top: int) -> list[tuple[int, int]]:
        """(weighted total, guess index) of the ``top`` best guesses here, best first (equal
        totals in the search's order, so the first is the guess :meth:`best` plays); empty when
        no guess finds every candidate within the guesses left. Honours the active budget."""
        s = self.solver
        allowed, lbs, order = s.ranked(self.candidates, self.depth, self.fixed, self.mincnt)
        found: list[tuple[int, int, int]] = []  # (value, rank in the order, guess)
        for rank, j in enumerate(order.tolist()):
            checkpoint()  # a guess may cost no search at all: the budget still counts
            kth = sorted(v for v, _, _ in found)[top - 1] if len(found) >= top else INF
            if lbs[j] >= kth:
                break  # bounds come in order: no later guess enters the top
            beta = kth + 1 if kth < INF else INF
            v = self.value(int(allowed[j]), beta)
            if v < beta:
                found.append((v, rank, int(allowed[j])))
        found.sort()
        return [(v, g) for v, _, g in found[:top]]
