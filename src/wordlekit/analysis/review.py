"""A transparent review of a played game: how good was each guess, and how lucky?

For every turn, with ``n`` answers still possible before it:

- ``remaining_before`` / ``remaining_after``, ``bits`` gained (log2 of the shrink) and
  ``best_bits`` (the most expected information any valid guess offered);
- ``expected_played`` and ``expected_best``: the expected number of guesses still to play
  counting this one, after the played guess and after the best guess, with optimal play
  afterwards. Exact (the optimal solver) when ``n`` is at most :data:`EXACT_LIMIT`; otherwise
  the documented estimate :func:`estimate` (``method`` says which). Where the game is still on
  the proven optimal tree (the first turn), the best guess and its value are exact and only
  the played guess's gap to it is estimated;
- ``best_guess`` and the played guess's ``rank`` among all valid guesses by that measure;
- ``skill`` = 100 − 100 × (expected_played − expected_best), kept within 0..100: one point
  per hundredth of a guess given away, so the best guess scores 100 and a guess costing a whole
  extra guess on average scores 0;
- ``luck`` = the share of the possible answers that would have left more words than the
  actual answer did (ties count half), in percent: 50 is an average outcome, 100 the best.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordlekit import budget
from wordlekit.core.feedback import Turn, all_green, format_pattern, score
from wordlekit.core.game import hard_mode_violation
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import Figures, figures
from wordlekit.solve.bot import BotTurn, play
from wordlekit.solve.optimal import INF, subtree_total
from wordlekit.solve.optimal_strategy import Optimal
from wordlekit.solve.state import GameState

if TYPE_CHECKING:
    from wordlekit.solve.optimal import OptimalCache
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


@dataclass(frozen=True)
class TurnReview:
    number: int
    guess: str
    pattern: int
    remaining_before: int
    remaining_after: int
    bits: float
    best_bits: float
    expected_played: float
    expected_best: float
    best_guess: str
    rank: int
    out_of: int
    skill: int
    luck: int
    method: str  # "exact" or "estimate"
    rank_method: str

    def to_dict(self) -> dict[str, object]:
        return {
            "turn": self.number,
            "guess": self.guess,
            "pattern": self.pattern,
            "emoji": format_pattern(self.pattern, len(self.guess)),
            "remaining_before": self.remaining_before,
            "remaining_after": self.remaining_after,
            "bits": round(self.bits, 4),
            "best_bits": round(self.best_bits, 4),
            "expected_played": round(self.expected_played, 4),
            "expected_best": round(self.expected_best, 4),
            "best_guess": self.best_guess,
            "rank": self.rank,
            "out_of": self.out_of,
            "skill": self.skill,
            "luck": self.luck,
            "method": self.method,
            "rank_method": self.rank_method,
        }


@dataclass(frozen=True)
class Review:
    answer: str | None
    solved: bool
    turns: tuple[TurnReview, ...]
    bot_turns: list[BotTurn] | None  # None: not computed within the work budget
    hard: bool
    note: str | None = None  # why some values are estimates (the work budget ran out)

    @property
    def bot_guesses(self) -> list[str] | None:
        return None if self.bot_turns is None else [t.guess for t in self.bot_turns]

    @property
    def skill(self) -> int:
        return round(sum(t.skill for t in self.turns) / len(self.turns)) if self.turns else 0

    @property
    def luck(self) -> int:
        return round(sum(t.luck for t in self.turns) / len(self.turns)) if self.turns else 0

    def summary(self) -> str:
        n = len(self.turns)
        word = (self.answer or "?").upper()
        guesses = "guess" if n == 1 else "guesses"
        if self.solved:
            outcome = f"solved {word} in {n}"
        elif self.answer is not None:
            outcome = f"stopped after {n} {guesses} without finding {word}"
        else:
            outcome = f"stopped after {n} {guesses}"
        bot = len(self.bot_guesses or [])
        path = " → ".join(g.upper() for g in self.bot_guesses or [])
        if self.answer is None:
            comparison = "The answer was not found, so the bot's game cannot be replayed."
        elif self.bot_guesses is None:
            comparison = "The optimal bot's game did not fit in the work budget."
        elif not self.solved:
            comparison = f"The optimal bot needs {bot} for {word} ({path})."
        else:
            delta = n - bot
            if delta > 0:
                how = f"{delta} more than"
            elif delta < 0:
                how = f"{-delta} fewer than"
            else:
                how = "as many as"
            comparison = f"The optimal bot needs {bot} for {word} ({path}), so you used {how} it."
        worst = min(self.turns, key=lambda t: t.skill) if self.turns else None
        lucky = max(self.turns, key=lambda t: t.luck) if self.turns else None
        parts = [
            f"You {outcome}. {comparison}",
            f"Average skill {self.skill}/100, luck {self.luck}/100.",
        ]
        if worst is not None and worst.skill < 100:
            parts.append(
                f"The costliest choice was turn {worst.number} ({worst.guess.upper()}, skill "
                f"{worst.skill}); {worst.best_guess.upper()} expected "
                f"{worst.expected_played - worst.expected_best:.2f} fewer guesses."
            )
        if lucky is not None and lucky.luck >= 75:
            parts.append(
                f"Turn {lucky.number} was lucky: {lucky.luck}% of the answers would have left "
                "more words."
            )
        return " ".join(parts)

    def to_dict(self) -> dict[str, object]:
        return {
            "answer": self.answer,
            "solved": self.solved,
            "hard": self.hard,
            "skill": self.skill,
            "luck": self.luck,
            "turns": [t.to_dict() for t in self.turns],
            "bot_guesses": self.bot_guesses,
            # the bot's game with its patterns: the browser never computes feedback
            "bot_turns": None
            if self.bot_turns is None
            else [
                {
                    **t.to_dict(),
                    "emoji": format_pattern(t.pattern, len(t.guess)),
                    "letters": format_pattern(t.pattern, len(t.guess), "letters"),
                }
                for t in self.bot_turns
            ],
            "complete": self.note is None and self.bot_turns is not None,
            "note": self.note,
            "summary": self.summary(),
        }


def review(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    answer: str | None = None,
    hard: bool = False,
    cache: OptimalCache | None = None,
) -> Review:
    """Review a played game given its turns (and optionally the answer).

    ``cache`` keeps the optimal solver's memo and trees for later reviews (by default the
    process's shared :data:`~wordlekit.solve.optimal.DEFAULT_CACHE`).
    """
    wl = matrix.wordlist
    answer = _check_game(matrix, turns, answer, hard)
    solved = turns[-1].pattern == all_green(wl.length)
    if answer is None and solved:
        answer = turns[-1].guess
    reviewer = _Reviewer(Optimal(cache=cache))
    state = GameState.start(matrix, hard=hard)
    out: list[TurnReview] = []
    for k, t in enumerate(turns, start=1):
        checkpoint_cancel()
        out.append(reviewer.turn(k, t, state))
        state = state.after(wl.guess_index(t.guess), t.pattern)
    bot = _bot_game(matrix, answer, reviewer.strategy, hard)
    note = None
    if reviewer.degraded_at is not None:
        note = (
            f"The exact values stopped at turn {reviewer.degraded_at}: they need more work than "
            "the budget allows, so from there on every turn uses the estimate. "
            "`wordle review` on the command line has no budget."
        )
    return Review(answer, solved, tuple(out), bot, hard, note)


def _check_game(
    matrix: PatternMatrix, turns: Sequence[Turn], answer: str | None, hard: bool
) -> str | None:
    """Refuse a game that cannot have been played (naming the turn); the answer, checked."""
    if not turns:
        raise WordleError("nothing to review: give at least one turn")
    win_at = next((k for k, t in enumerate(turns, start=1) if t.is_win), None)
    if win_at is not None and win_at < len(turns):
        raise WordleError(f"turn {win_at + 1}: the game was already won at turn {win_at}")
    if answer is not None:
        answer = _check_answer(matrix, turns, answer)
    # checks every word and every contradiction, naming the turn
    GameState.from_turns(matrix, turns, hard=hard)
    if hard:
        for k, t in enumerate(turns, start=1):
            reason = hard_mode_violation(turns[: k - 1], t.guess)
            if reason:
                raise WordleError(f"turn {k}: {t.guess.upper()} breaks hard mode: {reason}")
    return answer


def _check_answer(matrix: PatternMatrix, turns: Sequence[Turn], answer: str) -> str:
    try:
        answer = matrix.wordlist.check_answer(answer)
    except WordleError as e:
        raise WordleError(f"answer: {e}") from None
    for k, t in enumerate(turns, start=1):
        if score(t.guess, answer) != t.pattern:
            raise WordleError(
                f"turn {k}: {t.guess.upper()} against {answer.upper()} gives "
                f"{format_pattern(score(t.guess, answer), t.length)}, not "
                f"{format_pattern(t.pattern, t.length)}"
            )
    return answer


def _bot_game(
    matrix: PatternMatrix, answer: str | None, strategy: Optimal, hard: bool
) -> list[BotTurn] | None:
    """The optimal bot's turns on the answer ([] when it is unknown; None past the budget)."""
    if answer is None:
        return []
    try:
        return list(play(matrix, answer, strategy, hard=hard).steps)
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
        return None


