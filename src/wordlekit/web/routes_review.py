"""Reviews: a game given as turns (or bare guesses with the answer), or one of the player's
finished games, reviewed turn by turn in the work pool (``Review``). The review carries the
optimal bot's game with its feedback (``bot_turns``): the browser never computes feedback.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from wordlekit.core.knowledge import turns_from_guesses
from wordlekit.core.rules import Host
from wordlekit.errors import WordleError

# The type of the answer: importing it loads numba (once, when the app is made).
from wordlekit.services.review import Review
from wordlekit.web.context import GameDep, WordsDep, WorkDep
from wordlekit.web.models import CONTRADICTION, ReviewIn, errors
from wordlekit.web.routes_helper import parse_turns

router = APIRouter(prefix="/api", tags=["analysis"], responses=errors())


@router.post("/review", response_model=Review, responses={**errors(429), **CONTRADICTION})
async def review(body: ReviewIn, work: WorkDep, words: WordsDep) -> Review:
    """Review a played game: per turn (``turns[]``, the guess and its colours under
    ``turn``) the words left, bits, the best guess, expected guesses after the played and the
    best guess, rank, skill and luck; a summary; and the optimal bot's game (``bot_turns``,
    with its patterns). Give ``turns`` (guess and pattern), or ``guesses`` with the
    ``answer``. Turns past the server's budget are valued by the estimate (``complete``
    false, ``note``)."""
    if body.turns is not None:
        turns = parse_turns(body.turns, words)
    elif body.guesses is not None and body.answer is not None:
        turns = turns_from_guesses(words, body.guesses, body.answer)
    else:
        raise WordleError("give turns, or guesses with the answer")
    return await work.run("review", Review, turns=turns, answer=body.answer, mode=body.mode)


@router.get("/games/{gid}/review", response_model=Review, responses=errors(404, 409, 429))
async def review_played(stored: GameDep, work: WorkDep) -> Review:
    """The review of one of this player's finished games of one board with a fixed answer
    (409 while it is being played; games of several boards and Absurdle have no review
    yet: 422)."""
    game = stored.game
    if len(game.boards) != 1 or game.host is not Host.FIXED:
        raise WordleError(f"reviews are for games of one board; {game.variant.title} has none yet")
    if not game.over:
        raise HTTPException(409, "the game is still being played")
    return await work.run(
        "review", Review, turns=list(game.turns), answer=game.answer_of(0), mode=game.mode
    )
