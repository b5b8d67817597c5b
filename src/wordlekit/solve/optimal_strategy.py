"""The ``optimal`` strategy: play (and rank guesses) by the exact solver's values.

It follows the proven tree of its opener (cached on disk) while the game is on it, and asks
the solver (:class:`wordlekit.solve.optimal.Position`) everywhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordlekit.budget import checkpoint
from wordlekit.errors import WordleError
from wordlekit.fast.partition import Figures
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import Strategy, Suggestion

if TYPE_CHECKING:
    from wordlekit.solve.tree import TreeNode


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
    """

    name = "optimal"
    summary = "exact minimum expected guesses (proven decision tree, 6 guesses at most)"
    higher_is_better = False

    def __init__(self, max_guesses: int = 6) -> None:
        self.max_guesses = max_guesses

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        raise NotImplementedError("the optimal strategy ranks with the exact solver")

    def _tree_node(self, state: GameState) -> TreeNode | None:
        from wordlekit.solve import optimal
        from wordlekit.solve.treefile import descend

        opener = optimal.default_opener(state.matrix, state.hard, self.max_guesses)
        root = optimal.opening_tree(
            state.matrix, opener, hard=state.hard, max_guesses=self.max_guesses
        )
        try:
            return descend(root, state.history)
        except WordleError:
            return None  # the game left the cached tree

    def _solver(self, state: GameState):  # type: ignore[no-untyped-def]
        """(context, guesses left, hard-mode constraints) for this state."""
        from wordlekit.solve import optimal

        depth = self.max_guesses - len(state.history)
        limit = self.max_guesses
        if depth < 1:
            limit = len(state.history) + 26  # past the limit: no effective limit
            depth = 26
        ctx = optimal.context_for(state.matrix, state.hard, limit)
        f, m = ctx._constraints(None, None)
        for t in state.history:
            f, m = ctx.child_constraints(f, m, state.wordlist.guess_index(t.guess), t.pattern)
        return ctx, depth, f, m

    def choose(self, state: GameState) -> int:
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        if state.n == 1:
            return int(state.candidates[0])
        node = self._tree_node(state)
        if node is not None:
            return state.wordlist.guess_index(node.guess)
        ctx, depth, f, m = self._solver(state)
        cands = state.candidates.astype(np.int32)
        g: int
        _, g = ctx.best_guess(cands, depth, f, m)
        if g < 0:  # nothing fits the limit from here: play for the least total anyway
            from wordlekit.solve import optimal

            deep = optimal.context_for(state.matrix, state.hard, len(state.history) + 26)
            _, g = deep.best_guess(cands, 26, f, m)
        return g

    def rank(self, state: GameState, top: int = 10) -> list[Suggestion]:
        from wordlekit.solve import optimal

        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        figs = state.figures()
        is_cand = state.is_candidate(figs.guesses)
        n = state.n
        if n == 1:
            pos = int(np.flatnonzero(figs.guesses == state.candidates[0])[0])
            return [self._suggestion(state, figs, is_cand, pos, 1)]
        if state.is_root:
            # The first turn: the proven opener, valued from its cached tree (solving every
            # opener takes minutes; `wordle optimal --openers K` compares them).
            node = self._tree_node(state)
            assert node is not None
            g = state.wordlist.guess_index(node.guess)
            pos = int(np.flatnonzero(figs.guesses == g)[0])
            value = optimal.subtree_total(node, state.wordlist.length)
            return [self._suggestion(state, figs, is_cand, pos, value)]
        ctx, depth, f, m = self._solver(state)
        cands = state.candidates.astype(np.int32)
        lbs = 3 * n - figs.parts - is_cand
        found: list[tuple[int, int]] = []  # (exact total, position in figs)
        for pos in np.lexsort((figs.sumsq, lbs)):
            checkpoint()  # each guess may be cheap (no search): the budget still counts
            kth = sorted(v for v, _ in found)[top - 1] if len(found) >= top else optimal.INF
            if lbs[pos] >= kth:
                break  # the bound is below every value: no later guess enters the top
            if figs.parts[pos] <= 1 and not is_cand[pos]:
                continue
            beta = kth + 1 if kth < optimal.INF else optimal.INF
            v = optimal._root_value(ctx, int(figs.guesses[pos]), cands, depth, beta, f, m)
            if v < beta:
                found.append((v, int(pos)))
        # Equal totals keep the solver's own order (bound, then sum of squares, then list
        # order), so the first suggestion is the guess the bot and the proven tree play.
        rank_of = {int(pos): k for k, pos in enumerate(np.lexsort((figs.sumsq, lbs)))}
        found.sort(key=lambda vp: (vp[0], rank_of[vp[1]]))
        return [self._suggestion(state, figs, is_cand, pos, v) for v, pos in found[:top]]

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
