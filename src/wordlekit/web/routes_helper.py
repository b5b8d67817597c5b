"""The helper and the bot on one board: suggestions after a game's turns (``Assist``), the
bot playing an answer (``BotPlay``), the strategies by name (for one board or several). The
work runs in the pool (:mod:`wordlekit.services.operations`); these routes parse the request,
refuse bad input before any work is queued and return the services' values as they are.
"""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter, Query

from wordlekit.core.feedback import Turn
from wordlekit.core.words import WordList
from wordlekit.errors import InvalidWordError, WordleError
from wordlekit.services.advice import Assist
from wordlekit.services.bot import BotPlay
from wordlekit.services.catalog import StrategyInfo, check_strategy, strategies
from wordlekit.services.games import daily_date
from wordlekit.web.context import WordsDep, WorkDep
from wordlekit.web.models import (
    CONTRADICTION,
    WEB_MAX_BOARDS,
    AssistIn,
    SolveIn,
    TurnIn,
    errors,
)

LIKELY_HINT = 'answers "likely" lets any valid word be the answer'

router = APIRouter(prefix="/api", tags=["helper"], responses=errors())


def parse_turns(turns: list[TurnIn], words: WordList) -> list[Turn]:
    """Turns from a request, each guess folded by the list's alphabet (Spanish keeps ñ and
    drops accents, German's ü is ue); a bad word or pattern is reported with its turn
    number."""
    out = []
    for k, t in enumerate(turns, start=1):
        try:
            out.append(Turn.of(words.alphabet.fold(t.guess), t.pattern))
        except WordleError as e:
            raise WordleError(f"turn {k}: {e}") from None
    return out


@router.post("/assist", response_model=Assist, responses={**errors(429), **CONTRADICTION})
async def assist(body: AssistIn, work: WorkDep, words: WordsDep) -> Assist:
    """The words that remain after your turns, what is known (``known``), what each turn
    taught (``steps``) and the best next guesses (``advice.suggestions``). Contradictory turns
    are refused (422) naming the turn (in the message and in ``turn``). With an expensive
    strategy past the server's budget, the suggestions come from entropy and say so
    (``advice.exact`` false, ``advice.note``). A guess that can neither win nor split the
    words left is never listed; after the first guess, a word that could be the answer nearly
    as good as the strategy's first choice is put first (``advice.passed_over`` names the
    choice it replaced; ``rule`` says when)."""
    strategy = check_strategy(body.strategy)
    check_model(words, body.answers)
    return await work.run(
        "assist",
        Assist,
        strategy=strategy,
        turns=parse_turns(body.turns, words),
        answers=body.answers,
        on=helper_date(body.date, body.answers),
        top=body.top,
        mode=body.mode,
        pool=body.pool,
    )


def helper_date(date: str | None, answers: str) -> dt.date | None:
    """The likely model's day of a request (checked before any work; none without one)."""
    if date is None:
        return None
    day = daily_date(date)
    return day if answers == "likely" else None


def check_model(words: WordList, answers: str) -> None:
    """Refuse the ``likely`` answer model on a list it does not fit, before any work."""
    if answers == "likely" and not words.likely_fits:
        raise WordleError(
            f'answers "likely" fits English five-letter lists only, not {words.name}: '
            'use answers "list"'
        )


def check_answer(words: WordList, answer: str, answers: str) -> None:
    """Refuse an answer the answer model cannot have before any work: with ``likely`` any
    valid word may be the answer; with ``list`` a valid word outside it says what would
    take it."""
    if answers == "likely":
        words.check_guess(answer)
        return
    try:
        words.check_answer(answer)
    except InvalidWordError as e:
        if not words.is_valid(answer.strip().lower()):
            raise
        raise InvalidWordError(f"{e} ({LIKELY_HINT})") from None


@router.post("/solve", response_model=BotPlay, responses=errors(429))
async def solve(body: SolveIn, work: WorkDep, words: WordsDep) -> BotPlay:
    """The bot plays ``answer`` with a strategy: every guess (``turns[].turn``) and the words
    left after it. Past the server's budget the game goes on with entropy (``exact`` false,
    ``fallback_from_turn``, ``note``). With ``answers`` ``likely`` the answer may be any valid
    word (a game played elsewhere), not only one of the list's answers."""
    strategy = check_strategy(body.strategy)
    check_model(words, body.answers)
    check_answer(words, body.answer, body.answers)
    if body.start is not None:
        words.check_guess(body.start)
    return await work.run(
        "solve",
        BotPlay,
        strategy=strategy,
        answer=body.answer,
        start=body.start,
        mode=body.mode,
        pool=body.pool,
        seed=body.seed,
        answers=body.answers,
        on=helper_date(body.date, body.answers),
    )


@router.get("/strategies", response_model=list[StrategyInfo])
async def strategy_list(
    boards: int = Query(1, ge=1, le=WEB_MAX_BOARDS, description="for games of this many boards"),
) -> list[StrategyInfo]:
    """The strategies that play games of ``boards`` boards (one by default), by name, with
    what each one picks, whether it is expensive (the exact search: budgeted harder) and the
    answer models it plays."""
    return strategies(boards)
