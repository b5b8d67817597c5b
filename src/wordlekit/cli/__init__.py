"""The ``wordle`` command line: a thin adapter that parses, calls the services
(:mod:`wordlekit.services`; the pattern matrix through an
:class:`~wordlekit.services.engine.Engine`) and prints their typed results (``--json``: their
fields, :func:`wordlekit.services.jsonable.to_json`).

- ``app``: the click group; a failure becomes one line by its class (``errors``).
- ``options``: the shared option decorators (the mode group, the variant and game options)
  and ``NamedChoice``; ``render``: every output (tables, JSON, CSV, histograms, tiles);
  ``game_render``: a game of any variant, from its public view; ``progress``: the one
  progress bar.
- The commands: ``engine`` (score, filter, lists, daily), ``play`` (every variant), ``bot``
  (suggest, solve, bench), ``boards`` (the helper and the bot of several boards), ``absurdle``
  (its proofs), ``solver`` (optimal, tree), ``analysis`` (expected, review), ``openers``
  (rank-openers), ``challenges`` (challenge links), ``archive`` (past daily puzzles),
  ``transfer`` (stats export, import),
  ``db``, ``web`` (serve), ``tui``. A command's module is imported when the command runs
  (``app.COMMANDS``): ``wordle optimal`` never imports the web app.
"""

from __future__ import annotations

from wordlekit.cli.app import app, load_commands


def main() -> None:
    app()


__all__ = ["app", "load_commands", "main"]
