"""The HTTP API and the pages, as a FastAPI app (``create_app``).

Every request is validated; bad input gets a 4xx with ``{"error": "..."}`` and never a
traceback. The player is an anonymous id in a cookie (:mod:`wordlekit.web.player`); HTTP
hygiene (security headers, body limit, HEAD) is :mod:`wordlekit.web.http`. Game logic stays
in the library: the routes parse, call :mod:`wordlekit` and shape the answer.

Two kinds of routes: quick ones (games, guesses, statistics) run on a few threads and only
touch SQLite; expensive ones (helper, bot, hints, reviews) are ``async`` and wait for a
worker process of :mod:`wordlekit.services.pool`, which runs
:mod:`wordlekit.services.operations` under the
server's budget. The server process itself never loads the pattern matrix.
"""

from __future__ import annotations

import datetime as dt
import logging
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio.to_thread
from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException

from wordlekit.core.feedback import Tile, Turn, format_pattern
from wordlekit.core.game import Game
from wordlekit.core.words import WordList, parse_date
from wordlekit.errors import (
    BudgetExceeded,
    GameOverError,
    HardModeError,
    InvalidWordError,
    WordleError,
)
from wordlekit.services.operations import is_expensive, turns_from_guesses
from wordlekit.services.pool import PoolBusy, PoolConfig, WorkerFailed, WorkPool, shared_pool
from wordlekit.solve.registry import REGISTRY, get_strategy
from wordlekit.store.games import GameNotFoundError, Store, StoredGame, TurnConflictError
from wordlekit.web.http import MAX_BODY, install
from wordlekit.web.player import COOKIE as COOKIE
from wordlekit.web.player import PlayerMiddleware

log = logging.getLogger("wordlekit.web")

WORKER_THREADS = 4
STATIC = Path(str(resources.files("wordlekit").joinpath("web").joinpath("static")))
TILE_NAMES = {Tile.GREEN: "green", Tile.YELLOW: "yellow", Tile.GRAY: "gray"}


# Request bodies ------------------------------------------------------------------------------


class NewGame(BaseModel):
    mode: Literal["daily", "practice"] = "practice"
    hard: bool = False
    date: str | None = Field(default=None, max_length=20, description="YYYY-MM-DD (daily)")
    seed: int | None = Field(default=None, ge=0, le=2**53, description="practice seed")


class GuessIn(BaseModel):
    guess: str = Field(max_length=32)
    turn: int | None = Field(
        default=None,
        ge=1,
        le=64,
        description="the number of the turn being played: a retry of it spends no turn",
    )


class TurnIn(BaseModel):
    guess: str = Field(max_length=32)
    pattern: (
        Annotated[str, StringConstraints(max_length=64)] | Annotated[int, Field(ge=0, le=3**8)]
    ) = Field(description="g/y/b letters, 2/1/0 digits, emoji or the int")


class AssistIn(BaseModel):
    turns: list[TurnIn] = Field(default_factory=list, max_length=32)
    strategy: str = Field(default="entropy", max_length=40)
    top: int = Field(default=10, ge=1, le=100)
    hard: bool = False
    candidates_only: bool = False


class ReviewIn(BaseModel):
    turns: list[TurnIn] | None = Field(default=None, max_length=32)
    answer: str | None = Field(default=None, max_length=32)
    guesses: list[Annotated[str, StringConstraints(max_length=32)]] | None = Field(
        default=None, max_length=32, description="bare guesses, with answer"
    )
    hard: bool = False


class SolveIn(BaseModel):
    answer: str = Field(max_length=32)
    strategy: str = Field(default="entropy", max_length=40)
    start: str | None = Field(default=None, max_length=32)
    hard: bool = False
    seed: int = Field(default=0, ge=0, le=2**53)


# Shaping responses ---------------------------------------------------------------------------


def game_json(stored: StoredGame) -> dict[str, Any]:
    game = stored.game
    length = game.length
    out: dict[str, Any] = {
        "id": stored.id,
        "mode": stored.mode,
        "date": stored.day,
        "label": game.label,
        "hard": game.hard,
        "status": game.status.value,
        "max_guesses": game.max_guesses,
        "length": length,
        "guesses_left": game.guesses_left,
        "hints": stored.hints,
        "turns": [
            {
                "guess": t.guess,
                "pattern": t.pattern,
                "emoji": format_pattern(t.pattern, length, "emoji"),
                "letters": format_pattern(t.pattern, length, "letters"),
            }
            for t in game.turns
        ],
        "keyboard": {ch: TILE_NAMES[tile] for ch, tile in sorted(game.keyboard().items())},
    }
    if game.over:  # the answer reaches the browser only when the game has ended
        out["answer"] = game.answer
        out["share"] = game.share()
    return out


