"""What the routes work with, owned by one app (``app.state.context``) and handed to them
with ``Depends``: the games store, the word list, the settings, the player, the quick threads
and the work pool.

- Quick work (SQLite reads and writes of games and statistics) runs on at most
  ``ServerSettings.quick_threads`` threads, counted by this app's own
  :class:`anyio.CapacityLimiter` (:class:`Quick`); nothing process-wide is changed.
- Expensive work (the helper, the bot, hints, reviews) waits for a worker process of the pool
  (:class:`Work`), under the server's budget; the pool's limits become 429/503 with
  ``Retry-After``, work past the budget a 503 saying what to do instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

import anyio
import anyio.to_thread
from fastapi import Depends, HTTPException, Query, Request

from wordlekit.core.words import BUNDLED, WordList
from wordlekit.errors import BudgetExceeded, GameNotFoundError, InternalError, WordListError
from wordlekit.services.catalog import is_expensive
from wordlekit.services.games import GameStore, StoredGame, list_db_path, load_game, open_store
from wordlekit.services.operations import HEAVY
from wordlekit.services.pool import PoolConfig, WorkPool
from wordlekit.web.http import (
    BODY_TIMEOUT,
    CONNECTIONS_PER_ADDRESS,
    HEADER_TIMEOUT,
    MAX_BODY,
)
from wordlekit.web.limits import PER_ADDRESS, PER_PLAYER, CreationLimits

T = TypeVar("T")

#: Longest game id a route looks up (ids are 16 characters; longer ones are no game).
MAX_GAME_ID = 64


@dataclass(frozen=True)
class ServerSettings:
    """How the app runs for other people (``wordle serve`` options)."""

    pool: PoolConfig = field(default_factory=PoolConfig)
    secure_cookies: bool = False  # the player cookie only over HTTPS (behind a TLS proxy)
    max_body: int = MAX_BODY
    #: Threads for the quick routes' SQLite work (this app's own limiter).
    quick_threads: int = 4
    #: Games a player, and a client address, may start an hour (see web/limits.py).
    games_per_player: int = PER_PLAYER
    games_per_address: int = PER_ADDRESS
    #: Seconds a client has for a request's headers, and then for its body (slow clients,
    #: web/protocol.py and web/http.py); open connections per client address.
    header_timeout: float = HEADER_TIMEOUT
    body_timeout: float = BODY_TIMEOUT
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    #: ``Server-Timing: app;dur=`` on every response (for load tests: it tells anyone what
    #: each request costs).
    server_timing: bool = False
    #: The key signing player cookies; None: the one kept next to the database.
    cookie_key: bytes | None = None


@dataclass(frozen=True)
class Quick:
    """Runs quick blocking work (SQLite) on at most ``limiter.total_tokens`` threads."""

    limiter: anyio.CapacityLimiter

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        return await anyio.to_thread.run_sync(fn, *args, limiter=self.limiter)


@dataclass(frozen=True)
class Work:
    """The work pool as one request uses it: its player and address count against their
    limits, and its work is cancelled if the client goes away."""

    pool: WorkPool
    budget: float
    request: Request
    #: The bundled list the work is for (none: the server's own list).
    words: str | None = None

    async def run(
        self,
        op: str,
        gives: type[T],
        /,
        *,
        strategy: str | None = None,
        heavy: bool = False,
        **kwargs: Any,
    ) -> T:
        """The typed value (of type ``gives``) that the service operation ``op`` gives, run in
        the pool. It counts as heavy (fewer workers) when the caller says so, when the
        operation is one of :data:`~wordlekit.services.operations.HEAVY` or when it asks for
        an expensive strategy."""
        heavy = heavy or op in HEAVY or is_expensive(strategy)
        if strategy is not None:
            kwargs["strategy"] = strategy
        request = self.request
        try:
            out = await self.pool.run(
                op,
                kwargs,
                player=request.state.known_player,
                address=request.client.host if request.client else "",
                heavy=heavy,
                disconnected=request.is_disconnected,
                words=self.words,
            )
        except BudgetExceeded as e:
            raise HTTPException(503, over_budget(op, e, self.budget)) from None
        if not isinstance(out, gives):
            raise InternalError(f"the operation {op} gave a {type(out).__name__}")
        return out


class RecentMisses:
    """Keys of work that did not fit in the budget lately (at most ``size``, each for
    ``seconds``): asking the pool again would spend the same budget to the same end
    (thread-safe)."""

    def __init__(self, seconds: float = 600.0, size: int = 4096) -> None:
        self.seconds = seconds
        self.size = size
        self._when: dict[Hashable, float] = {}
        self._lock = threading.Lock()

    def add(self, key: Hashable) -> None:
        with self._lock:
            self._when.pop(key, None)
            self._when[key] = time.monotonic()
            while len(self._when) > self.size:
                del self._when[next(iter(self._when))]

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            when = self._when.get(key)
            if when is None:
                return False
            if time.monotonic() - when > self.seconds:
                del self._when[key]
                return False
            return True


@dataclass(frozen=True)
class AppContext:
    """The objects one app owns (``app.state.context``).

    ``store`` and ``wordlist`` are the server's own list's (its home list); a request may
    name any bundled list (``?list=es-5``), whose games live in a database of their own
    beside the home one (:func:`~wordlekit.services.games.list_db_path`), opened on first use
    and kept in ``stores``: a game is only ever found in its own list's store."""

    store: GameStore
    wordlist: WordList
    pool: WorkPool
    settings: ServerSettings
    quick: Quick
    creations: CreationLimits
    db_path: Path | None = None
    stores: dict[str, GameStore] = field(default_factory=dict)
    #: Random play's figures that did not fit in the budget lately (see
    #: :mod:`wordlekit.web.routes_review`): not asked of the pool again for a while.
    missed: RecentMisses = field(default_factory=RecentMisses)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def list_names(self) -> list[str]:
        """The lists a request may name: the home list, then every bundled one."""
        home = self.wordlist.name
        return [home, *(n for n in BUNDLED if n != home)]

    def is_home(self, name: str | None) -> bool:
        return name is None or name == self.wordlist.name

    def wordlist_named(self, name: str | None) -> WordList:
        """The list a request names (none: the home list); :class:`WordListError` (422) for a
        name that is no list of this server. Blocking the first time (it reads the list)."""
        if self.is_home(name):
            return self.wordlist
        assert name is not None
        if name not in BUNDLED:
            raise WordListError(
                f"no word list {name!r}: choose one of {', '.join(self.list_names())} "
                "(GET /api/lists)"
            )
        return WordList.bundled(name)

    def store_of(self, wordlist: WordList) -> GameStore:
        """The games store of ``wordlist`` (blocking: opened on first use)."""
        if self.is_home(wordlist.name):
            return self.store
        with self._lock:
            store = self.stores.get(wordlist.name)
            if store is None:
                path = list_db_path(self.db_path, wordlist, self.wordlist.name)
                store = open_store(path, wordlist, busy_timeout=self.settings.pool.budget / 2)
                self.stores[wordlist.name] = store
            return store


