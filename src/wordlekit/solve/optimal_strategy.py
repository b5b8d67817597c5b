"""The ``optimal`` strategy: play (and rank guesses) by the exact solver's values.

It follows the proven tree of its opener (cached on disk) while the game is on it, and asks
the solver (:class:`wordlekit.solve.optimal.Position`) everywhere else. A weighted state (the
``likely`` answer model) is played by the weighted search
(:class:`wordlekit.solve.weighted.WeightedPosition`): the least expected number of guesses
under the prior, exactly; the other objectives play the answer list only.

The opening trees are proofs over an unweighted answer list; under the ``likely`` and ``all``
models (every valid word may be the answer) no tree is cached and the search starts from the
state itself, which for a large state does not finish within any reasonable budget: it stops
through the caller's budget (the web app and the helper then fall back, saying so), or with no
budget (the command line) after :data:`UNBUDGETED_SECONDS`, with an error that says to narrow
the position first.

The registry imports this module, and the command line imports the registry at start-up; the
exact search's modules (position, objectives, optimal, its cache) load numba, so they are
imported where they are first used.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordlekit import budget as work
from wordlekit.budget import checkpoint
from wordlekit.core.rules import Mode
from wordlekit.errors import AnswerModelError, BudgetExceeded, InfeasibleError, WordleError
from wordlekit.fast.partition import Figures
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import ALL_MODELS, Strategy, Suggestion
from wordlekit.solve.treefile import descend

if TYPE_CHECKING:
    from wordlekit.solve.optimal_cache import OptimalCache
    from wordlekit.solve.position import Position
    from wordlekit.solve.tree import TreeNode
    from wordlekit.solve.weighted import WeightedPosition

#: Guesses allowed "past the limit", where the total is minimised with no effective limit.
UNLIMITED = 26
#: How long the exact search may run on a state of the ``likely`` or ``all`` answer model when
#: the caller set no budget (the command line): such a state can be far too large to solve
#: (12,972 words at the start), and an error that says so beats a search that never ends.
UNBUDGETED_SECONDS = 60.0
#: Under a budget (the web app, the TUI), a state of the ``likely`` or ``all`` model with more
#: candidates than this is out of reach at once: sets of a few hundred already take seconds,
#: and the first step of a search of thousands (every guess against every candidate) runs
#: before the kernel's first budget check, longer than a request may take to stop.
BUDGETED_REACH = 1_000
#: What the optimal strategies of the other objectives advise with a weighted answer model.
LIST_ONLY = (
    "the optimal strategy plays it exactly (the least expected guesses under the prior), or "
    "choose a heuristic strategy such as entropy"
)


def searched_mode(state: GameState) -> Mode:
    """The exact search's mode for ``state``: its own, or ultrahard mode when only the
    candidates may be played (the same guesses as ultrahard mode, whatever the mode)."""
    return Mode.ULTRAHARD if state.only_candidates else state.mode


class Optimal(Strategy):
    """Exactly optimal play: the least total guesses with every answer within the limit.

    The first guess is SALET where valid (proven best on the original lists); its proven tree
    is cached on disk, so following it costs nothing. Off the tree (another opener, other
    turns) the exact solver answers. Ranking gives each guess's exact expected number of
    guesses from here (``score``, lower is better). Past the guess limit, or where no play
    fits it, the total is minimised with no limit. Ties between equally good guesses follow
    the solver's order (smaller bound, then smaller sum of squared bucket sizes, then list
    order) rather than the candidate-then-alphabetical rule of the other strategies: every
    tie is equally optimal, and this keeps suggestions, the bot and the proven tree in step.

    Solvers, trees and openers are kept in ``cache`` (an
    :class:`~wordlekit.solve.optimal_cache.OptimalCache`); by default the process's shared
    :data:`~wordlekit.solve.optimal_cache.DEFAULT_CACHE` (bounded and thread-safe).

    The mode searched is the state's, or ultrahard mode when the state plays only candidates
    (the candidates pool in any mode allows exactly the guesses of ultrahard mode).

    With weighted candidates (the ``likely`` answer model) it plays the least expected number
    of guesses under the prior, every candidate within the limit
    (:mod:`wordlekit.solve.weighted`): ranking gives each guess's exact expected number of
    guesses from here under the prior.
    """

    name = "optimal"
    summary = "exact minimum expected guesses (proven decision tree, 6 guesses at most)"
    higher_is_better = False
    expensive = True
    #: The least total under any answer model: with weights, the least expected guesses
    #: under the prior (the other objectives play the list only).
    answer_models = ALL_MODELS

    #: What "optimal" means (see :mod:`wordlekit.solve.objectives`): the subclasses below
    #: register the other objectives as strategies of their own.
    objective_name = "total"

    def __init__(
        self,
        max_guesses: int = 6,
        *,
        cache: OptimalCache | None = None,
        objective: str | None = None,
    ) -> None:
        from wordlekit.solve.objectives import Objective

        self.max_guesses = max_guesses
        self._cache = cache
        self.objective = Objective.parse(objective or self.objective_name)

    @property
    def cache(self) -> OptimalCache:
        """Where this strategy keeps its solvers and trees."""
        if self._cache is None:
            from wordlekit.solve.optimal_cache import DEFAULT_CACHE

            self._cache = DEFAULT_CACHE
        return self._cache

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        raise NotImplementedError("the optimal strategy ranks with the exact solver")

    def tree_node(self, state: GameState) -> TreeNode | None:
        """The node of the proven opening tree this game is at (solving the tree if it is not
        cached yet), or ``None`` when the game has left the tree or the answers are not the
        list's (the trees are proofs over the answer list)."""
        if state.wordlist.answer_model != "list" or state.weighted:
            return None
        mode = searched_mode(state)
        opener = self.cache.default_opener(state.matrix, mode, self.max_guesses)
        root = self.cache.opening_tree(
            state.matrix,
            opener,
            mode=mode,
            max_guesses=self.max_guesses,
            objective=self.objective,
        )
        try:
            return descend(root, state.history)
        except WordleError:
            return None  # the game left the cached tree

    def position(self, state: GameState, *, unlimited: bool = False) -> Position:
        """The solver's position for this state, with the guesses left under the limit; with
        no effective limit when ``unlimited`` or past the limit already."""
        from wordlekit.solve.position import Position

        depth = self.max_guesses - len(state.history)
        if unlimited or depth < 1:
            depth = UNLIMITED
        over = self.objective.k if depth != UNLIMITED else None  # past the limit: the total
        solver = self.cache.solver(state.matrix, searched_mode(state), over, self.max_guesses)
        return Position.from_state(solver, state, depth)

    def weighted_position(self, state: GameState, *, unlimited: bool = False) -> WeightedPosition:
        """The weighted search's node for this (weighted) state, as :meth:`position`."""
        from wordlekit.solve.weighted import WeightedPosition, state_weights

        if self.objective.name != "total":
            raise AnswerModelError(
                f"the {self.name} strategy plays only unweighted answers: {LIST_ONLY}"
            )
        depth = self.max_guesses - len(state.history)
        if unlimited or depth < 1:
            depth = UNLIMITED
        weights = state_weights(state)
        solver = self.cache.weighted_solver(state.matrix, searched_mode(state), weights)
        return WeightedPosition.from_state(solver, state, depth)

    def best(self, position: Position) -> int:
        """The objective's best guess at ``position`` (raises ``InfeasibleError`` when no
        play finds every candidate within the guesses left)."""
        name = self.objective.name
        if name in ("total", "over"):
            return position.best()[1]
        solver = position.solver
        args = (position.candidates, position.depth, position.fixed, position.mincnt)
        least = solver.min_depth(*args)
        if least is None:
            return position.best()[1]  # raises InfeasibleError
        if name == "worst":
            return position.limited(least).best()[1]
        total = position.best()[0]  # total-then-worst: the shallowest limit keeping it
        for d in range(least, position.depth):
            if solver.solve(args[0], d, total + 1, args[2], args[3]) == total:
                return position.limited(d).best()[1]
        return position.best()[1]

    def choose(self, state: GameState) -> int:
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        if state.n == 1:
            return int(state.candidates[0])
        node = self.tree_node(state)
        if node is not None:
            return state.wordlist.guess_index(node.guess)
        with within_reach(state):
            if state.weighted:
                try:
                    return self.weighted_position(state).best()[1]
                except InfeasibleError:  # nothing fits the limit: the least expectation anyway
                    return self.weighted_position(state, unlimited=True).best()[1]
            try:
                return self.best(self.position(state))
            except InfeasibleError:  # nothing fits the limit from here: the least total anyway
                return self.position(state, unlimited=True).best()[1]

    def rank(self, state: GameState, top: int = 10) -> list[Suggestion]:
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        if state.n > 1 and (state.weighted or state.wordlist.answer_model != "list"):
            with within_reach(state):
                return self._rank_searched(state, top)
        return self._rank_list(state, top)

    def _rank_searched(self, state: GameState, top: int) -> list[Suggestion]:
        """The ranking of a state of the ``likely`` or ``all`` model: the weighted search's
        with weights, else the unweighted one's from the state itself (no opening tree)."""
        if not state.weighted:
            figs = state.figures()
            is_cand = state.is_candidate(figs.guesses)
            return self._rank_unweighted(state, figs, is_cand, top)
        found = self.weighted_position(state).ranked(top)
        if not found:  # nothing fits the limit from here: the least expectation anyway
            found = self.weighted_position(state, unlimited=True).ranked(top)
        position = self.weighted_position(state)
        guesses = np.array([g for _, g in found], dtype=np.int64)
        figs = state.figures(guesses)
        is_cand = state.is_candidate(guesses)
        winp = state.win_probability(guesses)
        return [
            Suggestion(
                word=state.wordlist.guesses[g],
                score=position.expected(v),
                parts=int(figs.parts[k]),
                largest=int(figs.largest[k]),
                expected=float(figs.expected[k]),
                bits=float(figs.bits[k]),
                can_win=bool(is_cand[k]),
                probability=float(winp[k]),
            )
            for k, (v, g) in enumerate(found)
        ]

    def _rank_list(self, state: GameState, top: int) -> list[Suggestion]:
        figs = state.figures()
        is_cand = state.is_candidate(figs.guesses)
        if state.n == 1:
            pos = int(np.flatnonzero(figs.guesses == state.candidates[0])[0])
            return [self._suggestion(state, figs, is_cand, pos, 1)]
        if state.is_root:
            # The first turn: the proven opener, valued from its cached tree (solving every
            # opener takes minutes; `wordle optimal --openers K` compares them).
            from wordlekit.solve.optimal import subtree_total

            node = self.tree_node(state)
            assert node is not None
            g = state.wordlist.guess_index(node.guess)
            pos = int(np.flatnonzero(figs.guesses == g)[0])
            value = subtree_total(node, state.wordlist.length)
            return [self._suggestion(state, figs, is_cand, pos, value)]
        return self._rank_unweighted(state, figs, is_cand, top)

    def _rank_unweighted(
        self, state: GameState, figs: Figures, is_cand: npt.NDArray[np.bool_], top: int
    ) -> list[Suggestion]:
        """The ranking off the opening tree: by the exact solver, for the objective."""
        if self.objective.name in ("worst", "total-then-worst"):
            return self._rank_outcomes(state, figs, is_cand, top)
        found = self._best_values(state, figs, is_cand, top)
        solver = self.position(state).solver
        return [self._suggestion(state, figs, is_cand, pos, solver.split(v)[1]) for v, pos in found]

    def _rank_outcomes(
        self, state: GameState, figs: Figures, is_cand: npt.NDArray[np.bool_], top: int
    ) -> list[Suggestion]:
        """Worst-case objectives: the best guess, then the most promising others (by the
        solver's order, at most ``2 * top + 10`` of them), each proven with its worst case
        and total, best first by the objective."""
        from wordlekit.solve.objectives import evaluate
        from wordlekit.solve.optimal import search_order

        position = self.position(state)
        best = self.best(position)
        order = [int(p) for p in search_order(figs, is_cand, state.n)[1]]
        where = {int(g): k for k, g in enumerate(figs.guesses)}
        first = [where[best]] if best in where else []  # not when the state limits guesses
        tried = first + [p for p in order[: 2 * top + 10] if int(figs.guesses[p]) != best]
        ranked = []
        for pos in tried:
            checkpoint()
            o = evaluate(position, int(figs.guesses[pos]), self.objective)
            if o.feasible and o.total is not None:
                ranked.append((self.objective.rank(o), pos, o.total))
        ranked.sort(key=lambda r: (r[0], r[1] != tried[0]))
        return [self._suggestion(state, figs, is_cand, p, t) for _, p, t in ranked[:top]]

    def _best_values(
        self, state: GameState, figs: Figures, is_cand: npt.NDArray[np.bool_], top: int
    ) -> list[tuple[int, int]]:
        """(exact total, position in ``figs``) of the ``top`` best guesses, best first."""
        from wordlekit.solve.optimal import search_order
        from wordlekit.solve.solver import INF

        position = self.position(state)
        lbs, order = search_order(figs, is_cand, state.n)
        found: list[tuple[int, int]] = []
        for pos in order:
            checkpoint()  # each guess may be cheap (no search): the budget still counts
            kth = sorted(v for v, _ in found)[top - 1] if len(found) >= top else INF
            if lbs[pos] >= kth:
                break  # the bound is below every value: no later guess enters the top
            if figs.parts[pos] <= 1 and not is_cand[pos]:
                continue
            beta = kth + 1 if kth < INF else INF
            v = position.value(int(figs.guesses[pos]), beta)
            if v < beta:
                found.append((v, int(pos)))
        # Equal totals keep the solver's own order (bound, then sum of squares, then list
        # order), so the first suggestion is the guess the bot and the proven tree play.
        rank_of = {int(pos): k for k, pos in enumerate(order)}
        found.sort(key=lambda vp: (vp[0], rank_of[vp[1]]))
        return found[:top]

    @staticmethod
    def _suggestion(
        state: GameState,
        figs: Figures,
        is_cand: npt.NDArray[np.bool_],
        pos: int,
        value: int,
    ) -> Suggestion:
        return Suggestion(
            word=state.wordlist.guesses[figs.guesses[pos]],
            score=value / state.n,
            parts=int(figs.parts[pos]),
            largest=int(figs.largest[pos]),
            expected=float(figs.expected[pos]),
            bits=float(figs.bits[pos]),
            can_win=bool(is_cand[pos]),
        )


