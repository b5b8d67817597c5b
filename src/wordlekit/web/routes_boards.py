"""The multi-board helper and bot: the words left on each board of a game played elsewhere
with the best next guesses for all boards together, and the bot playing given answers.

Games of several boards are played through the one set of game routes
(:mod:`wordlekit.web.routes_games`), as every variant is. The work runs in the pool
(operations ``boards_assist`` and ``boards_solve``); these routes parse the request and
refuse bad input before any work is queued.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from wordlekit.core.feedback import parse_pattern
from wordlekit.core.game import Variant
from wordlekit.core.rules import Host
from wordlekit.core.variants import variant_for
from wordlekit.errors import WordleError
from wordlekit.services import catalog
from wordlekit.web.context import WordsDep, WorkDep
from wordlekit.web.models import WEB_MAX_BOARDS, StrategyOut, Strict, errors

#: The strategy a multi-board request plays when it names none.
DEFAULT_STRATEGY = catalog.default_strategy(boards=2)

router = APIRouter(prefix="/api/boards", tags=["boards"], responses=errors())

Word = Annotated[str, Field(min_length=1, max_length=64)]


class VariantIn(Strict):
    variant: str | None = Field(None, max_length=40, description="quordle, octordle, …")
    boards: int | None = Field(None, ge=1, le=WEB_MAX_BOARDS)
    max_guesses: int | None = Field(None, ge=1, le=WEB_MAX_BOARDS * 10 + 20)


#: One board's colours for one guess, as typed (``None``, ``""`` or ``-``: solved).
PatternText = Annotated[str, Field(max_length=64)]
#: One board's colours, one per guess.
BoardPatterns = Annotated[list[PatternText | None], Field(max_length=400)]


class BoardAssistIn(VariantIn):
    guesses: list[Word] = Field(default_factory=list, max_length=400)
    patterns: list[BoardPatterns] = Field(
        default_factory=list,
        max_length=WEB_MAX_BOARDS,
        description="one list per board: its colours for each guess (g/y/b, 2/1/0 or emoji), "
        "null once the board is solved",
    )
    strategy: str = Field(DEFAULT_STRATEGY, max_length=40)
    top: int = Field(5, ge=1, le=20)


class BoardSolveIn(VariantIn):
    answers: list[Word] = Field(min_length=1, max_length=WEB_MAX_BOARDS)
    strategy: str = Field(DEFAULT_STRATEGY, max_length=40)


# The answers (documented in the OpenAPI schema) -----------------------------------------------


class BoardLeftOut(BaseModel):
    board: int
    solved: bool
    remaining: int
    words: list[str] | None = Field(None, description="the first words left")
    answer: str | None = Field(None, description="the word that solved it")


class BoardSuggestionOut(BaseModel):
    word: str
    score: float
    bits: float
    answer_on: list[int] = Field(description="the boards it could be the answer on")
    reason: str


class BoardAssistOut(BaseModel):
    boards: list[BoardLeftOut]
    guesses_left: int
    strategy: str
    suggestions: list[BoardSuggestionOut] | None = Field(
        None, description="none once the game is over"
    )


class BoardSolveRowOut(BaseModel):
    guess: str
    patterns: list[str | None] = Field(description="each board's colours; null once solved")


class BoardSolveOut(BaseModel):
    answers: list[str]
    strategy: str
    guesses: list[str]
    solved_at: list[int | None]
    turns: int
    max_guesses: int
    won: bool
    rows: list[BoardSolveRowOut]


def _variant(body: VariantIn, boards: int | None = None) -> Variant:
    """The variant a helper or bot request means (fixed answers, at most 32 boards)."""
    v = variant_for(body.variant, boards=body.boards or boards, max_guesses=body.max_guesses)
    if v.host is not Host.FIXED or v.max_guesses is None:
        raise WordleError(f"the multi-board helper plays games with fixed answers, not {v.title}")
    if v.boards > WEB_MAX_BOARDS:
        raise WordleError(f"the web app plays at most {WEB_MAX_BOARDS} boards")
    return v


def _strategy(name: str) -> None:
    catalog.check_strategy(name, boards=2)


@router.get("/strategies", response_model=list[StrategyOut])
async def strategies() -> list[dict[str, str]]:
    """The multi-board strategies by name (the first is the default), with what each picks."""
    known = catalog.strategies(boards=2)
    ordered = sorted(known, key=lambda s: s.name != DEFAULT_STRATEGY)
    return [{"name": s.name, "summary": s.summary} for s in ordered]


@router.post("/assist", response_model=BoardAssistOut, responses=errors(429))
async def assist(body: BoardAssistIn, work: WorkDep, words: WordsDep) -> dict[str, Any]:
    """The helper for N boards: the words left on each board and the best next guesses for
    all boards together (``patterns[b][t]``: board b's colours for guess t)."""
    v = _variant(body)
    length = words.length
    patterns = [
        [None if p in (None, "", "-") else parse_pattern(p, length) for p in row]
        for row in body.patterns
    ]
    _strategy(body.strategy)
    return await work.run(
        "boards_assist",
        guesses=body.guesses,
        patterns=patterns,
        boards=v.boards,
        max_guesses=v.max_guesses,
        strategy=body.strategy,
        top=body.top,
    )


@router.post("/solve", response_model=BoardSolveOut, responses=errors(429))
async def solve(body: BoardSolveIn, work: WorkDep) -> dict[str, Any]:
    """The bot plays the given answers, one board each: its guesses and every board's
    colours."""
    v = _variant(body, len(body.answers))
    _strategy(body.strategy)
    if len(body.answers) != v.boards:
        raise WordleError(f"{v.boards} boards need {v.boards} answers")
    return await work.run(
        "boards_solve",
        answers=body.answers,
        strategy=body.strategy,
        max_guesses=v.max_guesses,
    )
