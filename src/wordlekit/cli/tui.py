"""``wordle tui``: the full-screen terminal app (Textual is imported only when it runs)."""

from __future__ import annotations

import click

from wordlekit.cli.app import app, examples
from wordlekit.solve.registry import REGISTRY


@app.command(
    "tui",
    epilog=examples(
        "wordle tui                               a practice game, full screen",
        "wordle tui --daily 2022-02-15 --hard     a daily puzzle in hard mode",
        "wordle tui --seed 42 --high-contrast     the same practice game, orange and blue",
        "wordle tui --db games.sqlite3            statistics in another file",
        "F1 Play · F2 Assist · F3 Statistics · F4 Help · Ctrl+Q quits.",
    ),
)
@click.option("--daily", "-d", metavar="DATE", help="The daily puzzle of DATE (YYYY-MM-DD, today).")
@click.option("--seed", "-s", type=int, help="Practice game with this seed (repeatable).")
@click.option("--hard", is_flag=True, help="Hard mode: revealed hints must be used.")
@click.option(
    "--db",
    "db",
    metavar="PATH",
    help="SQLite file for games and statistics (default: the web app's, in the user data folder).",
)
@click.option("--high-contrast", is_flag=True, help="Orange and blue instead of green and yellow.")
@click.option(
    "--strategy",
    default="entropy",
    show_default=True,
    metavar="NAME",
    help="Strategy for hints and suggestions: " + ", ".join(REGISTRY) + ".",
)
def tui_cmd(
    daily: str | None,
    seed: int | None,
    hard: bool,
    db: str | None,
    high_contrast: bool,
    strategy: str,
) -> None:
    """Play Wordle full screen, get help on a game played elsewhere, see your statistics."""
    from wordlekit.tui import build_app

    build_app(
        daily=daily,
        seed=seed,
        hard=hard,
        db=db,
        high_contrast=high_contrast,
        strategy=strategy,
    ).run()
