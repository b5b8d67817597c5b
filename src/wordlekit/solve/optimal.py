"""The exact optimal solver: provably minimal decision trees, normal, hard and ultrahard mode.

For a first guess (or a game state) and the lists in use, :func:`solve_opening` finds the
decision tree that is best for an :class:`~wordlekit.solve.objectives.Objective` (by default
the least total number of guesses over all answers), with every answer found within
``max_guesses``, and proves it (the search is exhaustive up to bounds that are valid lower
bounds). A first guess that cannot find every answer within the limit is a proven result
(``feasible=False``), not an error. With ``top=N`` only the N most promising guesses are
tried at each node: the result is then an upper bound and is labelled ``proven=False``.

The public solver API: a :class:`~wordlekit.solve.position.Position` (built from a matrix and
turns) values guesses, finds the best one and builds the proven tree; it runs on a
:class:`~wordlekit.solve.solver.Solver` (the compiled search and its memo). An
:class:`~wordlekit.solve.optimal_cache.OptimalCache` keeps solvers, proven opening trees and
default openers between calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from wordlekit.core.feedback import Turn
from wordlekit.core.rules import Mode, hard_mode_violation
from wordlekit.errors import (
    BudgetExceeded,
    InfeasibleError,
    InternalError,
    InvalidWordError,
    WordleError,
)
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import Figures
from wordlekit.solve.counts import GuessCounts
from wordlekit.solve.objectives import Objective, Outcome, evaluate
from wordlekit.solve.position import Position, ProgressFn
from wordlekit.solve.solver import DEFAULT_MEMO_CAP, INF, Solver
from wordlekit.solve.tree import DecisionTree, TreeNode
from wordlekit.solve.treefile import answers_below

__all__ = [
    "DEFAULT_MEMO_CAP",
    "INF",
    "InfeasibleError",
    "Objective",
    "OpenerResult",
    "OptimalResult",
    "Position",
    "Solver",
    "best_openers",
    "promising_openers",
    "solve_opening",
    "subtree_total",
]


@dataclass(frozen=True)
class OptimalResult:
    """The optimal tree for one opening (or state), with its figures and the search's.

    ``total`` and ``games`` are the solver's (proven unless ``top`` was used); ``counts`` is the
    tree's distribution of guesses (``None`` when no tree was built). ``feasible`` False is a
    proof that the opening cannot find every answer within ``max_guesses`` (``total`` is then
    ``None``). ``worst`` is the tree's worst case, proven minimal for the objectives ``worst``
    and ``total-then-worst``; ``over`` the answers needing more than K guesses (``over K``).
    """

    start: str | None
    total: int | None
    games: int
    counts: GuessCounts | None
    proven: bool
    mode: Mode
    max_guesses: int
    seconds: float
    nodes: int
    memo_lookups: int
    memo_hits: int
    memo_entries: int
    #: The proven tree (not in the JSON form: it is written to a tree file instead).
    tree: DecisionTree | None = field(default=None, metadata={"json": False})
    feasible: bool = True
    objective: Objective = field(default_factory=Objective)
    worst: int | None = None
    over: int | None = None
    #: When the work budget (``--max-nodes``) stopped the search: why, and a proven lower
    #: bound on the objective's value (the total, or with ``over K`` the solver's value).
    stopped: str | None = None
    bound: int | None = None

    #: Worked out from the above: guesses per answer (``None`` when infeasible), the most
    #: guesses an answer needs in the tree (0 with no tree), the share of memo lookups that hit.
    mean: float | None = field(init=False, compare=False)
    max: int = field(init=False, compare=False)
    hit_rate: float = field(init=False, compare=False)

    def __post_init__(self) -> None:
        mean = None if self.total is None else self.total / self.games
        hits = self.memo_hits / self.memo_lookups if self.memo_lookups else 0.0
        object.__setattr__(self, "mean", mean)
        object.__setattr__(self, "max", self.counts.max if self.counts is not None else 0)
        object.__setattr__(self, "hit_rate", hits)

    @property
    def histogram(self) -> dict[int, int]:
        return dict(self.counts.histogram) if self.counts is not None else {}


def solve_opening(
    matrix: PatternMatrix,
    start: str,
    *,
    mode: Mode = Mode.NORMAL,
    max_guesses: int = 6,
    top: int = 0,
    history: Sequence[Turn] = (),
    build_tree: bool = True,
    memo_cap: int = DEFAULT_MEMO_CAP,
    progress: ProgressFn | None = None,
    solver: Solver | None = None,
    objective: Objective | str | None = None,
    bound_on_budget: bool = False,
) -> OptimalResult:
    """The optimal tree for ``objective`` when ``start`` is the first guess (after
    ``history``), or the proof that ``start`` cannot find every answer within ``max_guesses``.

    ``solver`` shares a memo with other searches of the same lists, mode and objective
    (``top`` and ``memo_cap`` are then the solver's). When the active work budget stops the
    search, ``BudgetExceeded`` is raised, or with ``bound_on_budget`` a result with no total,
    ``stopped`` saying why and ``bound`` a proven lower bound.
    """
    word = matrix.wordlist.check_guess(start)
    if max_guesses < 1:
        raise WordleError("max_guesses must be at least 1")
    obj = Objective.parse(objective)
    mode = Mode.parse(mode)
    solver = solver or make_solver(matrix, mode, obj, max_guesses, top, memo_cap)
    position = Position.from_turns(
        matrix, history, mode=mode, max_guesses=max_guesses, solver=solver
    )
    if mode.hard and history:
        reason = hard_mode_violation(history, word)
        if reason:
            raise InvalidWordError(f"{word.upper()} breaks hard mode here: {reason}")
    t0 = time.perf_counter()
    tree = None
    try:
        outcome = evaluate(position, word, obj, progress=progress)
        if outcome.feasible and outcome.total is not None and build_tree:
            # reading the tree out of the memo may solve nodes again: under the budget too
            tree = position.limited(outcome.depth).tree(first=word)
    except BudgetExceeded as e:
        if not bound_on_budget:
            raise
        return _stopped(position, word, obj, e, time.perf_counter() - t0, len(history))
    result = _result(position, word, obj, time.perf_counter() - t0, len(history))
    counts = tree.counts(max_guesses) if tree is not None else None
    result = replace(result, counts=counts, tree=tree, feasible=outcome.feasible)
    return _with_figures(result, outcome, len(history))


def _result(
    position: Position, word: str, obj: Objective, seconds: float, played: int
) -> OptimalResult:
    """A result for ``word`` at ``position`` with the search's statistics and no figures yet
    (proven unless the solver tries only its top guesses)."""
    solver = position.solver
    return OptimalResult(
        start=word,
        total=None,
        games=position.n,
        counts=None,
        proven=solver.top == 0,
        mode=solver.mode,
        max_guesses=position.depth + played,
        seconds=seconds,
        nodes=solver.nodes,
        memo_lookups=solver.memo_lookups,
        memo_hits=solver.memo_hits,
        memo_entries=solver.memo_entries,
        objective=obj,
    )


def _stopped(
    position: Position,
    word: str,
    obj: Objective,
    e: BudgetExceeded,
    seconds: float,
    played: int,
) -> OptimalResult:
    """The labelled result of a search the budget stopped: a proven lower bound, no tree."""
    bound = position.bound(word) if obj.name != "worst" else None
    if bound is not None and position.solver.over is None:
        bound += played * position.n
    result = _result(position, word, obj, seconds, played)
    return replace(result, proven=False, stopped=str(e), bound=bound)


def _with_figures(result: OptimalResult, outcome: Outcome, played: int) -> OptimalResult:
    """Fill in the outcome's figures (counting the turns already played) and check that the
    tree achieves them."""
    if outcome.total is None:
        return result
    result = replace(
        result,
        total=outcome.total + played * result.games,  # earlier turns count for every answer
        over=outcome.over,
        worst=None if outcome.worst is None else outcome.worst + played,
    )
    counts = result.counts
    if counts is None:
        return result
    if counts.total != result.total:  # the tree must achieve its value
        raise InternalError(
            f"the tree's total {counts.total} differs from its value {result.total}"
        )
    if result.worst is not None and counts.max != result.worst:
        raise InternalError(f"the tree's worst case {counts.max} differs from {result.worst}")
    if result.worst is None:
        result = replace(result, worst=counts.max)
    k = result.objective.k
    if k is not None and sum(n for d, n in counts.histogram.items() if d > k) != result.over:
        raise InternalError(f"the tree's answers over {k} differ from {result.over}")
    return result


def make_solver(
    matrix: PatternMatrix,
    mode: Mode = Mode.NORMAL,
    objective: Objective | str | None = None,
    max_guesses: int = 6,
    top: int = 0,
    memo_cap: int = DEFAULT_MEMO_CAP,
) -> Solver:
    """A solver for this mode and objective (``over K`` fixes ``max_guesses``)."""
    obj = Objective.parse(objective)
    return Solver(matrix, mode, max_guesses, top, memo_cap, over=obj.k)


@dataclass
class OpenerResult:
    word: str
    total: int | None  # None when it cannot beat the best found (value > bound) or is infeasible
    bound: int
    seconds: float
    feasible: bool = True
    worst: int | None = None
    over: int | None = None


def best_openers(
    matrix: PatternMatrix,
    k: int = 20,
    *,
    mode: Mode = Mode.NORMAL,
    max_guesses: int = 6,
    top: int = 0,
    memo_cap: int = DEFAULT_MEMO_CAP,
    progress: Callable[[int, int, str], None] | None = None,
    objective: Objective | str | None = None,
) -> tuple[OptimalResult, list[OpenerResult]]:
    """The best first guess among the ``k`` most promising (by the bound, then sum of squares).

    Each candidate opener is solved with the best value so far as its cut-off (for the
    objectives ``total`` and ``over K``), so a worse one is abandoned early; its row then says
    "more than BEST". One that cannot finish every answer is reported infeasible (proven).
    The winner's tree is built.
    """
    wl = matrix.wordlist
    obj = Objective.parse(objective)
    mode = Mode.parse(mode)
    solver = make_solver(matrix, mode, obj, max_guesses, top, memo_cap)
    root = Position.from_turns(matrix, (), mode=mode, max_guesses=max_guesses, solver=solver)
    cut = obj.name in ("total", "over")
    rows: list[OpenerResult] = []
    best: Outcome | None = None
    best_value = INF
    for i, g in enumerate(promising_openers(matrix, k, mode=mode)):
        if progress is not None:
            progress(i, k, wl.guesses[g])
        t0 = time.perf_counter()
        o = evaluate(root, g, obj, beta=best_value if cut else INF)
        secs = time.perf_counter() - t0
        if not o.feasible:
            rows.append(OpenerResult(wl.guesses[g], None, INF, secs, feasible=False))
        elif o.total is None:
            rows.append(OpenerResult(wl.guesses[g], None, _shown(best), secs))
        else:
            rows.append(
                OpenerResult(wl.guesses[g], o.total, o.total, secs, worst=o.worst, over=o.over)
            )
            if obj.better(o, best):
                best = o
                best_value = _value(solver, o)
    if best is None:
        raise InfeasibleError(f"no opener among {k} fits within {max_guesses} guesses")
    result = solve_opening(
        matrix,
        wl.guesses[best.guess],
        mode=mode,
        max_guesses=max_guesses,
        solver=solver,
        objective=obj,
    )
    return result, rows


def _value(solver: Solver, o: Outcome) -> int:
    """The solver value of an outcome (the cut-off the next openers must beat)."""
    assert o.total is not None
    return o.total + (o.over or 0) * solver.penalty


def _shown(best: Outcome | None) -> int:
    return INF if best is None or best.total is None else best.total


def search_order(
    figs: Figures, is_cand: npt.NDArray[np.bool_], n: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(every guess's lower bound ``3n - parts - [could be the answer]``, the positions in
    ``figs`` in the order the search tries them: smallest bound, then smallest sum of squared
    bucket sizes, then list order)."""
    lbs = 3 * n - figs.parts - is_cand
    return lbs, np.lexsort((figs.sumsq, lbs))


def promising_openers(matrix: PatternMatrix, k: int, *, mode: Mode = Mode.NORMAL) -> list[int]:
    """The ``k`` first guesses the search would try first: smallest bound, then smallest sum of
    squared bucket sizes, then list order (in ultrahard mode, answers only)."""
    figs = matrix.root_figures
    n = len(matrix.wordlist.answers)
    _, ranked = search_order(figs, np.arange(len(figs.guesses)) < n, n)
    order = [int(figs.guesses[p]) for p in ranked]
    if Mode.parse(mode).candidates_only:
        order = [g for g in order if g < n]
    return order[:k]


def subtree_total(node: TreeNode, length: int) -> int:
    """Total guesses the tree spends from ``node`` on, over the answers below it."""
    return sum(len(path) for _, path in answers_below(node, length))
