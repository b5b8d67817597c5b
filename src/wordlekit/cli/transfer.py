"""``wordle stats export FILE`` / ``wordle stats import FILE``: the local player's finished
games as a file (the web app's export format: ``{"format": "wordlekit-games", "version": 1,
"games": [...]}``), and its import into the local games database, checked whole first (see
:mod:`wordlekit.services.transfer`). ``-`` is standard output or input.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import db_option, json_option, lists_option
from wordlekit.cli.render import print_json
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services.games import open_list_store
from wordlekit.services.players import local_player_id
from wordlekit.services.transfer import MAX_BYTES, export_games, export_json, import_json


@app.group(
    "stats",
    epilog=examples(
        "wordle stats export games.json",
        "wordle stats import games.json",
    ),
)
def stats_group() -> None:
    """Your games and statistics as a file: export them, import them on another machine (or
    into the web app: its Stats page imports the same file)."""


@stats_group.command(
    "export",
    epilog=examples("wordle stats export games.json", "wordle stats export - --lists nyt"),
)
@click.argument("file", metavar="FILE")
@lists_option
@db_option("The games database (default: the one in the user data folder).")
@json_option
def export_cmd(file: str, lists: str, db: str | None, json_: bool) -> None:
    """Write every finished game of the local player to FILE (JSON; games in progress are
    left out: their answers stay in the database)."""
    store = open_list_store(db, WordList.load(lists))
    player = local_player_id()
    made = export_games(store, player)
    text = export_json(made)
    if file == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(file).write_text(text, encoding="utf-8")
    except OSError as e:
        raise WordleError(f"cannot write {file}: {e.strerror or e}") from None
    count = len(made.games)
    if json_:
        print_json({"file": file, "games": count})
        return
    click.echo(f"exported {count} finished game{'s' if count != 1 else ''} to {file}")


@stats_group.command(
    "import",
    epilog=examples("wordle stats import games.json", "wordle stats import games.json --json"),
)
@click.argument("file", metavar="FILE")
@lists_option
@db_option("The games database (default: the one in the user data folder).")
@json_option
def import_cmd(file: str, lists: str, db: str | None, json_: bool) -> None:
    """Import the games of FILE (an export) as the local player's: checked whole first, a bad
    file refused with the field at fault and nothing imported; games already here skipped."""
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(file, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise WordleError(f"cannot read {file}: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise WordleError(f"{file}: an import file is at most {MAX_BYTES // 1024 // 1024} MB")
    done = import_json(open_list_store(db, WordList.load(lists)), local_player_id(), data)
    if json_:
        print_json(done)
        return
    click.echo(
        f"imported {done.added} of {done.games} game{'s' if done.games != 1 else ''} "
        f"({done.skipped} already here)"
    )
