"""The errors, in a tree by whose fault they are.

- :class:`WordleError` (a ``ValueError``): bad input, the user's to fix. Front ends show its
  message as it is: exit code 2 on the command line, a 4xx in the web app.
- :class:`StorageError` (an ``OSError``): the environment failed (a database or cache file
  that cannot be opened or written): exit code 1, 503.
- :class:`InternalError` (a ``RuntimeError``): a fault of wordlekit or a limit it reached
  (a full memo); never reported as the user's mistake: exit code 1 with "internal error" and
  a log line, 500.
- :class:`BudgetExceeded`: work that ran out of its budget or was cancelled; a result the
  caller turns into a fallback or a 503.

Every one derives from :class:`WordlekitError`. Catch them by their class.
"""

from __future__ import annotations


class WordlekitError(Exception):
    """Root of every error wordlekit raises on purpose."""


class WordleError(WordlekitError, ValueError):
    """Bad input: the base class of every wordlekit input error."""


class InvalidWordError(WordleError):
    """A word that is malformed (length, letters) or not in the list in use."""


class InvalidPatternError(WordleError):
    """A feedback pattern that cannot be parsed or has the wrong length."""


class HardModeError(WordleError):
    """A guess that breaks the hard-mode rule (revealed hints must be used)."""


class InconsistentFeedbackError(WordleError):
    """Feedback that no word can produce, or that contradicts an earlier turn.

    ``turn`` is the 1-based number of the turn that made the history impossible.
    """

    def __init__(self, message: str, turn: int | None = None) -> None:
        super().__init__(message)
        self.turn = turn


class WordListError(WordleError):
    """A word list that cannot be loaded: unknown name, missing file or bad lines."""


class InvalidDateError(WordleError):
    """A date that cannot be parsed or lies before the first daily puzzle."""


class GameOverError(WordleError):
    """A guess made in a game that has already ended."""


class StorageError(WordlekitError, OSError):
    """A database or cache file that cannot be opened or written (the environment's fault)."""


class InternalError(WordlekitError, RuntimeError):
    """A fault of wordlekit itself or a limit it reached, never the user's mistake."""


class BudgetExceeded(WordlekitError):
    """Work that ran out of its budget (time, search nodes) or was cancelled.

    Not a ``ValueError``: the input was fine, the work was too long for the budget given.
    ``reason`` is "time", "nodes" or "cancelled".
    """

    def __init__(self, message: str, reason: str = "time") -> None:
        super().__init__(message)
        self.reason = reason


#: Messages quote at most this many characters of what the user typed.
QUOTE_LIMIT = 24


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of user input for an error message, cut to a short prefix when long.

    >>> quoted("crane")
    "'crane'"
    >>> quoted("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxx…' (1,000 characters)"
    """
    s = str(text)
    if len(s) <= limit:
        return repr(s)
    return f"{s[:limit]!r}"[:-1] + f"…' ({len(s):,} characters)"


def shown(word: str, limit: int = QUOTE_LIMIT) -> str:
    """A word in capitals for a message, cut to a short prefix when long.

    >>> shown("crane")
    'CRANE'
    >>> shown("a" * 100)
    'AAAAAAAAAAAAAAAAAAAAAAAA… (100 letters)'
    """
    if len(word) <= limit:
        return word.upper()
    return f"{word[:limit].upper()}… ({len(word):,} letters)"