def parse_turns(turns: list[TurnIn]) -> list[Turn]:
    """Turns from a request; a bad word or pattern is reported with its turn number."""
    out = []
    for k, t in enumerate(turns, start=1):
        try:
            out.append(Turn.of(t.guess, t.pattern))
        except WordleError as e:
            raise HTTPException(422, f"turn {k}: {e}") from None
    return out


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _describe_validation(exc: RequestValidationError) -> str:
    parts = []
    for e in exc.errors()[:3]:
        where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


# The app -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ServerSettings:
    """How the app runs for other people (``wordle serve`` options)."""

    pool: PoolConfig = field(default_factory=PoolConfig)
    secure_cookies: bool = False  # the player cookie only over HTTPS (behind a TLS proxy)
    max_body: int = MAX_BODY


def _goes_to_the_pool(path: str, method: str) -> bool:
    """Requests that run in the work pool (checked against the client's limits early)."""
    if method != "POST" and not path.endswith("/review"):
        return False
    return path in ("/api/assist", "/api/solve", "/api/review") or (
        path.startswith("/api/games/") and path.endswith(("/hint", "/review"))
    )


def create_app(
    db_path: str | Path,
    wordlist: WordList | None = None,
    settings: ServerSettings | None = None,
    *,
    pool: WorkPool | None = None,
) -> FastAPI:
    """The web app storing games in the SQLite file ``db_path``.

    Expensive work (the helper, the bot, hints, reviews) runs in ``pool`` (by default the
    process-wide pool for these lists and settings), never on the server's threads.
    """
    wl = wordlist or WordList.bundled()
    cfg = settings or ServerSettings()
    work = pool or shared_pool(wl, cfg.pool)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        # Start the workers (each loads the matrix and warms its kernels) and wait for them,
        # so the first visitors find them ready; the server itself never loads the matrix.
        import anyio.to_thread

        work.start()
        await anyio.to_thread.run_sync(work.wait_ready, 300.0)
        # Few threads for the quick synchronous routes (games, stats): they only touch SQLite.
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        yield

    app = FastAPI(
        title="wordlekit",
        summary="Play Wordle, get help on a game, watch the bot.",
        version="0.1.0",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.store = Store(db_path, wl)
    app.state.wordlist = wl
    app.state.pool = work

    app.add_middleware(
        PlayerMiddleware,
        secure=cfg.secure_cookies,
        expensive=_goes_to_the_pool,
        check=work.check_limits,
    )

    @app.exception_handler(RequestValidationError)
    async def on_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(422, _describe_validation(exc))

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # exc.headers kept: Allow on a 405, Retry-After on a 429/503
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(WordleError)
    async def on_wordle(request: Request, exc: WordleError) -> JSONResponse:
        return error(422, str(exc))

    @app.exception_handler(Exception)
    async def on_crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return error(500, "internal server error")

    def store(request: Request) -> Store:
        s: Store = request.app.state.store
        return s

    def load_game(request: Request, gid: str) -> StoredGame:
        if len(gid) > 64:
            raise HTTPException(404, "no such game")
        stored = store(request).get(gid, request.state.player)
        if stored is None:
            raise HTTPException(404, "no such game")
        return stored

    async def expensive(request: Request, op: str, heavy: bool, **kwargs: Any) -> Any:
        """Run a service operation in the pool; its limits become 429/503 with Retry-After."""
        client = request.client.host if request.client else ""
        try:
            return await work.run(
                op,
                kwargs,
                player=request.state.known_player,
                address=client,
                heavy=heavy,
                disconnected=request.is_disconnected,
            )
        except PoolBusy as e:
            raise HTTPException(
                e.status, str(e), headers={"Retry-After": str(e.retry_after)}
            ) from None
        except BudgetExceeded as e:
            raise HTTPException(503, _over_budget(op, e, cfg.pool.budget)) from None
        except WorkerFailed as e:
            raise HTTPException(
                503, f"the computation stopped: {e}; try again", headers={"Retry-After": "1"}
            ) from None

    # Games ------------------------------------------------------------------------------------

    @app.post("/api/games", status_code=201, tags=["games"])
    def new_game(request: Request, body: NewGame, response: Response) -> dict[str, Any]:
        """Start a daily puzzle (by date, default today) or a practice game (random or seeded).

        A daily puzzle this player already started is returned as it stands (200). A random
        practice game's label shows no seed (it would give the answer away).
        """
        if body.mode == "daily":
            if body.seed is not None:
                raise HTTPException(422, "a daily puzzle takes a date, not a seed")
            day = parse_date(body.date or "today")
            # Past puzzles are an archive; future ones would be spoilers. One day of slack
            # covers players whose midnight comes before the server's.
            if day > dt.date.today() + dt.timedelta(days=1):
                raise HTTPException(422, f"the daily puzzle of {day} is not out yet")
            game = Game.daily(day, hard=body.hard, wordlist=wl)
            stored, created = store(request).create(
                request.state.player, game, "daily", day.isoformat(), None
            )
        else:
            if body.date is not None:
                raise HTTPException(422, "a practice game takes a seed, not a date")
            game = Game.practice(body.seed, hard=body.hard, wordlist=wl)
            stored, created = store(request).create(
                request.state.player, game, "practice", None, body.seed
            )
        if not created:
            response.status_code = 200
        return game_json(stored)

    @app.get("/api/games/{gid}", tags=["games"])
    def get_game(request: Request, gid: str) -> dict[str, Any]:
        """A game's state: turns, keyboard, status; the answer only once it is over."""
        return game_json(load_game(request, gid))

    @app.post("/api/games/{gid}/guesses", tags=["games"])
    def guess(request: Request, gid: str, body: GuessIn) -> dict[str, Any]:
        """Play a guess, as one atomic step. An invalid word or a hard-mode violation is
        refused (422) and uses no turn; a game that is over refuses further guesses (409).

        Send ``turn`` (the number of the turn you are playing): a retry of a turn already
        played with the same word returns the game unchanged instead of spending a turn, and
        a turn played meanwhile by another request is a 409.
        """
        if len(gid) > 64:
            raise HTTPException(404, "no such game")
        try:
            stored = store(request).play(gid, request.state.player, body.guess, body.turn)
        except GameNotFoundError as e:
            raise HTTPException(404, str(e)) from None
        except (GameOverError, TurnConflictError) as e:
            raise HTTPException(409, str(e)) from None
        except InvalidWordError as e:
            raise HTTPException(422, str(e)) from None
        except HardModeError as e:
            raise HTTPException(422, f"Hard mode: {e}") from None
        return game_json(stored)

    @app.post("/api/games/{gid}/hint", tags=["games"])
    async def hint(
        request: Request,
        gid: str,
        strategy: str = Query("entropy", max_length=40),
    ) -> dict[str, Any]:
        """The bot's suggestion for this game (counted as a hint in the statistics). With an
        expensive strategy past the server's budget, the suggestion comes from entropy and
        says so (``exact`` false, ``note``)."""
        get_strategy(strategy)  # an unknown name: 422 before any work
        stored = await anyio.to_thread.run_sync(load_game, request, gid)
        if stored.game.over:
            raise HTTPException(409, "the game is over")
        out: dict[str, Any] = await expensive(
            request,
            "hint",
            is_expensive(strategy),
            turns=list(stored.game.turns),
            hard=stored.game.hard,
            strategy=strategy,
        )
        await anyio.to_thread.run_sync(store(request).add_hint, stored)
        out["hints"] = stored.hints
        return out

    @app.get("/api/stats", tags=["games"])
    def stats(request: Request) -> dict[str, Any]:
        """This player's statistics: played, win %, streaks, guess distribution."""
        return store(request).stats(request.state.player).to_dict()

    # Helper and bot -----------------------------------------------------------------------------

    @app.post("/api/assist", tags=["helper"])
    async def assist(request: Request, body: AssistIn) -> dict[str, Any]:
        """The words that remain after your turns, what is known, and the best next guesses.
        Contradictory turns are refused (422) naming the turn. With an expensive strategy
        past the server's budget, the suggestions come from entropy and say so."""
        get_strategy(body.strategy)
        out: dict[str, Any] = await expensive(
            request,
            "assist",
            is_expensive(body.strategy),
            turns=parse_turns(body.turns),
            strategy=body.strategy,
            top=body.top,
            hard=body.hard,
            candidates_only=body.candidates_only,
        )
        return out

    @app.post("/api/solve", tags=["helper"])
    async def solve(request: Request, body: SolveIn) -> dict[str, Any]:
        """The bot plays ``answer`` with a strategy: every guess and the words left after it.
        Past the server's budget the game goes on with entropy (``exact`` false,
        ``fallback_from_turn``)."""
        get_strategy(body.strategy)
        wl.check_answer(body.answer)
        if body.start is not None:
            wl.check_guess(body.start)
        out: dict[str, Any] = await expensive(
            request,
            "solve",
            is_expensive(body.strategy),
            answer=body.answer,
            strategy=body.strategy,
            start=body.start,
            hard=body.hard,
            seed=body.seed,
        )
        return out

    @app.post("/api/review", tags=["analysis"])
    async def review_game(request: Request, body: ReviewIn) -> dict[str, Any]:
        """Review a played game: per turn the words left, bits, the best guess, expected
        guesses after the played and the best guess, rank, skill and luck; and a summary.
        Give ``turns`` (guess and pattern), or ``guesses`` with the ``answer``. Turns past
        the server's budget are valued by the estimate (``complete`` false, ``note``)."""
        if body.turns is not None:
            turns = parse_turns(body.turns)
        elif body.guesses is not None and body.answer is not None:
            turns = turns_from_guesses(wl, body.guesses, body.answer)
        else:
            raise HTTPException(422, "give turns, or guesses with the answer")
        out: dict[str, Any] = await expensive(
            request, "review", True, turns=turns, answer=body.answer, hard=body.hard
        )
        return out

    @app.get("/api/games/{gid}/review", tags=["analysis"])
    async def review_played(request: Request, gid: str) -> dict[str, Any]:
        """The review of one of this player's finished games (409 while it is being played)."""
        stored = await anyio.to_thread.run_sync(load_game, request, gid)
        game = stored.game
        if not game.over:
            raise HTTPException(409, "the game is still being played")
        out: dict[str, Any] = await expensive(
            request, "review", True, turns=list(game.turns), answer=game.answer, hard=game.hard
        )
        return out

    @app.get("/api/strategies", tags=["helper"])
    def strategies() -> list[dict[str, str]]:
        """The strategies by name, with what each one picks."""
        return [{"name": name, "summary": cls.summary} for name, cls in REGISTRY.items()]

    @app.get("/api/daily", tags=["games"])
    def daily_info(date: str | None = Query(None, max_length=20)) -> dict[str, Any]:
        """Today's puzzle number (not its answer)."""
        from wordlekit.core.words import day_number

        d = parse_date(date or "today")
        return {"date": d.isoformat(), "number": day_number(d)}

    # Pages ----------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    def docs() -> FileResponse:
        # Swagger UI from the local swagger-ui-bundle package (the docs work offline too). The
        # page and its start-up script are static files: the CSP allows no inline script.
        return FileResponse(STATIC / "docs.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # Only the files the docs page uses, not the package's folder (its own index.html and
    # initializer point at an outside petstore).
    from swagger_ui_bundle import swagger_ui_path

    docs_assets = {
        "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
        "swagger-ui.css": "text/css; charset=utf-8",
    }

    @app.get("/docs-assets/{name}", include_in_schema=False)
    def docs_asset(name: str) -> FileResponse:
        if name not in docs_assets:
            raise HTTPException(404, "Not Found")
        return FileResponse(Path(swagger_ui_path) / name, media_type=docs_assets[name])

    install(app)
    return app


def _over_budget(op: str, e: BudgetExceeded, seconds: float) -> str:
    if e.reason == "cancelled":
        return "the request was cancelled"
    what = {"review": "This review", "solve": "This game", "hint": "This hint"}.get(
        op, "This request"
    )
    cli = {"review": "wordle review", "solve": "wordle solve", "hint": "wordle suggest"}.get(
        op, "wordle suggest"
    )
    return (
        f"{what} needs more than the {seconds:g} s of work this server allows per request: "
        f"choose a heuristic strategy, or run `{cli}` on the command line (no limit there)."
    )
