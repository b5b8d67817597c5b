"""The HTTP API and the pages, as a FastAPI app (``create_app``).

Every request is validated; bad input gets a 4xx with ``{"error": "..."}`` and never a
traceback. The player is an anonymous id in an HttpOnly, SameSite cookie. Game logic stays in
the library: the routes parse, call :mod:`wordlekit` and shape the answer.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import secrets
import time
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from wordlekit.bench import play
from wordlekit.errors import GameOverError, InvalidWordError, WordleError
from wordlekit.feedback import Tile, format_pattern, score
from wordlekit.game import Game
from wordlekit.gamestore import Store, StoredGame
from wordlekit.knowledge import Turn
from wordlekit.matrix import PatternMatrix
from wordlekit.strategies import REGISTRY, GameState, get_strategy
from wordlekit.web.http import install
from wordlekit.words import WordList, parse_date

log = logging.getLogger("wordlekit.web")

COOKIE = "wordlekit_player"
WORKER_THREADS = 4
_PLAYER_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
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


class TurnIn(BaseModel):
    guess: str = Field(max_length=32)
    pattern: str | int = Field(description="g/y/b letters, 2/1/0 digits, emoji or the int")


class AssistIn(BaseModel):
    turns: list[TurnIn] = Field(default_factory=list, max_length=32)
    strategy: str = Field(default="entropy", max_length=40)
    top: int = Field(default=10, ge=1, le=100)
    hard: bool = False
    candidates_only: bool = False


class ReviewIn(BaseModel):
    turns: list[TurnIn] | None = Field(default=None, max_length=32)
    answer: str | None = Field(default=None, max_length=32)
    guesses: list[str] | None = Field(
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


def create_app(db_path: str | Path, wordlist: WordList | None = None) -> FastAPI:
    """The web app storing games in the SQLite file ``db_path``."""
    wl = wordlist or WordList.bundled()

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        # Load the matrix and compile the kernels once, before the first request.
        from wordlekit.partition import load_numba

        load_numba()
        app.state.matrix = PatternMatrix.for_list(wl)
        GameState.start(app.state.matrix).figures()
        # Warm every kernel a request can reach (the first call loads it from numba's cache:
        # ~100-300 ms that would otherwise land on an unlucky request).
        warm = GameState(app.state.matrix, (), _first(wl, 50))
        get_strategy("entropy").rank(warm, 1)
        app.state.matrix.transposed  # noqa: B018  (built once, before any request)
        # Few worker threads: the work is CPU-bound, and 40 threads fighting over the GIL and
        # two cores made every request wait for all the others.
        import anyio.to_thread

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

    @app.middleware("http")
    async def player_cookie(request: Request, call_next):  # type: ignore[no-untyped-def]
        player = request.cookies.get(COOKIE, "")
        fresh = not _PLAYER_RE.match(player)
        if fresh:
            player = secrets.token_urlsafe(18)
        request.state.player = player
        started = time.perf_counter()
        response: Response = await call_next(request)
        # Time spent inside the app, so load tests can tell service from queueing.
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
        if fresh:
            response.set_cookie(
                COOKIE, player, max_age=10 * 365 * 86400, httponly=True, samesite="lax"
            )
        return response

    @app.exception_handler(RequestValidationError)
    async def on_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(422, _describe_validation(exc))

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # exc.headers kept: Allow on a 405, for one
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

    def matrix(request: Request) -> PatternMatrix:
        pm: PatternMatrix | None = getattr(request.app.state, "matrix", None)
        if pm is None:  # outside the lifespan (some test clients): load on first use
            pm = PatternMatrix.for_list(wl)
            request.app.state.matrix = pm
        return pm

    def load_game(request: Request, gid: str) -> StoredGame:
        if len(gid) > 64:
            raise HTTPException(404, "no such game")
        stored = store(request).get(gid, request.state.player)
        if stored is None:
            raise HTTPException(404, "no such game")
        return stored

    # Games ------------------------------------------------------------------------------------

    @app.post("/api/games", status_code=201, tags=["games"])
    def new_game(request: Request, body: NewGame, response: Response) -> dict[str, Any]:
        """Start a daily puzzle (by date, default today) or a practice game (random or seeded).

        A daily puzzle this player already started is returned as it stands (200).
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
            seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
            game = Game.practice(seed, hard=body.hard, wordlist=wl)
            stored, created = store(request).create(
                request.state.player, game, "practice", None, seed
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
        """Play a guess. An invalid word or a hard-mode violation is refused (422) and uses no
        turn; a game that is over refuses further guesses (409)."""
        stored = load_game(request, gid)
        try:
            turn = stored.game.guess(body.guess)
        except GameOverError as e:
            raise HTTPException(409, str(e)) from None
        except InvalidWordError as e:
            raise HTTPException(422, str(e)) from None
        except WordleError as e:  # hard mode
            raise HTTPException(422, f"Hard mode: {e}") from None
        store(request).add_turn(stored, turn)
        return game_json(stored)

    @app.post("/api/games/{gid}/hint", tags=["games"])
    def hint(request: Request, gid: str, strategy: str = "entropy") -> dict[str, Any]:
        """The bot's suggestion for this game (counted as a hint in the statistics)."""
        stored = load_game(request, gid)
        if stored.game.over:
            raise HTTPException(409, "the game is over")
        strat = get_strategy(strategy)
        state = GameState.from_turns(matrix(request), stored.game.turns, hard=stored.game.hard)
        best = strat.rank(state, 1)[0]
        store(request).add_hint(stored)
        return {"suggestion": best.to_dict(), "remaining": state.n, "hints": stored.hints}

    @app.get("/api/stats", tags=["games"])
    def stats(request: Request) -> dict[str, Any]:
        """This player's statistics: played, win %, streaks, guess distribution."""
        return store(request).stats(request.state.player).to_dict()

    # Helper and bot -----------------------------------------------------------------------------

    @app.post("/api/assist", tags=["helper"])
    def assist(request: Request, body: AssistIn) -> dict[str, Any]:
        """The words that remain after your turns, what is known, and the best next guesses.
        Contradictory turns are refused (422) naming the turn."""
        strat = get_strategy(body.strategy)
        turns = parse_turns(body.turns)
        pm = matrix(request)
        state = GameState.from_turns(
            pm, turns, hard=body.hard, candidates_only=body.candidates_only
        )
        from wordlekit.knowledge import Knowledge

        k = Knowledge(turns, wl, "answers", matrix=pm)
        suggestions = strat.rank(state, body.top)
        return {
            "remaining": state.n,
            "candidates": state.candidate_words[:200],
            "suggestions": [s.to_dict() for s in suggestions],
            "knowledge": {"summary": k.summary.describe(), **k.summary.to_dict()},
            "steps": [
                {
                    "guess": s.turn.guess,
                    "pattern": s.turn.pattern,
                    "emoji": format_pattern(s.turn.pattern, s.turn.length),
                    "letters": format_pattern(s.turn.pattern, s.turn.length, "letters"),
                    "before": s.before,
                    "after": s.after,
                    "bits": round(s.bits, 4),
                }
                for s in k.steps
            ],
            "strategy": strat.name,
        }

    @app.post("/api/solve", tags=["helper"])
    def solve(request: Request, body: SolveIn) -> dict[str, Any]:
        """The bot plays ``answer`` with a strategy: every guess and the words left after it."""
        strat = get_strategy(body.strategy, seed=body.seed)
        answer = wl.check_answer(body.answer)
        pm = matrix(request)
        game = play(pm, answer, strat, start=body.start, hard=body.hard)
        data = game.to_dict()
        data["turns"] = [
            {
                **s.to_dict(),
                "emoji": format_pattern(s.pattern, wl.length),
                "letters": format_pattern(s.pattern, wl.length, "letters"),
            }
            for s in game.steps
        ]
        return data

    @app.post("/api/review", tags=["analysis"])
    def review_game(request: Request, body: ReviewIn) -> dict[str, Any]:
        """Review a played game: per turn the words left, bits, the best guess, expected
        guesses after the played and the best guess, rank, skill and luck; and a summary.
        Give ``turns`` (guess and pattern), or ``guesses`` with the ``answer``."""
        from wordlekit.review import review

        if body.turns is not None:
            turns = parse_turns(body.turns)
        elif body.guesses is not None and body.answer is not None:
            try:
                answer = wl.check_answer(body.answer)
            except WordleError as e:
                raise HTTPException(422, f"answer: {e}") from None
            turns = []
            for k, g in enumerate(body.guesses, start=1):
                try:
                    w = wl.normalize(g)
                except WordleError as e:
                    raise HTTPException(422, f"turn {k}: {e}") from None
                turns.append(Turn(w, score(w, answer)))
        else:
            raise HTTPException(422, "give turns, or guesses with the answer")
        return review(matrix(request), turns, answer=body.answer, hard=body.hard).to_dict()

    @app.get("/api/games/{gid}/review", tags=["analysis"])
    def review_played(request: Request, gid: str) -> dict[str, Any]:
        """The review of one of this player's finished games (409 while it is being played)."""
        from wordlekit.review import review

        stored = load_game(request, gid)
        game = stored.game
        if not game.over:
            raise HTTPException(409, "the game is still being played")
        return review(matrix(request), game.turns, answer=game.answer, hard=game.hard).to_dict()

    @app.get("/api/strategies", tags=["helper"])
    def strategies() -> list[dict[str, str]]:
        """The strategies by name, with what each one picks."""
        return [{"name": name, "summary": cls.summary} for name, cls in REGISTRY.items()]

    @app.get("/api/daily", tags=["games"])
    def daily_info(date: str | None = None) -> dict[str, Any]:
        """Today's puzzle number (not its answer)."""
        from wordlekit.words import day_number

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


def _first(wl: WordList, n: int) -> Any:
    import numpy as np

    return np.arange(min(n, len(wl.answers)), dtype=np.int64)
