"""``wordle db``: the games and statistics database the web app and the terminal UI share."""

from __future__ import annotations

from pathlib import Path

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import db_option, json_option
from wordlekit.cli.render import plural, print_json
from wordlekit.errors import WordleError
from wordlekit.services.games import DAYS, UNFINISHED


@app.group(
    "db",
    epilog=examples(
        "wordle db backup wordlekit-backup.sqlite3",
        "wordle db backup backups/games.sqlite3 --db games.sqlite3 --force",
        "wordle db prune",
    ),
)
def db_group() -> None:
    """The games and statistics database (shared by `wordle serve` and `wordle tui`)."""


@db_group.command(
    "backup",
    epilog=examples(
        "wordle db backup wordlekit-backup.sqlite3",
        "wordle db backup backups/games.sqlite3 --db games.sqlite3 --force --json",
    ),
)
@click.argument("file")
@db_option("The database to back up (default: the one in the user data folder).")
@click.option("--force", is_flag=True, help="Replace FILE if it already exists.")
@json_option
def backup_cmd(file: str, db: str | None, force: bool, json_: bool) -> None:
    """Copy the database to FILE, safely even while the web app is running.

    The copy is one consistent snapshot (SQLite's online backup), written beside FILE and
    renamed into place, so FILE is never half written. An existing FILE is kept unless --force.
    """
    from wordlekit.services.files import backup_database, default_db_path

    source = Path(db) if db else default_db_path()
    dest = Path(file)
    if dest.exists() and not force:
        raise WordleError(f"{dest} already exists: pass --force to replace it")
    # no database there: WordleError; any other failure: StorageError; each one line
    done = backup_database(dest, db, overwrite=force)
    games = done.rows.get("games", 0)
    if json_:
        print_json(
            {
                "source": str(source),
                "path": str(done.path.absolute()),
                "bytes": done.size,
                "games": games,
                "tables": done.rows,
            }
        )
    else:
        click.echo(
            f"backed up {games} {plural(games, 'game')} to {done.path.absolute()} "
            f"({_size(done.size)}) from {source}"
        )


@db_group.command(
    "prune",
    epilog=examples(
        "wordle db prune",
        "wordle db prune --days 7 --unfinished 20 --db games.sqlite3 --json",
    ),
)
@db_option("The database to prune (default: the one in the user data folder).")
@click.option(
    "--days",
    type=click.FloatRange(min=0, min_open=True),
    default=DAYS,
    show_default=True,
    help="Delete practice games and challenges left unfinished for more than this many days.",
)
@click.option(
    "--unfinished",
    type=click.IntRange(min=1),
    default=UNFINISHED,
    show_default=True,
    help="Keep at most this many unfinished practice games and challenges a player.",
)
@json_option
def prune_cmd(db: str | None, days: float, unfinished: int, json_: bool) -> None:
    """Delete abandoned games, as the web app and the terminal UI do as they go.

    A practice game or a challenge still being played and untouched (no guess, no hint) for
    more than --days goes, and so do a player's least recently touched unfinished ones past
    --unfinished; a daily game never played (no guess, no hint) goes after --days too.
    Finished games (the statistics) and daily games once played are kept. Safe while the web
    app is running: one short transaction a batch.
    """
    from wordlekit.services.files import default_db_path
    from wordlekit.services.games import prune_games

    where = Path(db) if db else default_db_path()
    done = prune_games(where, days=days, unfinished=unfinished)
    if json_:
        print_json(
            {
                "path": str(where),
                "games": done.games,
                "stale": done.stale,
                "over_cap": done.over_cap,
                "days": days,
                "unfinished": unfinished,
            }
        )
        return
    click.echo(
        f"removed {done.games} {plural(done.games, 'game')} from {where}: {done.stale} "
        f"untouched for over {days:g} {'day' if days == 1 else 'days'}, {done.over_cap} past "
        f"the cap of "
        f"{unfinished} unfinished {plural(unfinished, 'game')} a player"
    )


def _size(n: int) -> str:
    """Bytes in a readable unit: 512 bytes, 24.0 KiB, 3.2 MiB."""
    if n < 1024:
        return f"{n} bytes"
    value = float(n)
    for unit in ("KiB", "MiB", "GiB"):
        value /= 1024
        if value < 1024 or unit == "GiB":
            break
    return f"{value:.1f} {unit}"
