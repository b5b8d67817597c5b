"""The ``wordle`` command line."""

from __future__ import annotations

from wordlekit.cli import (  # noqa: F401  (importing registers the commands)
    analysis,
    bot,
    db,
    engine,
    openers,
    play,
    solver,
    tui,
    web,
)
from wordlekit.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
