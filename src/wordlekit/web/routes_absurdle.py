"""Absurdle over HTTP: a game from its guesses, and the solver's proof from a position.

The host is deterministic, so the server keeps no Absurdle state: the page sends the
guesses so far (at most :data:`~wordlekit.services.absurdle.MAX_GUESSES`) with the rules,
and ``/api/absurdle/play`` replays them (a bounded, quick piece of work, on the app's quick
threads; the server process never loads the pattern matrix). ``/api/absurdle/solve`` runs in
the work pool under the server's budget: a proof longer than the budget is a 503 saying so.
Bad input is a 4xx ``{"error": ...}`` like everywhere else.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from wordlekit.services import absurdle as service
from wordlekit.web.context import QuickDep, WordsDep, WorkDep
from wordlekit.web.models import Word, errors

router = APIRouter(prefix="/api/absurdle", tags=["absurdle"], responses=errors())

#: The most first guesses one request may ask to be listed.
MAX_LIMIT = 20


class AbsurdleIn(BaseModel):
    """A game of Absurdle: its rules and the guesses played so far."""

    model_config = ConfigDict(extra="forbid")

    guesses: list[Word] = Field(
        default_factory=list,
        max_length=service.MAX_GUESSES,
        description="the guesses so far, in order",
    )
    hard: bool = Field(default=False, description="every guess uses the colours shown so far")
    target: str | None = Field(
        default=None, max_length=32, description="challenge: make the host end on this word"
    )


class AbsurdleSolveIn(AbsurdleIn):
    limit: int = Field(
        default=0, ge=0, le=MAX_LIMIT, description="list this many first guesses that win too"
    )


class TurnOut(BaseModel):
    guess: str
    pattern: int
    letters: str
    emoji: str


class AbsurdleOut(BaseModel):
    """A game: its turns, how many words the host holds (and up to 30 of them), how it ended."""

    turns: list[TurnOut]
    remaining: int
    words: list[str]
    status: str
    outcome: str | None
    share: str | None
    hard: bool
    target: str | None
    length: int


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
    game: AbsurdleOut
    proof: ProofOut
    first_guesses: FirstGuessesOut | None = None


def _replay(body: AbsurdleIn, words: Any) -> dict[str, Any]:
    game = service.replay(body.guesses, words, hard=body.hard, target=body.target)
    return service.game_dict(game)


@router.post("/play", response_model=AbsurdleOut)
async def play(body: AbsurdleIn, words: WordsDep, quick: QuickDep) -> dict[str, Any]:
    """The game after ``guesses``: each guess's colours (the host's choice), the words the
    host still holds, and the outcome. Send the guesses so far plus the new one; an invalid
    word or a hard-mode break is a 422 naming it."""
    return await quick(_replay, body, words)


@router.post("/solve", response_model=AbsurdleSolveOut, responses=errors(429))
async def solve(
    body: AbsurdleSolveIn, work: WorkDep, words: WordsDep, quick: QuickDep
) -> dict[str, Any]:
    """The fewest guesses that win from the position after ``guesses``, proved (every
    smaller number is shown impossible, with the time each proof took), with a winning line;
    with ``limit``, that many first guesses (alphabetically) that win in the minimum."""
    # Refuse bad words here, before any work is queued.
    await quick(_replay, body, words)
    return await work.run(
        "absurdle_solve",
        words=list(body.guesses),
        mode="hard" if body.hard else "normal",
        target=body.target,
        limit=body.limit or None,
    )
