"""The multi-board routes: variants, games (daily and practice), guesses, statistics per
variant, the helper and the bot for N boards.

The rules are :mod:`wordlekit.services.boards`'; a game's view never holds an answer before
the game is over (:func:`~wordlekit.services.boards.public_view`). Games are stored in the
app's database file, in the table of :mod:`wordlekit.store.boards`. SQLite work runs on the
app's quick threads; the helper and the bot in the work pool (operations ``boards_assist``
and ``boards_solve``).
"""

from __future__ import annotations

import threading
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Response
from pydantic import BaseModel, ConfigDict, Field

from wordlekit.core.boards import MAX_BOARDS, VARIANTS, Variant
from wordlekit.core.feedback import parse_pattern
from wordlekit.errors import WordleError
from wordlekit.services import boards as service
from wordlekit.solve.registry import default_strategy, get_strategy, strategies
from wordlekit.store.boards import BoardGameNotFoundError, BoardStore
from wordlekit.web.context import GameIdDep, PlayerDep, QuickDep, StoreDep, WorkDep
from wordlekit.web.models import errors

#: The strategy a multi-board request plays when it names none.
DEFAULT_STRATEGY = default_strategy(boards=2)

router = APIRouter(prefix="/api/boards", tags=["boards"], responses=errors())

#: The web app plays at most this many boards (Duotrigordle's 32).
WEB_MAX_BOARDS = min(32, MAX_BOARDS)

_STORES: dict[str, BoardStore] = {}
_STORES_LOCK = threading.Lock()


def get_board_store(store: StoreDep) -> BoardStore:
    """The multi-board games of the app's database file (one store per file)."""
    with _STORES_LOCK:
        found = _STORES.get(store.path)
        if found is None or found.wordlist != store.wordlist:
            found = _STORES[store.path] = BoardStore(store.path, store.wordlist)
        return found