@contextmanager
def within_reach(state: GameState) -> Iterator[None]:
    """Run a search of ``state`` as it is, unless the state is of the ``likely`` or ``all``
    answer model (it may be far too large to solve). Then, under a budget, a state of more
    than :data:`BUDGETED_REACH` candidates runs out of it at once (the caller falls back);
    with none the search runs for at most :data:`UNBUDGETED_SECONDS` and running out is an
    error that says to narrow the position (a ``WordleError``: the command line prints it as
    one line)."""
    budget = work.current()
    if state.wordlist.answer_model == "list" and not state.weighted:
        yield
        return
    if budget is not None:
        if state.n > BUDGETED_REACH:  # "needs more than the budget": the caller falls back
            raise budget.exceeded()
        yield
        return
    try:
        with work.Budget(UNBUDGETED_SECONDS).active():
            yield
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
        raise WordleError(
            f"the optimal strategy's exact search needs more than {UNBUDGETED_SECONDS:g} s on "
            f"these {state.n:,} possible answers (--answers {state.wordlist.answer_model}): "
            "narrow them with a turn or two first, or choose a heuristic strategy such as "
            "entropy"
        ) from None


class OptimalWorst(Optimal):
    """Exact play for the least worst case (the fewest guesses that always suffice), then
    the least total among the trees with that worst case."""

    name = "optimal-worst"
    summary = "exact least worst case, then least expected guesses"
    objective_name = "worst"
    answer_models = frozenset({"list"})
    other_models = LIST_ONLY


class OptimalTotalThenWorst(Optimal):
    """Exact play for the least total (as ``optimal``), and among the trees with it the one
    with the least worst case."""

    name = "optimal-total-then-worst"
    summary = "exact least expected guesses, then least worst case"
    objective_name = "total-then-worst"
    answer_models = frozenset({"list"})
    other_models = LIST_ONLY


class OptimalOver4(Optimal):
    """Exact play for the fewest answers needing more than 4 guesses, then the least total."""

    name = "optimal-over4"
    summary = "exact fewest games needing 5 or more guesses, then least expected guesses"
    objective_name = "over 4"
    answer_models = frozenset({"list"})
    other_models = LIST_ONLY
