"""What each guess of a reviewed game was worth, turn by turn.

For the set of answers a turn was played in: the expected number of guesses still to play
after the played guess and after the best one (exact by the optimal solver for sets of at most
:data:`EXACT_LIMIT`, else :func:`estimate`, a fit on the proven SALET tree), the played guess's
rank among every valid guess, the information it gained and the luck of its outcome.

This is the costly part of a review (a solver search per turn, shared between turns that leave
the same set) and the one with its own rules for the work budget (a spent budget degrades
the values to the estimate; a cancelled one stops), so it lives apart from the checks and the
walk through the game (:mod:`wordlekit.analysis.review`) and from the values it produces
(:mod:`wordlekit.analysis.review_report`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordlekit.analysis.review_report import TurnReview
from wordlekit.core.feedback import Turn, all_green
from wordlekit.errors import BudgetExceeded
from wordlekit.fast.partition import Figures, figures
from wordlekit.solve.optimal import INF, subtree_total
from wordlekit.solve.optimal_strategy import Optimal
from wordlekit.solve.state import GameState

if TYPE_CHECKING:
    from wordlekit.solve.position import Position

#: Sets up to this size are valued exactly by the optimal solver; larger ones (the first turn
#: among them: solving a poor opener such as FUZZY exactly takes minutes) use the estimate.
EXACT_LIMIT = 400
#: Exact ranking evaluates every guess whose lower bound beats the played guess; beyond this
#: many the rank comes from the estimate instead.
RANK_BUDGET = 400

# Estimate of the expected guesses to finish a set of b answers with good play, fitted on
# every node of the proven SALET tree (2,464 nodes): 1 for one answer, 1.5 for two, and
# 1.457 + 0.185 * log2(b) from three on (e.g. 1.75 at 3, 2.69 at 100; the tree's own root
# value 3.42 at 2,315, where the fit says 3.53).
EST_A = 0.185
EST_C = 1.457


def finish_estimate(b: int) -> float:
    """Estimated expected guesses to find one of ``b`` equally likely answers."""
    if b <= 1:
        return 1.0
    if b == 2:
        return 1.5
    return EST_C + EST_A * math.log2(b)


def _table(n: int) -> npt.NDArray[np.float64]:
    t = np.zeros(n + 1)
    for b in range(1, n + 1):
        t[b] = b * finish_estimate(b)
    return t


def estimate(
    state: GameState, guesses: npt.NDArray[np.int64] | None = None
) -> npt.NDArray[np.float64]:
    """Estimated expected guesses from here (this one included) for each guess:
    1 + sum over the buckets it leaves (the win excluded) of (size / n) × finish_estimate(size).
    """
    g = state.allowed if guesses is None else guesses
    n = state.n
    figs = figures(state.matrix.data, g, state.candidates, table=_table(n))
    is_cand = state.is_candidate(g)
    # the win bucket (the guess itself, size 1) costs nothing more
    total = figs.plogp - np.where(is_cand, finish_estimate(1), 0.0)
    return np.asarray(1.0 + total / n, dtype=np.float64)


Values = tuple[int, float, float, int, str]  # best guess, E(best), E(played), rank, method
SetKey = tuple[bytes, bytes]  # the candidates and (hard mode) the rules in force


class TurnAssessor:
    """Values the turns of one game, sharing work between turns that leave the same set.

    ``strategy`` is the optimal strategy (its solver, memo and cached trees) that gives the
    exact values; ``degraded_at`` the first turn the work budget ran out on (None while it
    lasts): from there on every turn is estimated.
    """

    def __init__(self, strategy: Optimal) -> None:
        self.strategy = strategy
        self.degraded_at: int | None = None
        self.figures_of: dict[SetKey, Figures] = {}
        self.estimates: dict[SetKey, npt.NDArray[np.float64]] = {}
        self.exact_of: dict[tuple[SetKey, int], Values] = {}

    def assess(self, k: int, t: Turn, state: GameState) -> TurnReview:
        """Turn ``k``, guess and pattern ``t``, played in ``state``: its values."""
        wl = state.wordlist
        g = wl.guess_index(t.guess)
        win = all_green(wl.length)
        # hard mode: the constraints are those of the set of turns so far
        rules = "|".join(sorted({str(t) for t in state.history})) if state.mode.hard else ""
        key = (state.candidates.tobytes(), rules.encode())
        if key not in self.figures_of:  # a turn that teaches nothing leaves the same set: once
            self.figures_of[key] = state.figures()
        figs = self.figures_of[key]
        left = 0 if t.pattern == win else state.after(g, t.pattern).n
        values, method = self._values(k, state, figs, key, g)
        best_g, e_best, e_played, rank, rank_method = values
        return TurnReview.scored(
            k,
            t,
            state.n,
            left,
            figs,
            bits=math.log2(state.n / left) if left else math.log2(state.n),
            expected_played=e_played,
            expected_best=e_best,
            best_guess=wl.guesses[best_g],
            rank=rank,
            luck=_luck(state, g, left),
            method=method,
            rank_method=rank_method,
        )

    def _values(
        self, k: int, state: GameState, figs: Figures, key: SetKey, g: int
    ) -> tuple[Values, str]:
        """Exact values where the set is small enough and the budget lasts, else estimates."""
        if (key, g) in self.exact_of:
            return self.exact_of[key, g], "exact"
        if state.n <= EXACT_LIMIT and self.degraded_at is None:
            try:
                values = self.exact_of[key, g] = _exact_values(state, figs, g, self.strategy)
                return values, "exact"
            except BudgetExceeded as e:
                if e.reason == "cancelled":
                    raise
                self.degraded_at = k
        if key not in self.estimates:
            self.estimates[key] = estimate(state, figs.guesses)
        return _estimated_values(state, figs, self.estimates[key], g, self.strategy), "estimate"


def _exact_values(state: GameState, figs: Figures, g: int, strat: Optimal) -> Values:
    """(best guess, E(best), E(played), rank, rank method) by the optimal solver."""
    position = strat.position(state)
    n = state.n
    if n == 1:
        best_g = int(state.candidates[0])
        e_best = 1.0
        e_played = 1.0 if g == best_g else 2.0
    else:
        best_g = strat.choose(state)
        node = strat.tree_node(state)
        if node is not None:  # on the cached proven tree: its value is known
            v_best = subtree_total(node, state.wordlist.length)
        else:
            v_best = position.value(best_g)
        if v_best >= INF:
            # Nothing finishes within the guesses left: compare with no limit.
            position = strat.position(state, unlimited=True)
            v_best = position.value(best_g)
        v_played = v_best if g == best_g else position.value(g)
        if v_played >= INF:  # this guess cannot finish in time: no limit
            v_played = strat.position(state, unlimited=True).value(g)
        e_best, e_played = v_best / n, v_played / n
    rank, rank_method = _exact_rank(state, figs, g, e_played, position)
    return best_g, e_best, e_played, rank, rank_method


def _estimated_values(
    state: GameState,
    figs: Figures,
    est: npt.NDArray[np.float64],
    g: int,
    strat: Optimal,
) -> Values:
    """(best guess, E(best), E(played), rank, "estimate") from ``est``, the estimate of
    every guess of ``figs``."""
    wl = state.wordlist
    pos_of = {int(x): i for i, x in enumerate(figs.guesses)}
    e_of = float(est[pos_of[g]]) if g in pos_of else float(estimate(state, np.array([g]))[0])
    try:
        node = strat.tree_node(state)
    except BudgetExceeded as e:  # the proven tree is not cached and there is no time left
        if e.reason == "cancelled":
            raise
        node = None
    if node is not None and wl.guess_index(node.guess) in pos_of:
        # On the proven tree (the first turn, say): the best guess and its value are
        # exact; only the gap to the played guess is estimated, so the optimal play
        # scores exactly 100.
        best_g = wl.guess_index(node.guess)
        e_best = subtree_total(node, wl.length) / state.n
        e_played = e_best + max(0.0, e_of - float(est[pos_of[best_g]]))
        if g == best_g:
            e_played = e_best
    else:
        best_pos = int(np.lexsort((np.arange(len(est)), est))[0])
        best_g = int(figs.guesses[best_pos])
        e_best = float(est[best_pos])
        e_played = e_of
    rank = 1 + int((est < e_of - 1e-12).sum())
    return best_g, e_best, e_played, rank, "estimate"


def _luck(state: GameState, g: int, actual: int) -> int:
    """Share of the possible answers that would have left more words (ties half), in %."""
    row = state.matrix.data[g, state.candidates].astype(np.int64)
    counts = np.bincount(row, minlength=3**state.wordlist.length)
    sizes = counts[row]  # words left for each possible answer
    win = all_green(state.wordlist.length)
    sizes = np.where(row == win, 0, sizes)
    more = float((sizes > actual).mean())
    same = float((sizes == actual).mean())
    return round(100 * (more + 0.5 * same))


def _exact_rank(
    state: GameState, figs: Figures, g: int, e_played: float, position: Position
) -> tuple[int, str]:
    """1 + the number of guesses with a strictly smaller exact expectation."""
    n = state.n
    is_cand = state.is_candidate(figs.guesses)
    lbs = 3 * n - figs.parts - is_cand
    v_played = round(e_played * n)
    contenders = [
        int(figs.guesses[i]) for i in np.flatnonzero(lbs < v_played) if figs.guesses[i] != g
    ]
    if n == 1:
        return (1 if e_played == 1.0 else 1 + int(is_cand.sum())), "exact"
    if len(contenders) > RANK_BUDGET:
        est = estimate(state, figs.guesses)
        pos = int(np.flatnonzero(figs.guesses == g)[0])
        return 1 + int((est < est[pos] - 1e-12).sum()), "estimate"
    better = sum(1 for c in contenders if position.value(c, beta=v_played) < v_played)
    return 1 + better, "exact"
