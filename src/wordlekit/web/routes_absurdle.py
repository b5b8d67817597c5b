"""Absurdle's solver over HTTP: the fewest guesses that win from a position, proved.

Games of Absurdle are played through the one set of game routes
(:mod:`wordlekit.web.routes_games`), as every variant is. The host is deterministic, so a
position is its rules and the guesses so far (at most
:data:`~wordlekit.services.absurdle.MAX_GUESSES`): the Play page sends those of the game it
shows. The proof runs in the work pool under the server's budget: a proof longer than the
budget says how far it got. Bad input is a 4xx ``{"error": ...}`` like everywhere else.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from wordlekit.core.rules import Mode
from wordlekit.errors import WordleError
from wordlekit.services import absurdle as service
from wordlekit.web.context import QuickDep, WordsDep, WorkDep
from wordlekit.web.models import ModeName, Strict, TurnOut, Word, errors

router = APIRouter(prefix="/api/absurdle", tags=["absurdle"], responses=errors())

#: The most first guesses one request may ask to be listed.
MAX_LIMIT = 20


class AbsurdleSolveIn(Strict):
    """A position of Absurdle: its rules and the guesses played so far."""

    guesses: list[Word] = Field(
        default_factory=list,
        max_length=service.MAX_GUESSES,
        description="the guesses so far, in order",
    )
    mode: ModeName = Field(
        default="normal", description="normal or hard (the solver plays no ultrahard game yet)"
    )
    target: str | None = Field(
        default=None, max_length=32, description="challenge: make the host end on this word"
    )
    limit: int = Field(
        default=0, ge=0, le=MAX_LIMIT, description="list this many first guesses that win too"
    )


class ImpossibleOut(BaseModel):
    guesses: int
    seconds: float


class ProofOut(BaseModel):
    start: list[str]
    remaining: int
    hard: bool
    target: str | None
    minimum: int | None
    max_depth: int
    line: list[TurnOut] | None
    impossible: list[ImpossibleOut]
    found_seconds: float | None
    seconds: float
    stopped: str | None = Field(
        default=None, description="why the proof stopped early (the budget): minimum unknown"
    )


class WinOut(BaseModel):
    first: str
    line: list[str]


class FirstGuessesOut(BaseModel):
    guesses: int
    count: int
    complete: bool
    stopped: str | None
    examined: int
    total: int
    seconds: float
    threads: int
    wins: list[WinOut]


class AbsurdleSolveOut(BaseModel):
    """The proof from the position (the game itself is the Play page's ``GameView``)."""

    proof: ProofOut
    first_guesses: FirstGuessesOut | None = None


def _hard(body: AbsurdleSolveIn) -> bool:
    """Whether the position is played in hard mode (the solver's rule set today)."""
    mode = Mode(body.mode)
    if mode.candidates_only:
        raise WordleError("the Absurdle solver plays normal and hard mode, not ultrahard mode")
    return mode.hard


@router.post("/solve", response_model=AbsurdleSolveOut, responses=errors(429))
async def solve(
    body: AbsurdleSolveIn, work: WorkDep, words: WordsDep, quick: QuickDep
) -> dict[str, Any]:
    """The fewest guesses that win from the position after ``guesses``, proved (every
    smaller number is shown impossible, with the time each proof took), with a winning line;
    with ``limit``, that many first guesses (alphabetically) that win in the minimum."""
    mode = Mode.HARD if _hard(body) else Mode.NORMAL
    # Refuse bad words here, before any work is queued.
    await quick(partial(service.position, body.guesses, words, mode=mode, target=body.target))
    return await work.run(
        "absurdle_solve",
        words=list(body.guesses),
        mode=mode,
        target=body.target,
        limit=body.limit or None,
    )
