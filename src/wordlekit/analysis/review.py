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

This module checks the game and walks it; :mod:`wordlekit.analysis.guess_values` computes
each turn's values and :mod:`wordlekit.analysis.review_report` holds what comes back
(:class:`Review`, :class:`TurnReview`, the summary). Their public names are importable from
here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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
from wordlekit.core.game import hard_mode_violation, ultrahard_violation
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.bot import BotTurn, play
from wordlekit.solve.optimal_strategy import Optimal
from wordlekit.solve.state import GameState

if TYPE_CHECKING:
    from wordlekit.solve.optimal import OptimalCache

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
    hard: bool = False,
    ultrahard: bool = False,
    cache: OptimalCache | None = None,
) -> Review:
    """Review a played game given its turns (and optionally the answer).

    ``cache`` keeps the optimal solver's memo and trees for later reviews (by default the
    process's shared :data:`~wordlekit.solve.optimal.DEFAULT_CACHE`). In ``ultrahard`` mode
    (implying hard mode) every guess must have been a word that could still be the answer,
    and the best guesses and values are those of ultrahard play (the exact solver's
    ultrahard mode).
    """
    hard = hard or ultrahard
    wl = matrix.wordlist
    answer = _check_game(matrix, turns, answer, hard, ultrahard)
    solved = turns[-1].pattern == all_green(wl.length)
    if answer is None and solved:
        answer = turns[-1].guess
    assessor = TurnAssessor(Optimal(cache=cache))
    state = GameState.start(matrix, hard=hard, ultrahard=ultrahard)
    out: list[TurnReview] = []
    for k, t in enumerate(turns, start=1):
        checkpoint_cancel()
        out.append(assessor.assess(k, t, state))
        state = state.after(wl.guess_index(t.guess), t.pattern)
    bot = _bot_game(matrix, answer, assessor.strategy, hard, ultrahard)
    note = None
    if assessor.degraded_at is not None:
        note = (
            f"The exact values stopped at turn {assessor.degraded_at}: they need more work than "
            "the budget allows, so from there on every turn uses the estimate. "
            "`wordle review` on the command line has no budget."
        )
    return Review(answer, solved, tuple(out), bot, hard, note, ultrahard)


def _check_game(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    answer: str | None,
    hard: bool,
    ultrahard: bool = False,
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
    if ultrahard:
        for k, t in enumerate(turns, start=1):
            reason = ultrahard_violation(turns[: k - 1], t.guess, matrix.wordlist)
            if reason:
                raise WordleError(f"turn {k} breaks ultrahard mode: {reason}")
    elif hard:
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
    matrix: PatternMatrix,
    answer: str | None,
    strategy: Optimal,
    hard: bool,
    ultrahard: bool = False,
) -> list[BotTurn] | None:
    """The optimal bot's turns on the answer ([] when it is unknown; None past the budget)."""
    if answer is None:
        return []
    try:
        return list(play(matrix, answer, strategy, hard=hard, ultrahard=ultrahard).steps)
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
        return None


def checkpoint_cancel() -> None:
    """Stop at once when the work was cancelled (a spent budget only degrades the review)."""
    b = budget.current()
    if b is not None and b.expired() and b.reason == "cancelled":
        raise b.exceeded()
