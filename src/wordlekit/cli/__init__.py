"""The ``wordle`` command line."""

from __future__ import annotations

from wordlekit.cli import analysis, bot, engine, play, solver, web  # noqa: F401  (registers the commands)
from wordlekit.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
