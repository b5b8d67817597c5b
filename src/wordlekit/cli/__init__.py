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
import threading
from typing import NoReturn

from wordlekit.cli.app import app, load_commands


def main() -> NoReturn:
    """The ``wordle`` command: the click group, then the process leaves at once (:func:`leave`)."""
    try:
        app()  # click's standalone mode ends with SystemExit
    except SystemExit as e:
        leave(e.code)
    leave(0)


def leave(code: object) -> NoReturn:
    """End the process with ``code`` (as ``SystemExit`` takes it) without tearing down the
    interpreter.

    An interpreter that has loaded numba's compiled kernels takes a third of a second to tear
    down (every module and object freed, LLVM's destructors): as long as a whole
    infeasibility proof. Once a command is done nothing of that is needed, but what a normal
    exit does for the program is: the output is flushed, the threads still running are
    joined and the exit handlers run (they flush the logs, stop worker processes, remove
    temporary folders), then ``os._exit`` ends the process with the command's exit code.
    """
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # SystemExit("message"): the message on stderr, status 1
        print(code, file=sys.stderr)
        status = 1
    current = threading.current_thread()
    for thread in threading.enumerate():
        if thread is not current and not thread.daemon:
            thread.join()
    _flush()
    atexit._run_exitfuncs()
    _flush()
    os._exit(status)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        # a closed pipe (``wordle … | head``) takes no more: nothing is lost then
        with contextlib.suppress(OSError, ValueError):
            stream.flush()


__all__ = ["app", "leave", "load_commands", "main"]
