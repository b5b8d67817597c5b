"""How the ``wordle`` command reports a failure: by the error's class (:mod:`wordlekit.errors`).

======================================================  =============================  ====
what failed                                             on stderr (one line)           exit
======================================================  =============================  ====
bad input: a ``WordleError`` (a ``ValueError``), or     ``error: …``                   2
  a usage error (unknown option or choice, missing
  argument)
the environment: ``StorageError`` and any other         ``error: …``                   1
  ``OSError``, a database that broke (``sqlite3``)
wordlekit itself: ``InternalError`` (a fault, a limit   ``internal error: …``          1
  such as a full memo), ``BudgetExceeded`` (the
  command line sets no budget, so it is a fault too)
anything else (a bug)                                   ``internal error: Type: …``    1
======================================================  =============================  ====

An internal error is never reported as the user's mistake. Its traceback is appended to
``cli-errors.log`` in the data folder (``$WORDLEKIT_DATA_DIR``, else the user data folder;
kept under about 1 MB) and the line on stderr says where; ``wordle --debug …`` (or
``WORDLEKIT_DEBUG=1``) prints the traceback on stderr as well.
"""

from __future__ import annotations

import logging
import sqlite3
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import click

from wordlekit.errors import BudgetExceeded, InternalError, WordleError

EXIT_BAD_INPUT = 2
EXIT_FAILURE = 1
LOG_NAME = "cli-errors.log"
LOG_BYTES = 1_000_000

logger = logging.getLogger("wordlekit.cli")
logger.propagate = False  # the handlers below are the only ones: no traceback by accident


def report(error: Exception, *, debug: bool = False) -> int:
    """Print the one line that ``error`` deserves on stderr; return the exit code."""
    if isinstance(error, click.UsageError):
        return _say(f"error: {_usage(error)}", EXIT_BAD_INPUT)
    if isinstance(error, WordleError):
        return _say(f"error: {error}", EXIT_BAD_INPUT)
    if isinstance(error, OSError):
        return _say(f"error: {_os_error(error)}", EXIT_FAILURE)
    if isinstance(error, sqlite3.Error):  # a database that broke while in use
        return _say(f"error: database error: {error}", EXIT_FAILURE)
    if isinstance(error, InternalError | BudgetExceeded):
        what = str(error)
    else:
        what = f"{type(error).__name__}: {error}"
    where = log_traceback(error, debug=debug)
    return _say(f"internal error: {_one_line(what)} ({where})", EXIT_FAILURE)


def log_traceback(error: BaseException, *, debug: bool) -> str:
    """Log ``error`` with its traceback (the log file; stderr too with ``debug``); returns
    where it went, for the message."""
    handlers: list[logging.Handler] = []
    path = log_path()
    if path is not None:
        file_handler = RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8"
        )
        file_handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        handlers.append(file_handler)
    if debug:
        handlers.append(logging.StreamHandler(sys.stderr))
    for h in handlers:
        logger.addHandler(h)
    try:
        logger.error("wordle %s", " ".join(sys.argv[1:]), exc_info=error)
    finally:
        for h in handlers:
            logger.removeHandler(h)
            h.close()
    if path is None:
        return "wordle --debug shows the traceback"
    return f"the traceback is in {path}"


def log_path() -> Path | None:
    """The log file, or ``None`` when the data folder cannot be written."""
    # Imported here, on the way out of an internal error: the services' files module loads
    # the games store, which no command should pay for at start-up.
    from wordlekit.services.files import data_dir

    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOG_NAME
        with path.open("a", encoding="utf-8"):
            pass
    except OSError:
        return None
    return path


def _say(line: str, code: int) -> int:
    click.echo(line, err=True)
    return code


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _usage(error: click.UsageError) -> str:
    where = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
    return _one_line(error.format_message()) + where


def _os_error(error: OSError) -> str:
    if error.filename and error.strerror:
        return f"{error.filename}: {error.strerror}"
    return str(error.strerror or error)
