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

import atexit
import contextlib
import os
import sys

#: The exit status of the command that :func:`main` runs (empty when ``main`` is not running
#: the process: a test importing the app).
_status: list[int] = []


def _end_now() -> None:
    """The last exit handler: end the process without tearing down the interpreter.

    An interpreter that has loaded numba's compiled kernels takes a third of a second to tear
    down (every module and object freed, LLVM's destructors): as long as a whole
    infeasibility proof. Once a command is done nothing of that is needed, and what a normal
    exit does for the program has been done by then: Python joins the threads still running,
    then runs the exit handlers (logs flushed, worker processes stopped, temporary folders
    removed), this one last since it is registered first. It flushes the output and ends the
    process with the command's status.
    """
    if not _status:
        return
    if "logging" in sys.modules:  # imported before this module, its handler would not run
        sys.modules["logging"].shutdown()
    for stream in (sys.stdout, sys.stderr):
        # a closed pipe (``wordle … | head``) takes no more: nothing is lost then
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(_status[0])


atexit.register(_end_now)  # first, so that it runs last

from wordlekit.cli.app import app, load_commands  # noqa: E402 (after the handler above)


def main() -> None:
    """The ``wordle`` command: the click group, whose process ends by :func:`_end_now`."""
    _status[:] = [1]  # an error that escapes: Python's own status for it
    try:
        app()  # click's standalone mode ends with SystemExit
    except SystemExit as e:
        code = e.code
        _status[:] = [0 if code is None else code if isinstance(code, int) else 1]
        raise
    except KeyboardInterrupt:
        _status.clear()  # Python's own way out (it reports the signal)
        raise


__all__ = ["app", "load_commands", "main"]