def over_budget(op: str, e: BudgetExceeded, seconds: float) -> str:
    """The 503 message of work that did not fit in the budget (or was cancelled)."""
    if e.reason == "cancelled":
        return "the request was cancelled"
    what = {"review": "This review", "solve": "This game", "game_hint": "This hint"}.get(
        op, "This request"
    )
    cli = {"review": "wordle review", "solve": "wordle solve"}.get(op, "wordle suggest")
    return (
        f"{what} needs more than the {seconds:g} s of work this server allows per request: "
        f"choose a heuristic strategy, or run `{cli}` on the command line (no limit there)."
    )


# Dependencies --------------------------------------------------------------------------------
# All async: FastAPI would run a plain ``def`` dependency on anyio's shared thread pool.


async def get_context(request: Request) -> AppContext:
    context: AppContext = request.app.state.context
    return context


Context = Annotated[AppContext, Depends(get_context)]


#: The ``list`` query parameter every route working on a word list takes.
LIST_HELP = (
    "the word list (GET /api/lists: original, es-5, de-5, en-8, …); none: the server's own. "
    "A game lives in its list's store: send its list with every call for it"
)


async def get_wordlist(
    context: Context,
    name: Annotated[str | None, Query(alias="list", max_length=40, description=LIST_HELP)] = None,
) -> WordList:
    """The word list a request names (``?list=``), the server's own by default."""
    if context.is_home(name):
        return context.wordlist
    return await context.quick(context.wordlist_named, name)


WordsDep = Annotated[WordList, Depends(get_wordlist)]


async def get_store(context: Context, words: WordsDep) -> GameStore:
    """The games store of the request's list."""
    if context.is_home(words.name):
        return context.store
    return await context.quick(context.store_of, words)


async def get_settings(context: Context) -> ServerSettings:
    return context.settings


async def get_quick(context: Context) -> Quick:
    return context.quick


async def get_pool(context: Context) -> WorkPool:
    return context.pool


async def get_player(request: Request) -> str:
    """The player's id (from the cookie, or a new one that the game routes then set)."""
    player: str = request.state.player
    return player


async def get_creations(context: Context) -> CreationLimits:
    return context.creations


StoreDep = Annotated[GameStore, Depends(get_store)]
CreationsDep = Annotated[CreationLimits, Depends(get_creations)]
SettingsDep = Annotated[ServerSettings, Depends(get_settings)]
QuickDep = Annotated[Quick, Depends(get_quick)]
PlayerDep = Annotated[str, Depends(get_player)]
PoolDep = Annotated[WorkPool, Depends(get_pool)]


async def get_work(
    request: Request, pool: PoolDep, settings: SettingsDep, context: Context, words: WordsDep
) -> Work:
    """The work pool for this request, under the server's budget (the same pool, limits and
    budget whatever the request's list)."""
    name = None if context.is_home(words.name) else words.name
    return Work(pool, settings.pool.budget, request, name)


WorkDep = Annotated[Work, Depends(get_work)]


async def get_game_id(gid: str) -> str:
    """The game id of the path (a longer one than any id is no game: 404)."""
    if len(gid) > MAX_GAME_ID:
        raise GameNotFoundError("no such game")
    return gid


GameIdDep = Annotated[str, Depends(get_game_id)]


async def get_game(
    gid: GameIdDep, store: StoreDep, quick: QuickDep, player: PlayerDep
) -> StoredGame:
    """The game ``gid`` of this player (404 for anyone else's, or none)."""
    return await quick(load_game, store, gid, player)


GameDep = Annotated[StoredGame, Depends(get_game)]
