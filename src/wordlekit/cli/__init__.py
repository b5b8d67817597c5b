"""The ``wordle`` command line: a thin adapter that parses, calls the library and prints.

- ``app``: the click group; a failure becomes one line by its class (``errors``).
- ``options``: the shared option decorators and ``NamedChoice``; ``render``: every output
  (tables, JSON, CSV, histograms, tiles); ``progress``: the one progress bar.
- The commands: ``engine`` (score, filter, lists, daily), ``play``, ``bot`` (suggest, solve,
  bench), ``solver`` (optimal, tree), ``analysis`` (expected, review), ``openers``
  (rank-openers), ``db``, ``web`` (serve), ``tui``.
"""

from __future__ import annotations

from wordlekit.cli import (  # noqa: F401  (importing registers the commands)
    absurdle,
    analysis,
    boards,
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
