"""Absurdle's solver over HTTP: the fewest guesses that win from a position, proved
(``AbsurdleSolve``).

Games of Absurdle are played through the one set of game routes
(:mod:`wordlekit.web.routes_games`), as every variant is, and their hint is a proven
shortest win's first guess (``POST /api/games/{id}/hint``); this route proves any position,
with the first guesses that win in the minimum. The host is deterministic, so a position is
its rules and the guesses so far (at most :data:`~wordlekit.services.absurdle.MAX_GUESSES`).
The proof runs in the work pool under the server's budget: a proof longer than the budget
says how far it got. Bad input is a 4xx ``{"error": ...}`` like everywhere else.
"""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter
from pydantic import Field

from wordlekit.core.rules import Mode

# The type of the answer: importing it loads numba (once, when the app is made).
from wordlekit.services import absurdle as service
from wordlekit.services.absurdle import AbsurdleSolve
from wordlekit.web.context import QuickDep, WordsDep, WorkDep
from wordlekit.web.models import Strict, Word, errors

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
    mode: Mode = Field(
        default=Mode.NORMAL,
        description="normal, hard or ultrahard (searched under hard mode's rule: its minimum "
        "is then a lower bound)",
    )
    target: str | None = Field(
        default=None, max_length=32, description="challenge: make the host end on this word"
    )
    limit: int = Field(
        default=0, ge=0, le=MAX_LIMIT, description="list this many first guesses that win too"
    )


@router.post("/solve", response_model=AbsurdleSolve, responses=errors(429))
async def solve(
    body: AbsurdleSolveIn, work: WorkDep, words: WordsDep, quick: QuickDep
) -> AbsurdleSolve:
    """The fewest guesses that win from the position after ``guesses`` (``game``, as its
    player sees it), proved (``proof``: every smaller number is shown impossible in
    ``refuted``, with the time each proof took), with a winning line; with ``limit``, that
    many first guesses (alphabetically) that win in the minimum (``first_guesses``)."""
    # Refuse bad words here, before any work is queued.
    position = partial(service.position, mode=body.mode, target=body.target)
    await quick(position, body.guesses, words)
    return await work.run(
        "absurdle_solve",
        AbsurdleSolve,
        words=list(body.guesses),
        mode=body.mode,
        target=body.target,
        limit=body.limit or None,
    )
