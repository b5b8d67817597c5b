"""The game routes: start a game, play a guess, a hint, the statistics, today's puzzle.

The rules (which game a request means, the daily and seed rules, what a guess does, counting
hints) are :mod:`wordlekit.services.games`'; these routes parse, call it and shape the answer.
SQLite work runs on the app's quick threads; a hint's suggestion comes from the work pool.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Response

from wordlekit.core.words import day_number, parse_date
from wordlekit.errors import GameOverError
from wordlekit.services.games import (
    game_spec,
    play_guess,
    player_stats,
    record_hint,
    start_game,
    turns_of,
)
from wordlekit.solve.registry import get_strategy
from wordlekit.web.context import (
    GameDep,
    GameIdDep,
    PlayerDep,
    QuickDep,
    StoreDep,
    WordsDep,
    WorkDep,
)
from wordlekit.web.models import (
    DailyOut,
    GameOut,
    GuessIn,
    HintOut,
    NewGame,
    StatsOut,
    errors,
    game_view,
)

router = APIRouter(prefix="/api", tags=["games"], responses=errors())
GAME: dict[str, Any] = {"response_model": GameOut, "response_model_exclude_unset": True}


@router.post(
    "/games",
    status_code=201,
    responses={200: {"model": GameOut, "description": "a daily puzzle already started"}},
    **GAME,
)
async def new_game(
    body: NewGame,
    response: Response,
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
    words: WordsDep,
) -> dict[str, Any]:
    """Start a daily puzzle (by date, default today) or a practice game (random or seeded).

    A daily puzzle this player already started is returned as it stands (200). A random
    practice game's label shows no seed (it would give the answer away).
    """

    def start() -> tuple[dict[str, Any], bool]:
        spec = game_spec(
            body.mode,
            hard=body.hard,
            ultrahard=body.ultrahard,
            date=body.date,
            seed=body.seed,
            wordlist=words,
        )
        stored, created = start_game(store, player, spec)
        return game_view(stored), created

    view, created = await quick(start)
    if not created:
        response.status_code = 200
    return view


@router.get("/games/{gid}", responses=errors(404), **GAME)
async def get_game(stored: GameDep) -> dict[str, Any]:
    """A game's state: turns, keyboard, status; the answer only once it is over."""
    return game_view(stored)


@router.post("/games/{gid}/guesses", responses=errors(404, 409), **GAME)
async def guess(
    gid: GameIdDep, body: GuessIn, store: StoreDep, quick: QuickDep, player: PlayerDep
) -> dict[str, Any]:
    """Play a guess, as one atomic step. An invalid word, a hard-mode violation or, in
    ultrahard mode, a word that cannot be the answer is refused (422, saying why: "Ultrahard
    mode: MOIST cannot be the answer: CRANE showed A yellow, so it would need an A") and uses
    no turn; a game that is over refuses further guesses (409).

    Send ``turn`` (the number of the turn you are playing): a retry of a turn already
    played with the same word returns the game unchanged instead of spending a turn, and
    a turn played meanwhile by another request is a 409.
    """

    def play() -> dict[str, Any]:
        return game_view(play_guess(store, gid, player, body.guess, body.turn))

    return await quick(play)


@router.post("/games/{gid}/hint", response_model=HintOut, responses=errors(404, 409, 429))
async def hint(
    stored: GameDep,
    store: StoreDep,
    quick: QuickDep,
    work: WorkDep,
    strategy: str = Query("entropy", max_length=40),
) -> dict[str, Any]:
    """The word advised next in this game (counted as a hint in the statistics; a finished
    game's share grid says how many were taken, the daily puzzle's too).

    ``suggestion`` is the word; ``verdict`` says whether it could be the answer or how far
    it narrows the words left; after the first guess a word that could be the answer is
    preferred when it is nearly as good as the strategy's own first choice (``rule``;
    ``passed_over`` names the choice it replaced). With an expensive strategy past the
    server's budget, the suggestion comes from entropy and says so (``exact`` false,
    ``note``)."""
    get_strategy(strategy)  # an unknown name: 422 before any work
    if stored.game.over:
        raise GameOverError("the game is over")
    game = stored.game
    out = await work.run(
        "hint",
        strategy=strategy,
        turns=turns_of(stored),
        mode="ultrahard" if game.ultrahard else "hard" if game.hard else "normal",
    )
    out["hints"] = await quick(record_hint, store, stored)
    return out


@router.get("/stats", response_model=StatsOut)
async def stats(store: StoreDep, quick: QuickDep, player: PlayerDep) -> dict[str, Any]:
    """This player's statistics as the NYT keeps them: the daily puzzle's played, win %,
    streaks (consecutive puzzle dates won) and guess distribution at the top level; the
    practice games' figures apart in ``practice``."""
    return (await quick(player_stats, store, player)).to_dict()


@router.get("/daily", response_model=DailyOut)
async def daily(words: WordsDep, date: str | None = Query(None, max_length=20)) -> dict[str, Any]:
    """Today's puzzle (or a date's): its number, not its answer; and the word length of the
    server's list (what the pages size their rows by)."""
    day = parse_date(date or "today")
    return {"date": day.isoformat(), "number": day_number(day), "length": words.length}
