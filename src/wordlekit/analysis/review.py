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

With the ``likely`` or ``all`` answer model (every valid word may be the answer, weighted by
the prior or not) the exact solver does not apply: every turn is valued by the
expected-guesses estimate with the candidates' weights
(:func:`wordlekit.fast.partition.expected_guesses`, which with equal weights is the estimate
above), ``bits`` are the information of the pattern seen (``-log2 P(pattern)``), ``best_bits``
the most expected information of the weighted pattern distribution, ``luck`` the probability
that the answer would have left more of the probability than the actual answer did (ties
half), and the bot compared with is the entropy bot under the same model.

This module checks the game and walks it; :mod:`wordlekit.analysis.guess_values` computes
each turn's values and :mod:`wordlekit.analysis.review_report` holds what comes back
(:class:`Review`, :class:`TurnReview`, the summary). Their public names are importable from
here too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from wordlekit import budget
from wordlekit.analysis.guess_values import (
    EXACT_LIMIT,
    RANK_BUDGET,
    TurnAssessor,
    estimate,
    finish_estimate,
)
from wordlekit.analysis.review_report import Review, TurnReview
from wordlekit.core.feedback import Turn, all_green, format_pattern, score
from wordlekit.core.rules import Mode, mode_violation
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.bot import BotTurn, play
from wordlekit.solve.optimal_strategy import Optimal
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import expected_guesses

if TYPE_CHECKING:
    from wordlekit.solve.optimal_cache import OptimalCache

__all__ = [
    "EXACT_LIMIT",
    "RANK_BUDGET",
    "Review",
    "TurnReview",
    "checkpoint_cancel",
    "estimate",
    "finish_estimate",
    "review",
]


def review(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    answer: str | None = None,
    mode: Mode = Mode.NORMAL,
    cache: OptimalCache | None = None,
) -> Review:
    """Review a played game given its turns (and optionally the answer).

    ``cache`` keeps the optimal solver's memo and trees for later reviews (by default the
    process's shared :data:`~wordlekit.solve.optimal_cache.DEFAULT_CACHE`). In ultrahard
    ``mode`` every guess must have been a word that could still be the answer, and the best
    guesses and values are those of ultrahard play (the exact solver's ultrahard mode).
    """
    mode = Mode.parse(mode)
    wl = matrix.wordlist
    answer = _check_game(matrix, turns, answer, mode)
    solved = turns[-1].pattern == all_green(wl.length)
    if answer is None and solved:
        answer = turns[-1].guess
    if wl.answer_model != "list":
        return _review_by_estimate(matrix, turns, answer, solved, mode)
    assessor = TurnAssessor(Optimal(cache=cache))
    state = GameState.start(matrix, mode=mode)
    out: list[TurnReview] = []
    for k, t in enumerate(turns, start=1):
        checkpoint_cancel()
        out.append(assessor.assess(k, t, state))
        state = state.after(wl.guess_index(t.guess), t.pattern)
    bot = _bot_game(matrix, answer, assessor.strategy, mode)
    note = None
    if assessor.degraded_at is not None:
        note = (
            f"The exact values stopped at turn {assessor.degraded_at}: they need more work than "
            "the budget allows, so from there on every turn uses the estimate. "
            "`wordle review` on the command line has no budget."
        )
    return Review.of(answer, solved, tuple(out), bot, mode, note)


#: The bot a review compares with under the ``likely`` and ``all`` answer models.
MODEL_BOT = "entropy"


def _review_by_estimate(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    answer: str | None,
    solved: bool,
    mode: Mode,
) -> Review:
    """The review under the ``likely`` or ``all`` answer model: every turn by the estimate."""
    wl = matrix.wordlist
    state = GameState.start(matrix, mode=mode)
    out: list[TurnReview] = []
    for k, t in enumerate(turns, start=1):
        checkpoint_cancel()
        out.append(_estimated_turn(k, t, state))
        state = state.after(wl.guess_index(t.guess), t.pattern)
    bot = None
    if answer is None:
        bot = []
    else:
        strategy = get_strategy(MODEL_BOT)
        bot = list(play(matrix, answer, strategy, mode=mode).steps)
    return Review.of(
        answer, solved, tuple(out), bot, mode, None, answers=wl.answer_model, bot=MODEL_BOT
    )


def _estimated_turn(k: int, t: Turn, state: GameState) -> TurnReview:
    """Turn ``k`` valued by the estimate with the candidates' weights."""
    wl = state.wordlist
    g = wl.guess_index(t.guess)
    figs = state.figures()
    est = expected_guesses(state, figs.guesses)
    where = np.flatnonzero(figs.guesses == g)
    e_played = (
        float(est[where[0]])
        if len(where)
        else float(expected_guesses(state, np.array([g], dtype=np.int64))[0])
    )
    best_pos = int(np.lexsort((state.matrix.alphabetical_rank[figs.guesses], est))[0])
    e_best = float(est[best_pos])
    win = all_green(wl.length)
    row = state.matrix.data[g, state.candidates]
    p = state.probabilities
    seen = row == t.pattern
    share = float(p[seen].sum())  # how likely the pattern seen was
    left = 0 if t.pattern == win else int(seen.sum())
    # the probability left by each possible answer (none when it wins)
    mass = np.bincount(row.astype(np.int64), weights=p, minlength=3**wl.length)[row]
    mass = np.where(row == win, 0.0, mass)
    actual = 0.0 if t.pattern == win else share
    luck = float(p[mass > actual + 1e-12].sum() + 0.5 * p[np.abs(mass - actual) <= 1e-12].sum())
    return TurnReview.scored(
        k,
        t,
        state.n,
        left,
        figs,
        bits=-math.log2(share) if share > 0 else 0.0,
        expected_played=e_played,
        expected_best=e_best,
        best_guess=wl.guesses[int(figs.guesses[best_pos])],
        rank=1 + int((est < e_played - 1e-12).sum()),
        luck=round(100 * luck),
        method="estimate",
        rank_method="estimate",
    )


def _check_game(
    matrix: PatternMatrix, turns: Sequence[Turn], answer: str | None, mode: Mode
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
    GameState.from_turns(matrix, turns, mode=mode)
    for k, t in enumerate(turns, start=1):
        reason = mode_violation(mode, turns[: k - 1], t.guess, matrix.wordlist)
        if reason and mode is Mode.ULTRAHARD:
            raise WordleError(f"turn {k} breaks ultrahard mode: {reason}")
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
    matrix: PatternMatrix, answer: str | None, strategy: Optimal, mode: Mode
) -> list[BotTurn] | None:
    """The optimal bot's turns on the answer ([] when it is unknown; None past the budget)."""
    if answer is None:
        return []
    try:
        return list(play(matrix, answer, strategy, mode=mode).steps)
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
        return None


def checkpoint_cancel() -> None:
    """Stop at once when the work was cancelled (a spent budget only degrades the review)."""
    b = budget.current()
    if b is not None and b.expired() and b.reason == "cancelled":
        raise b.exceeded()
