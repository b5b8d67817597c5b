"""``wordle serve``: the web app (what ``make run`` starts)."""

from __future__ import annotations

import contextlib
import logging
import socket
import time
from typing import Any

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import Decorator, combine, db_option
from wordlekit.errors import WordleError
from wordlekit.web.http import BODY_TIMEOUT, CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT
from wordlekit.web.limits import PER_ADDRESS, PER_PLAYER


def _count(name: str, default: int, low: int, high: int, help: str | None = None) -> Decorator:
    """An integer option with its range."""
    return click.option(
        name, default=default, show_default=True, type=click.IntRange(low, high), help=help
    )


def _seconds(name: str, default: float, high: float, help: str) -> Decorator:
    """A duration option in seconds, from 0.1 to ``high``."""
    return click.option(
        name,
        default=default,
        show_default=True,
        type=click.FloatRange(0.1, high),
        metavar="SECONDS",
        help=help,
    )


#: The work pool's options: their names are :class:`~wordlekit.services.pool.PoolConfig`'s.
pool_options = combine(
    _seconds(
        "--budget",
        2.0,
        600,
        "Work allowed per expensive request (optimal play, reviews), waiting included; "
        "past it the answer is a labelled fallback or a 503.",
    ),
    _count(
        "--workers",
        2,
        1,
        64,
        "Worker processes for the expensive requests (the server's own threads never run them).",
    ),
    _count(
        "--max-waiting",
        8,
        0,
        10_000,
        "Expensive requests that may wait for a worker; more get 503 with Retry-After.",
    ),
    _count(
        "--per-player",
        2,
        1,
        1000,
        "Expensive requests in flight per player (cookie); more get 429.",
    ),
    _count(
        "--per-address",
        4,
        1,
        10_000,
        "Expensive requests in flight per client address; more get 429 (below "
        "--max-waiting, so that one address cannot fill the queue).",
    ),
)


@app.command(
    "serve",
    epilog=examples(
        "wordle serve                         http://127.0.0.1:8000",
        "wordle serve --port 8080 --db games.sqlite3",
        "wordle serve --host 0.0.0.0 --budget 3 --workers 2 --secure-cookies   (behind HTTPS)",
    ),
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@_count("--port", 8000, 1, 65535)
@db_option("SQLite file for games and statistics (default: in the user data folder).")
@pool_options
@click.option(
    "--secure-cookies",
    is_flag=True,
    help="Mark the player cookie Secure (sent over HTTPS only): use behind a TLS proxy.",
)
@_count(
    "--games-per-hour",
    PER_PLAYER,
    1,
    10**9,
    "New games a player may start an hour; more get 429 (a benchmark may raise it).",
)
@_count(
    "--games-per-address",
    PER_ADDRESS,
    1,
    10**9,
    "New games a client address may start an hour; more get 429.",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    metavar="IPS",
    help="The reverse proxy's address (comma-separated if several): only connections from "
    "it have X-Forwarded-For/-Proto read for the client's address and scheme; by default none "
    "(the connection's own address counts). Give exactly the proxy's address, never * or a "
    "range others share, and make the proxy append to X-Forwarded-For (nginx: "
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for): else any client chooses "
    "its address, and with it its limits.",
)
@_seconds(
    "--header-timeout",
    HEADER_TIMEOUT,
    3600,
    "Time a connection has to send a request's headers; then it is closed (slow clients).",
)
@_seconds(
    "--body-timeout",
    BODY_TIMEOUT,
    3600,
    "Time a request's body has to arrive after its headers; then 408.",
)
@_count(
    "--connections-per-address",
    CONNECTIONS_PER_ADDRESS,
    1,
    10**6,
    "Open connections per client address; more get 429 and are closed (a trusted proxy's "
    "are not counted).",
)
@click.option(
    "--server-timing",
    is_flag=True,
    help="Say on every response how long the app worked on it (Server-Timing: app;dur=): "
    "for load tests, as it tells anyone what each request costs.",
)
def serve_cmd(
    host: str,
    port: int,
    db: str | None,
    secure_cookies: bool,
    games_per_hour: int,
    games_per_address: int,
    forwarded_allow_ips: str | None,
    header_timeout: float,
    body_timeout: float,
    connections_per_address: int,
    server_timing: bool,
    **pool: Any,
) -> None:
    """Start the web app: play, get help on a game, watch the bot.

    Expensive requests run in worker processes under a budget per request, with limits per
    player, per address and in total; quick ones (guesses, games, statistics) never wait
    behind them.
    """
    started = time.monotonic()
    import uvicorn

    from wordlekit.services.files import default_db_path
    from wordlekit.services.pool import PoolConfig
    from wordlekit.web.api import ServerSettings, create_app
    from wordlekit.web.protocol import server_config

    path = db or str(default_db_path())
    _check_port(host, port)
    settings = ServerSettings(
        pool=PoolConfig(**pool),
        secure_cookies=secure_cookies,
        games_per_player=games_per_hour,
        games_per_address=games_per_address,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        connections_per_address=connections_per_address,
        server_timing=server_timing,
    )
    application = create_app(path, settings=settings)  # an unusable db: StorageError, one line
    url_host = "127.0.0.1" if host in ("127.0.0.1", "0.0.0.0") else host
    click.echo(f"wordlekit web app: http://{url_host}:{port}")
    click.echo(f"games and statistics: {path}   (Ctrl-C stops)")
    click.echo(
        f"expensive requests (helper, bot, hints, reviews): {pool['workers']} worker "
        f"processes, {pool['budget']:g} s budget each. The page, games and statistics answer "
        "as soon as the server listens; the workers warm up meanwhile (a few seconds, about a "
        "minute on a first start, which compiles the solver and builds its caches), and until "
        "then those requests get 503 'warming up'. Progress:"
    )
    show_progress(started)
    config = server_config(
        application,
        host,
        port,
        settings,
        forwarded_allow_ips=forwarded_allow_ips,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a normal stop
        server.run()
    if not server.started:
        raise SystemExit(3)  # uvicorn's code for a server that could not start


class Elapsed(logging.Formatter):
    """Log lines as ``  12.3 s  message``: the time since the command started."""

    def __init__(self, start: float) -> None:
        super().__init__()
        self.start = start

    def format(self, record: logging.LogRecord) -> str:
        return f"{time.monotonic() - self.start:6.1f} s  {record.getMessage()}"


def show_progress(start: float) -> None:
    """Print wordlekit's progress lines (the workers' warm-up, the server listening) and its
    warnings on stderr."""
    handler = logging.StreamHandler()
    handler.setFormatter(Elapsed(start))
    logger = logging.getLogger("wordlekit")
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)


def _check_port(host: str, port: int) -> None:
    """Refuse early, in one line, when the address is taken or invalid."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise WordleError(f"unknown host {host!r}") from None
    family, _, _, _, address = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            # the environment (the port is taken, or not ours to use): exit code 1
            raise OSError(f"cannot listen on {host}:{port}: {e.strerror}") from None