BoardStoreDep = Annotated[BoardStore, Depends(get_board_store)]
Word = Annotated[str, Field(min_length=1, max_length=64)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VariantIn(_In):
    variant: str | None = Field(None, max_length=40, description="quordle, octordle, …")
    boards: int | None = Field(None, ge=1, le=WEB_MAX_BOARDS)
    max_guesses: int | None = Field(None, ge=1, le=WEB_MAX_BOARDS * 10 + 20)


class NewBoardGame(VariantIn):
    mode: Literal["daily", "practice"] = "daily"
    date: str | None = Field(None, max_length=20)
    seed: int | None = Field(None, ge=0, le=2**53)


class BoardGuessIn(_In):
    guess: Word
    turn: int | None = Field(None, ge=1, le=1000)


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


class VariantOut(BaseModel):
    name: str
    title: str
    boards: int
    max_guesses: int


class BoardStrategyOut(BaseModel):
    name: str
    summary: str


class VariantsOut(BaseModel):
    variants: list[VariantOut]
    strategies: list[BoardStrategyOut]
    default_strategy: str


class BoardRowOut(BaseModel):
    guess: str
    pattern: int
    letters: str = Field(description="the colours as g/y/b")


class BoardOut(BaseModel):
    rows: list[BoardRowOut]
    solved_at: int | None = Field(description="the guess that solved it")
    keyboard: dict[str, int] = Field(description="each letter's best state: 0 gray … 2 green")
    answer: str | None = Field(description="once the board is solved or the game is over")


class BoardGameOut(BaseModel):
    id: str | None
    variant: VariantOut
    label: str
    length: int
    guesses: list[str]
    guesses_left: int
    status: str
    boards: list[BoardOut]
    over: bool
    mode: str
    answers: list[str] | None = Field(None, description="once the game is over")
    outcome: str | None = None
    share: str | None = Field(None, description="the share text, once the game is over")


class BoardStatsOut(BaseModel):
    variant: str
    played: int
    wins: int
    win_percent: int | float
    current_streak: int
    max_streak: int
    distribution: dict[str, int] = Field(description="wins by the number of guesses")


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


def _variant(body: VariantIn) -> Variant:
    v = service.variant_of(body.variant, body.boards, body.max_guesses)
    if v.boards > WEB_MAX_BOARDS:
        raise WordleError(f"the web app plays at most {WEB_MAX_BOARDS} boards")
    return v


@router.get("/variants", response_model=VariantsOut)
async def variants() -> dict[str, Any]:
    """The named variants and the multi-board strategies."""
    return {
        "variants": [v.to_dict() for v in VARIANTS.values()],
        "strategies": [{"name": s.name, "summary": s.summary} for s in strategies(boards=2)],
        "default_strategy": DEFAULT_STRATEGY,
    }


@router.post("/games", status_code=201, response_model=BoardGameOut)
async def new_game(
    body: NewBoardGame,
    response: Response,
    boards: BoardStoreDep,
    quick: QuickDep,
    player: PlayerDep,
) -> dict[str, Any]:
    """Start a daily game of a variant (by date, default today; the same boards for every
    player) or a practice game (random or seeded). A daily game already started is returned
    as it stands (200)."""
    v = _variant(body)

    def start() -> tuple[dict[str, Any], bool]:
        stored, created = service.start(
            boards, player, v, body.mode, date=body.date, seed=body.seed
        )
        return _view(stored), created

    view, created = await quick(start)
    if not created:
        response.status_code = 200
    return view


def _view(stored: Any) -> dict[str, Any]:
    view = service.public_view(stored.game, stored.id)
    view["mode"] = stored.mode
    return view


@router.get("/games/{gid}", response_model=BoardGameOut, responses=errors(404))
async def get_game(
    gid: GameIdDep, boards: BoardStoreDep, quick: QuickDep, player: PlayerDep
) -> dict[str, Any]:
    """A game as it stands; the answers only once it is over."""
    stored = await quick(boards.get, gid, player)
    if stored is None:
        raise BoardGameNotFoundError("no such game")
    return _view(stored)


@router.post("/games/{gid}/guesses", response_model=BoardGameOut, responses=errors(404, 409))
async def guess(
    gid: GameIdDep,
    body: BoardGuessIn,
    boards: BoardStoreDep,
    quick: QuickDep,
    player: PlayerDep,
) -> dict[str, Any]:
    """Play a guess on every board not solved yet (one atomic step; ``turn`` makes a retry
    harmless). A word not in the list is refused (422) and uses no turn."""

    def play() -> dict[str, Any]:
        return _view(service.guess(boards, gid, player, body.guess, body.turn))

    return await quick(play)


@router.get("/stats", response_model=BoardStatsOut)
async def stats(
    boards: BoardStoreDep,
    quick: QuickDep,
    player: PlayerDep,
    variant: str = Query("quordle", max_length=40),
) -> dict[str, Any]:
    """This player's figures for one variant: played, win %, streaks, guesses of the wins."""
    v = service.variant_of(variant)
    return await quick(service.stats, boards, player, v)


@router.post("/assist", response_model=BoardAssistOut, responses=errors(429))
async def assist(body: BoardAssistIn, work: WorkDep, store: StoreDep) -> dict[str, Any]:
    """The helper for N boards: the words left on each board and the best next guesses for
    all boards together (``patterns[b][t]``: board b's colours for guess t)."""
    v = _variant(body)
    length = store.wordlist.length
    patterns = [
        [None if p in (None, "", "-") else parse_pattern(p, length) for p in row]
        for row in body.patterns
    ]
    get_strategy(body.strategy, boards=max(v.boards, 2))  # an unknown name: 422, no work
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
    v = service.variant_of(body.variant, body.boards or len(body.answers), body.max_guesses)
    get_strategy(body.strategy, boards=max(v.boards, 2))  # an unknown name: 422, no work
    if len(body.answers) != v.boards:
        raise WordleError(f"{v.boards} boards need {v.boards} answers")
    return await work.run(
        "boards_solve",
        answers=body.answers,
        strategy=body.strategy,
        max_guesses=v.max_guesses,
    )
