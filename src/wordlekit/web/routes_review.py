"""Reviews: a game given as turns (or bare guesses with the answer), or one of the player's
finished games, reviewed turn by turn in the work pool (``Review``). The review carries the
optimal bot's game with its feedback (``bot_turns``): the browser never computes feedback.

Beside a review, random play's figures for the game's answer (``WordFigures``): read from the
results table of ``wordle expected`` on a quick thread when stored, else computed in the work
pool under its budget (past it, a result without figures that says what to run instead). A
player's game gives them only once it is over: its answer is not told before.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, HTTPException, Path

from wordlekit.core.knowledge import turns_from_guesses
from wordlekit.core.rules import Host
from wordlekit.errors import WordleError
from wordlekit.services.files import data_dir
from wordlekit.services.randomplay import (
    DB_NAME,
    OVER_BUDGET,
    WordFigures,
    over_budget_figures,
    stored_figures,
)

# The type of the answer: importing it loads numba (once, when the app is made).
from wordlekit.services.review import Review
from wordlekit.web.context import Context, GameDep, QuickDep, WordsDep, WorkDep
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


async def figures_of(
    word: str, words: WordsDep, work: WorkDep, quick: QuickDep, context: Context
) -> WordFigures:
    """Random play's figures of ``word``: stored (a quick read), else computed in the pool;
    a word whose figures did not fit in the budget lately is not asked of the pool again
    (the same answer, without spending the budget once more)."""
    db = str(data_dir() / DB_NAME)  # the results table `wordle expected` fills
    found = await quick(partial(stored_figures, db=db), words, word)
    if found is not None:
        return found
    key = (words.content_hash, words.normalize(word), work.budget)
    if key in context.missed:
        return over_budget_figures(words, key[1], work.budget)
    figures = await work.run("random_play", WordFigures, word=word, db=db)
    if figures.missing == OVER_BUDGET:
        context.missed.add(key)
    return figures


RANDOM_PLAY_DOC = (
    "Random play on the answer: the expected guesses, the worst case and the chance of "
    "needing more than six when every guess is drawn uniformly from the words still possible "
    "(the list's answers). ``source`` says where they came from: ``stored`` (the table that "
    "``wordle expected --all`` fills) or ``computed`` (for this request, under the server's "
    "budget). Without figures ``source`` is null and ``missing`` says why: ``not_an_answer`` "
    "(the word is never an answer of the list) or ``over_budget`` (not computed in time: "
    "``note`` names the commands that compute them)."
)


@router.get(
    "/random-play/{word}",
    response_model=WordFigures,
    responses=errors(429),
    description=RANDOM_PLAY_DOC,
)
async def random_play(
    word: Annotated[str, Path(max_length=40, description="the hidden word (an answer)")],
    words: WordsDep,
    work: WorkDep,
    quick: QuickDep,
    context: Context,
) -> WordFigures:
    """Random play on a hidden word the client names (a review of a given answer)."""
    return await figures_of(word, words, work, quick, context)


@router.get(
    "/games/{gid}/random-play",
    response_model=WordFigures,
    responses=errors(404, 409, 429),
    description=RANDOM_PLAY_DOC + " 409 while the game is being played: no answer is told.",
)
async def random_play_played(
    stored: GameDep, words: WordsDep, work: WorkDep, quick: QuickDep, context: Context
) -> WordFigures:
    """Random play on the answer of one of this player's finished games of one board."""
    game = stored.game
    if len(game.boards) != 1 or game.host is not Host.FIXED:
        raise WordleError(f"random play is for games of one board; {game.variant.title} has none")
    if not game.over:
        raise HTTPException(409, "the game is still being played")
    answer = game.answer_of(0)
    if answer is None:  # a fixed host's answer is known; kept for the types
        raise WordleError("this game has no answer to give figures for")
    return await figures_of(answer, words, work, quick, context)
