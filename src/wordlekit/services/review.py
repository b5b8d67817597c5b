"""The review of a played game: how good was each guess, how lucky, and what the bot would
have played (:mod:`wordlekit.analysis.review` has the definitions of every figure).

:func:`review` is the work pool's operation ``review``: past the work budget the turns that
could not be valued exactly use the estimate, and the result says so (``complete`` false and
a ``note``); a cancelled request raises.
"""

from __future__ import annotations

from collections.abc import Sequence

from wordlekit.analysis.review import Review, TurnReview
from wordlekit.analysis.review import review as review_game
from wordlekit.core.feedback import Turn
from wordlekit.core.rules import Mode
from wordlekit.fast.matrix import PatternMatrix

__all__ = ["Review", "TurnReview", "review"]


def review(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    answer: str | None = None,
    mode: Mode | str = Mode.NORMAL,
) -> Review:
    """The review of a game played under ``mode`` (``answer``: when the game stopped before
    finding it)."""
    return review_game(matrix, turns, answer=answer, mode=Mode.parse(mode))