Values = tuple[int, float, float, int, str]  # best guess, E(best), E(played), rank, method
SetKey = tuple[bytes, bytes]  # the candidates and (hard mode) the rules in force


class _Reviewer:
    """Values the turns of one game, sharing work between turns that leave the same set."""

    def __init__(self, strategy: Optimal) -> None:
        self.strategy = strategy
        # The first turn the work budget ran out on: from there on every turn is estimated.
        self.degraded_at: int | None = None
        self.figures_of: dict[SetKey, Figures] = {}
        self.estimates: dict[SetKey, npt.NDArray[np.float64]] = {}
        self.exact_of: dict[tuple[SetKey, int], Values] = {}

    def turn(self, k: int, t: Turn, state: GameState) -> TurnReview:
        wl = state.wordlist
        g = wl.guess_index(t.guess)
        win = all_green(wl.length)
        # hard mode: the constraints are those of the set of turns so far
        rules = "|".join(sorted({str(t) for t in state.history})) if state.hard else ""
        key = (state.candidates.tobytes(), rules.encode())
        if key not in self.figures_of:  # a turn that teaches nothing leaves the same set: once
            self.figures_of[key] = state.figures()
        figs = self.figures_of[key]
        left = 0 if t.pattern == win else state.after(g, t.pattern).n
        values, method = self._values(k, state, figs, key, g)
        best_g, e_best, e_played, rank, rank_method = values
        return TurnReview(
            number=k,
            guess=t.guess,
            pattern=t.pattern,
            remaining_before=state.n,
            remaining_after=left,
            bits=math.log2(state.n / left) if left else math.log2(state.n),
            best_bits=float(figs.bits.max()),
            expected_played=e_played,
            expected_best=e_best,
            best_guess=wl.guesses[best_g],
            rank=rank,
            out_of=len(figs.guesses),
            skill=round(max(0.0, min(100.0, 100.0 - 100.0 * (e_played - e_best)))),
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


def checkpoint_cancel() -> None:
    """Stop at once when the work was cancelled (a spent budget only degrades the review)."""
    b = budget.current()
    if b is not None and b.expired() and b.reason == "cancelled":
        raise b.exceeded()


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
