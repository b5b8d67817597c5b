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
def serve_cmd(host: str, port: int, db: str | None) -> None:
    """Start the web app: play, get help on a game, watch the bot."""
    import uvicorn

    from wordlekit.gamestore import default_db_path
    from wordlekit.web.api import create_app

    path = db or str(default_db_path())
    _check_port(host, port)
    application = create_app(path)  # an unusable database raises StorageError: one line
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    click.echo(f"wordlekit web app: http://{'127.0.0.1' if shown == 'localhost' else host}:{port}")
    click.echo(f"games and statistics: {path}   (Ctrl-C stops)")
    uvicorn.run(application, host=host, port=port, log_level="warning")


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
