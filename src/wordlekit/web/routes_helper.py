"""The helper and the bot: suggestions after a game's turns, the bot playing an answer, the
strategies by name. The work runs in the pool (:mod:`wordlekit.services.operations`); these
routes parse the request and refuse bad input before any work is queued.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from wordlekit.core.feedback import Turn
from wordlekit.errors import WordleError
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.registry import strategies as strategy_list
from wordlekit.web.context import WordsDep, WorkDep
from wordlekit.web.models import (
    AssistIn,
    AssistOut,
    ContradictionOut,
    SolveIn,
    SolveOut,
    StrategyOut,
    TurnIn,
    errors,
)

router = APIRouter(prefix="/api", tags=["helper"], responses=errors())


def parse_turns(turns: list[TurnIn]) -> list[Turn]:
    """Turns from a request; a bad word or pattern is reported with its turn number."""
    out = []
    for k, t in enumerate(turns, start=1):
        try:
            out.append(Turn.of(t.guess, t.pattern))
        except WordleError as e:
            raise WordleError(f"turn {k}: {e}") from None
    return out


#: The 422 of routes that take turns: contradictory feedback names its turn.
CONTRADICTION: dict[int | str, dict[str, Any]] = {
    422: {
        "model": ContradictionOut,
        "description": "bad input; contradictory turns name the turn (`turn`)",
    }
}


@router.post("/assist", response_model=AssistOut, responses={**errors(429), **CONTRADICTION})
async def assist(body: AssistIn, work: WorkDep) -> dict[str, Any]:
    """The words that remain after your turns, what is known, and the best next guesses.
    Contradictory turns are refused (422) naming the turn (in the message and in ``turn``).
    With an expensive strategy past the server's budget, the suggestions come from entropy
    and say so. A guess that can neither win nor split the words left is never listed;
    after the first guess, a word that could be the answer nearly as good as the
    strategy's first choice is put first (``passed_over`` names the choice it replaced)."""
    get_strategy(body.strategy)
    return await work.run(
        "assist",
        strategy=body.strategy,
        turns=parse_turns(body.turns),
        answers=body.answers,
        top=body.top,
        mode="ultrahard" if body.ultrahard else "hard" if body.hard else "normal",
        pool="candidates" if body.candidates_only else "valid",
    )


@router.post("/solve", response_model=SolveOut, responses=errors(429))
async def solve(body: SolveIn, work: WorkDep, words: WordsDep) -> dict[str, Any]:
    """The bot plays ``answer`` with a strategy: every guess and the words left after it.
    Past the server's budget the game goes on with entropy (``exact`` false,
    ``fallback_from_turn``)."""
    get_strategy(body.strategy)
    words.check_answer(body.answer)
    if body.start is not None:
        words.check_guess(body.start)
    return await work.run(
        "solve",
        strategy=body.strategy,
        answer=body.answer,
        start=body.start,
        mode="ultrahard" if body.ultrahard else "hard" if body.hard else "normal",
        seed=body.seed,
    )


@router.get("/strategies", response_model=list[StrategyOut])
async def strategies() -> list[dict[str, str]]:
    """The strategies by name, with what each one picks."""
    return [{"name": s.name, "summary": s.summary} for s in strategy_list()]
