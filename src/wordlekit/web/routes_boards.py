"""The multi-board helper and bot: the words left on each board of a game played elsewhere
with the best next guesses for all boards together (``BoardsAssist``), and the bot playing
given answers (``BoardsSolve``).

Games of several boards are played through the one set of game routes
(:mod:`wordlekit.web.routes_games`), as every variant is; the strategies of several boards are
``GET /api/strategies?boards=N``. The work runs in the pool (operations ``boards_assist`` and
``boards_solve``); these routes parse the request and refuse bad input before any work is
queued.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import Field

from wordlekit.core.feedback import parse_pattern
from wordlekit.core.game import Variant
from wordlekit.core.rules import Host, Mode
from wordlekit.core.variants import variant_for
from wordlekit.errors import WordleError
from wordlekit.services.boards import BoardsAssist, BoardsSolve
from wordlekit.services.catalog import check_strategy
from wordlekit.web.context import WordsDep, WorkDep
from wordlekit.web.models import MODE, WEB_MAX_BOARDS, StrategyName, Strict, errors

router = APIRouter(prefix="/api/boards", tags=["boards"], responses=errors())

Word = Annotated[str, Field(min_length=1, max_length=64)]
#: One board's colours for one guess, as typed (``None``, ``""`` or ``-``: solved).
PatternText = Annotated[str, Field(max_length=64)]
#: One board's colours, one per guess.
BoardPatterns = Annotated[list[PatternText | None], Field(max_length=400)]


class VariantIn(Strict):
    variant: str | None = Field(None, max_length=40, description="quordle, octordle, …")
    boards: int | None = Field(None, ge=1, le=WEB_MAX_BOARDS)
    max_guesses: int | None = Field(None, ge=1, le=WEB_MAX_BOARDS * 10 + 20)
    strategy: StrategyName | None = Field(
        None, description="a strategy of several boards (GET /api/strategies?boards=N); none: "
        "the default"
    )  # fmt: skip
    mode: Mode = MODE


class BoardAssistIn(VariantIn):
    guesses: list[Word] = Field(default_factory=list, max_length=400)
    patterns: list[BoardPatterns] = Field(
        default_factory=list,
        max_length=WEB_MAX_BOARDS,
        description="one list per board: its colours for each guess (g/y/b, 2/1/0 or emoji), "
        "null once the board is solved",
    )
    top: int = Field(5, ge=1, le=20)


class BoardSolveIn(VariantIn):
    answers: list[Word] = Field(min_length=1, max_length=WEB_MAX_BOARDS)


def _variant(body: VariantIn, boards: int | None = None) -> Variant:
    """The variant a helper or bot request means (fixed answers, at most 32 boards)."""
    v = variant_for(body.variant, boards=body.boards or boards, max_guesses=body.max_guesses)
    if v.host is not Host.FIXED or v.max_guesses is None:
        raise WordleError(f"the multi-board helper plays games with fixed answers, not {v.title}")
    if v.boards > WEB_MAX_BOARDS:
        raise WordleError(f"the web app plays at most {WEB_MAX_BOARDS} boards")
    return v


def _strategy(body: VariantIn, v: Variant) -> str | None:
    """The strategy asked for, checked against the strategies of ``v``'s boards (none: the
    default)."""
    return None if body.strategy is None else check_strategy(body.strategy, v.boards)


@router.post("/assist", response_model=BoardsAssist, responses=errors(429))
async def assist(body: BoardAssistIn, work: WorkDep, words: WordsDep) -> BoardsAssist:
    """The helper for N boards: the words left on each board (numbered from 1) and the best
    next guesses for all boards together, each allowed by ``mode`` on every board still
    being played (``patterns[b][t]``: board b's colours for guess t)."""
    v = _variant(body)
    length = words.length
    patterns = [
        [None if p in (None, "", "-") else parse_pattern(p, length) for p in row]
        for row in body.patterns
    ]
    return await work.run(
        "boards_assist",
        BoardsAssist,
        strategy=_strategy(body, v),
        guesses=body.guesses,
        patterns=patterns,
        boards=v.boards,
        max_guesses=v.max_guesses,
        top=body.top,
        mode=body.mode,
    )


@router.post("/solve", response_model=BoardsSolve, responses=errors(429))
async def solve(body: BoardSolveIn, work: WorkDep) -> BoardsSolve:
    """The bot plays the given answers, one board each, under ``mode``: its game (``play``)
    and, for each guess, every board's colours (``rows``; null on a board already solved)."""
    v = _variant(body, len(body.answers))
    if len(body.answers) != v.boards:
        raise WordleError(f"{v.boards} boards need {v.boards} answers")
    return await work.run(
        "boards_solve",
        BoardsSolve,
        strategy=_strategy(body, v),
        answers=body.answers,
        max_guesses=v.max_guesses,
        mode=body.mode,
    )
