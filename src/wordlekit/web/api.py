"""The HTTP API and the pages, as a FastAPI app (``create_app``).

Every request is validated; bad input gets a 4xx with ``{"error": "..."}`` and never a
traceback (:mod:`wordlekit.web.errors`). The player is an anonymous id in a cookie
(:mod:`wordlekit.web.player`); HTTP hygiene (security headers, body limit, HEAD) is
:mod:`wordlekit.web.http`. The routes live on routers (:mod:`~wordlekit.web.routes_games`,
:mod:`~wordlekit.web.routes_helper`, :mod:`~wordlekit.web.routes_review`,
:mod:`~wordlekit.web.routes_boards`, :mod:`~wordlekit.web.routes_absurdle`,
:mod:`~wordlekit.web.routes_challenges`,
:mod:`~wordlekit.web.routes_archive`, :mod:`~wordlekit.web.pages`) and get what they
work with through ``Depends`` (:mod:`wordlekit.web.context`). Game logic stays in the
library: the routes parse, call :mod:`wordlekit.services` and return its values (every
variant through the one set of game routes).

Two kinds of routes: quick ones (games, guesses, statistics) run their SQLite work on a few
threads of the app's own limiter; expensive ones (helper, bot, hints, reviews) wait for a
worker process of :mod:`wordlekit.services.pool`, which runs
:mod:`wordlekit.services.operations` under the server's budget and sends back their typed
values, which the routes return as they are. The server process itself never loads the
pattern matrix, and the app changes no process-wide setting.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

import anyio
from fastapi import FastAPI

from wordlekit.core.words import WordList
from wordlekit.services.games import open_store
from wordlekit.services.pool import WorkPool, shared_pool
from wordlekit.version import __version__
from wordlekit.web import (
    routes_absurdle,
    routes_archive,
    routes_boards,
    routes_challenges,
    routes_games,
    routes_helper,
    routes_review,
    routes_transfer,
)
from wordlekit.web.context import AppContext, Quick, ServerSettings
from wordlekit.web.errors import install_error_handlers
from wordlekit.web.http import install
from wordlekit.web.limits import CreationLimits
from wordlekit.web.pages import install_pages
from wordlekit.web.player import COOKIE, PlayerMiddleware, Signer, cookie_key
from wordlekit.web.pwa import router as pwa_router

__all__ = ["COOKIE", "ServerSettings", "create_app"]

log = logging.getLogger("wordlekit.web")

#: The pool's routes: their requests are checked against the client's limits before parsing.
POOL_PATHS = (
    "/api/assist",
    "/api/absurdle/solve",
    "/api/solve",
    "/api/review",
    "/api/boards/assist",
    "/api/boards/solve",
)


def goes_to_the_pool(path: str, method: str) -> bool:
    """Requests that run in the work pool (checked against the client's limits early)."""
    if method != "POST" and not path.endswith("/review"):
        return False
    return path in POOL_PATHS or (
        path.startswith("/api/games/") and path.endswith(("/hint", "/review"))
    )


@asynccontextmanager
async def started(pool: WorkPool, app: FastAPI) -> AsyncIterator[None]:
    """The app's lifespan: start the workers (each loads the matrix and warms its kernels)
    without waiting for them. The pages, games, guesses and statistics answer at once; an
    expensive request that comes while the workers warm up waits within its budget, then
    gets a 503 saying the solver is warming up."""
    pool.start()
    log.info("listening: the pages, games and statistics answer now")
    yield


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
    context = AppContext(
        # A write waits for another process at most half the budget: a locked database
        # answers 503 (Retry-After) in time, and the quick threads are soon free again.
        store=open_store(db_path, wl, busy_timeout=cfg.pool.budget / 2),
        wordlist=wl,
        pool=work,
        settings=cfg,
        quick=Quick(anyio.CapacityLimiter(cfg.quick_threads)),
        creations=CreationLimits(cfg.games_per_player, cfg.games_per_address),
        db_path=Path(db_path),
    )

    app = FastAPI(
        title="wordlekit",
        summary="Play Wordle in every variant (Dordle … Duotrigordle, Absurdle), get help on a "
        "game played elsewhere (Assist, Boards helper), watch the bot, review a game.",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        lifespan=partial(started, work),
    )
    app.state.context = context

    async def known(player: str) -> bool:
        return await context.quick(context.store.has_player, player)

    app.add_middleware(
        PlayerMiddleware,
        secure=cfg.secure_cookies,
        expensive=goes_to_the_pool,
        check=work.check_limits,
        signer=Signer(cfg.cookie_key or cookie_key(db_path)),
        known=known,
        server_timing=cfg.server_timing,
    )
    install_error_handlers(app)
    for router in (
        routes_games.router,
        routes_helper.router,
        routes_review.router,
        routes_absurdle.router,
        routes_boards.router,
        routes_challenges.router,
        routes_archive.router,
        routes_transfer.router,
    ):
        app.include_router(router)
    app.include_router(pwa_router)
    install_pages(app)
    install(app, max_body=cfg.max_body, body_timeout=cfg.body_timeout)
    return app
