"""The game routes, one set for every variant (the classic game, Dordle … Duotrigordle,
Absurdle): the menu of variants and modes, starting a game, a guess, a hint, the statistics
of a variant, today's puzzle.

The rules (which game a request means, the daily and seed rules, what a guess does, counting
hints, the public view of a game) are :mod:`wordlekit.services.games`'; these routes parse,
call it and return its values as they are (FastAPI serialises the dataclasses and documents
them in the OpenAPI schema). SQLite work runs on the app's quick threads; a hint's suggestion
comes from the work pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from wordlekit.core.rules import Host
from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList, lists_metadata
from wordlekit.errors import GameOverError, WordleError
from wordlekit.services.catalog import check_strategy
from wordlekit.services.games import (
    DailyPuzzle,
    GameRequest,
    GameView,
    Menu,
    PlayerStats,
    daily_puzzle,
    menu,
    play_guess,
    player_stats,
    record_hint,
    start_game,
    view,
)
from wordlekit.services.hints import GameHint, hint_request
from wordlekit.web.context import (
    Context,
    CreationsDep,
    GameDep,
    GameIdDep,
    PlayerDep,
    QuickDep,
    StoreDep,
    WordsDep,
    WorkDep,
)
from wordlekit.web.models import GuessIn, NewGameIn, StrategyName, errors

router = APIRouter(prefix="/api", tags=["games"], responses=errors())


#: Languages' names, for the lists whose metadata has none (the original game's and the NYT's).
LANGUAGE_NAMES = {"en": "English"}


@dataclass(frozen=True)
class ListInfo:
    """A word list a request may name (``?list=``): its language, length, counts and the
    letters of its alphabet in keyboard order."""

    name: str
    language: str
    language_name: str
    length: int
    answers: int
    guesses: int
    letters: str
    alphabet: str
    #: What a typed letter outside ``letters`` becomes (the list's own folding rule: German
    #: ü is ue, Spanish é is e); any other letter cannot be typed.
    folds: dict[str, str]
    #: Whether the helper's and the bot's ``likely`` answer model fits it (English, five
    #: letters); the others take ``list`` only.
    likely: bool
    default: bool


def list_info(wl: WordList, default: bool) -> ListInfo:
    meta = lists_metadata().get(wl.name, {})
    lang = wl.language
    return ListInfo(
        wl.name, lang, str(meta.get("language_name") or LANGUAGE_NAMES.get(lang, lang)),
        wl.length, len(wl.answers), len(wl.guesses), wl.alphabet.letters, wl.alphabet.shown(),
        dict(wl.alphabet.folds), wl.likely_fits, default,
    )  # fmt: skip


@router.get("/lists", response_model=list[ListInfo])
async def word_lists(context: Context, quick: QuickDep) -> list[ListInfo]:
    """Every word list the games, the helper, the bot and reviews may use (``?list=NAME`` on
    each request; the server's own first, ``default``): its language (code and name), word
    length, number of answers and of valid guesses, its alphabet's letters in keyboard order
    (Spanish has ñ) and what the other letters typed fold to (``folds``: German ü is ue)."""

    def infos() -> list[ListInfo]:
        home = context.wordlist.name
        return [list_info(context.wordlist_named(n), n == home) for n in context.list_names()]

    return await quick(infos)


@router.get("/variants", response_model=Menu)
async def variants_and_modes() -> Menu:
    """Every variant (name, title, boards, guess limit, host, summary) and every mode, in
    menu order: what the set-up form of the Play page offers."""
    return menu()


@router.post(
    "/games",
    status_code=201,
    response_model=GameView,
    responses={
        **errors(409, 429),
        200: {"model": GameView, "description": "a daily game already started"},
    },
)
async def new_game(
    body: NewGameIn,
    request: Request,
    response: Response,
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
    creations: CreationsDep,
) -> GameView:
    """Start a game of any variant: the daily one (by date, default today: the same for every
    player), a practice game (seeded, or random: its label then shows no seed, which would
    give the answer away) or a challenge on chosen words (one per board; Absurdle's target).

    A daily game this player already started (same variant, date and mode) is returned as it
    stands (200). One daily game a date and variant, as the NYT has it: once it is over,
    another mode is refused (409: "you have played Wordle 1991 (won in 3): start a practice
    game to play again"), and while it is under way another mode is refused after the first
    guess (409). A challenge link's game (``{"kind": "challenge", "challenge": ID}``; the
    issue's ``{"mode": "challenge"}``: ``mode`` here is normal/hard/ultrahard, and the link's
    own mode and variant are played) is one a player: asking again returns it (200). The view
    holds no answer before the game is over. A player, and a client
    address, start at most so many games an hour (429 with Retry-After beyond)."""
    wanted = GameRequest(
        variant=body.variant,
        kind=body.kind,
        mode=body.mode,
        date=body.date,
        seed=body.seed,
        answers=tuple(body.answers),
        boards=body.boards,
        max_guesses=body.max_guesses,
        challenge=body.challenge,
    )

    creations.admit(player, request.client.host if request.client else "")

    def start() -> tuple[GameView, bool]:
        stored, created = start_game(store, player, wanted)
        return view(stored), created

    game, created = await quick(start)
    if not created:
        response.status_code = 200
    return game


@router.get("/games/{gid}", response_model=GameView, responses=errors(404))
async def get_game(stored: GameDep) -> GameView:
    """A game as it stands: every board's turns and keyboard, the status; the answers only
    once the game is over (a board's own once it is solved)."""
    return view(stored)


@router.post("/games/{gid}/guesses", response_model=GameView, responses=errors(404, 409))
async def guess(
    gid: GameIdDep, body: GuessIn, store: StoreDep, quick: QuickDep, player: PlayerDep
) -> GameView:
    """Play a guess on every board still being played, as one atomic step. An invalid word, a
    hard-mode violation or, in ultrahard mode, a word that cannot be the answer is refused
    (422, saying why: "Ultrahard mode: MOIST cannot be the answer: CRANE showed A yellow, so
    it would need an A") and uses no turn; a game that is over refuses further guesses (409).

    Send ``turn`` (the number of the turn you are playing): a retry of a turn already played
    with the same word returns the game unchanged instead of spending a turn, and a turn
    played meanwhile by another request is a 409.
    """

    def play() -> GameView:
        return view(play_guess(store, gid, player, body.guess, body.turn))

    return await quick(play)


@router.post("/games/{gid}/hint", response_model=GameHint, responses=errors(404, 409, 429))
async def hint(
    stored: GameDep,
    store: StoreDep,
    quick: QuickDep,
    work: WorkDep,
    strategy: Annotated[
        StrategyName | None,
        Query(description="a strategy for the game's boards (none: the default)"),
    ] = None,
) -> GameHint:
    """The word advised next in a game of any variant (``word``) and why, in one line
    (``reason``), with a ``note`` when there is something more to say (why there is no
    word; a fallback past the server's budget). On one board it is the helper's hint
    (``hint``: a word that could be the answer preferred when nearly as good as the
    strategy's first choice); on several, the best guess for all the boards together
    (``boards``); against Absurdle's host, the first guess of a proven shortest win from
    here (``absurdle``, with the winning line; it takes no strategy).

    A hint that advises a word is counted in the statistics (a finished game's share grid
    says how many were taken, the daily puzzle's too); a game that is over has none (409)."""
    game = stored.game
    if game.over:
        raise GameOverError("the game is over")
    if strategy is not None:
        if game.host is Host.ADVERSARY:
            raise WordleError(
                f"the hint of {game.variant.title} is a proven shortest win: it takes no strategy"
            )
        strategy = check_strategy(strategy, len(game.boards))
    # Against Absurdle's host the hint is a proof, which may take the whole budget: heavy.
    heavy = game.host is Host.ADVERSARY
    advice = await work.run(
        "game_hint", GameHint, strategy=strategy, heavy=heavy, **hint_request(game)
    )
    if advice.word is not None:
        await quick(record_hint, store, stored)
    return advice


@router.get("/stats", response_model=PlayerStats)
async def stats(
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
    variant: str | None = Query(None, max_length=40, description="default: classic"),
    boards: int | None = Query(None, ge=1, le=64, description="a custom variant's boards"),
    max_guesses: int | None = Query(None, ge=1, le=1000, description="its guess limit"),
) -> PlayerStats:
    """This player's statistics of one variant, as the NYT keeps them: the daily games'
    played, win %, streaks (consecutive puzzle dates won) and guess distribution in
    ``daily``, the other games' figures apart in ``practice``; ``last_kind`` is the kind of
    the game finished last."""
    v = variant_for(variant, boards=boards, max_guesses=max_guesses)
    return await quick(player_stats, store, player, v)


@router.get("/daily", response_model=DailyPuzzle)
async def daily(words: WordsDep, date: str | None = Query(None, max_length=20)) -> DailyPuzzle:
    """Today's puzzle (or a date's): its number, not its answer; and the word length of the
    server's list (what the pages size their rows by)."""
    return daily_puzzle(words, date)
