"""``wordle serve``: the web app (what ``make run`` starts)."""

from __future__ import annotations

import socket

import click

from wordlekit.cli.app import app, examples
from wordlekit.errors import WordleError


@app.command(
    "serve",
    epilog=examples(
        "wordle serve                         http://127.0.0.1:8000",
        "wordle serve --port 8080 --db games.sqlite3",
        "wordle serve --host 0.0.0.0 --budget 3 --workers 2 --secure-cookies   (behind HTTPS)",
    ),
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--db",
    "db",
    metavar="PATH",
    help="SQLite file for games and statistics (default: in the user data folder).",
)
@click.option(
    "--budget",
    default=2.0,
    show_default=True,
    type=click.FloatRange(0.1, 600),
    metavar="SECONDS",
    help="Work allowed per expensive request (optimal play, reviews), waiting included; "
    "past it the answer is a labelled fallback or a 503.",
)
@click.option(
    "--workers",
    default=2,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes for the expensive requests (the server's own threads never run them).",
)
@click.option(
    "--max-waiting",
    default=8,
    show_default=True,
    type=click.IntRange(0, 10_000),
    help="Expensive requests that may wait for a worker; more get 503 with Retry-After.",
)
@click.option(
    "--per-player",
    default=2,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="Expensive requests in flight per player (cookie); more get 429.",
)
@click.option(
    "--per-address",
    default=8,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Expensive requests in flight per client address; more get 429.",
)
@click.option(
    "--secure-cookies",
    is_flag=True,
    help="Mark the player cookie Secure (sent over HTTPS only): use behind a TLS proxy.",
)
@click.option(
    "--forwarded-allow-ips",
    default="127.0.0.1",
    show_default=True,
    metavar="IPS",
    help="Proxies whose X-Forwarded-For/-Proto are trusted (comma-separated, or *).",
)
def serve_cmd(
    host: str,
    port: int,
    db: str | None,
    budget: float,
    workers: int,
    max_waiting: int,
    per_player: int,
    per_address: int,
    secure_cookies: bool,
    forwarded_allow_ips: str,
) -> None:
    """Start the web app: play, get help on a game, watch the bot.

    Expensive requests run in worker processes under a budget per request, with limits per
    player, per address and in total; quick ones (guesses, games, statistics) never wait
    behind them.
    """
    import uvicorn

    from wordlekit.services.pool import PoolConfig
    from wordlekit.store.games import default_db_path
    from wordlekit.web.api import ServerSettings, create_app

    path = db or str(default_db_path())
    _check_port(host, port)
    settings = ServerSettings(
        pool=PoolConfig(
            workers=workers,
            budget=budget,
            max_waiting=max_waiting,
            per_player=per_player,
            per_address=per_address,
        ),
        secure_cookies=secure_cookies,
    )
    application = create_app(path, settings=settings)  # an unusable db: StorageError, one line
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    click.echo(f"wordlekit web app: http://{'127.0.0.1' if shown == 'localhost' else host}:{port}")
    click.echo(f"games and statistics: {path}   (Ctrl-C stops)")
    click.echo(
        f"expensive requests: {workers} worker processes, {budget:g} s budget each "
        "(starting the workers takes a few seconds)"
    )
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
    )


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
            raise WordleError(f"cannot listen on {host}:{port}: {e.strerror}") from None
