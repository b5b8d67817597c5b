"""Every error wordlekit raises on purpose, in one tree by whose fault they are.

- :class:`WordleError` (a ``ValueError``): bad input, the user's to fix. Front ends show its
  message as it is: exit code 2 on the command line, a 4xx in the web app (the web layer
  maps each class to its status: a missing game is a 404, a turn played twice a 409).
- :class:`StorageError` (an ``OSError``): the environment failed (a database or cache file
  that cannot be opened or written): exit code 1, 503.
- :class:`InternalError` (a ``RuntimeError``): a fault of wordlekit or a limit it reached
  (a full memo, a worker process that died); never reported as the user's mistake: exit code
  1 with "internal error" and a log line, 500 (503 for a lost worker: try again).
- :class:`BudgetExceeded`: work that ran out of its budget or was cancelled; a result the
  caller turns into a fallback or a 503.
- :class:`Busy`: no capacity for the work now (:class:`ClientBusy`: this client has as much
  in flight as it may; :class:`ServerBusy`: the server has); ``retry_after`` seconds to wait.

Every one derives from :class:`WordlekitError` and survives pickling with its attributes
(the work pool's worker processes send them back to the server as they are). Catch them by
their class.

    WordlekitError
    ├── WordleError (ValueError)
    │   ├── InvalidWordError
    │   ├── InvalidPatternError
    │   ├── HardModeError
    │   │   └── UltrahardError
    │   ├── InconsistentFeedbackError (turn)
    │   ├── WordListError
    │   ├── InvalidDateError
    │   ├── GameOverError
    │   │   └── DailyPlayedError
    │   ├── VariantError
    │   ├── UnknownStrategyError
    │   ├── AnswerModelError
    │   ├── InfeasibleError
    │   ├── ChallengeLostError
    │   ├── TreeFileError
    │   ├── RankError
    │   ├── GameNotFoundError
    │   └── TurnConflictError
    ├── StorageError (OSError)
    │   └── DatabaseBusy
    ├── InternalError (RuntimeError)
    │   └── WorkerFailed
    ├── BudgetExceeded (reason)
    └── Busy (retry_after)
        ├── ClientBusy
        └── ServerBusy
"""

from __future__ import annotations

from typing import Any


class WordlekitError(Exception):
    """Root of every error wordlekit raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        # The message and every attribute (a turn, a reason): pickling an exception keeps
        # only its ``args`` otherwise, and the worker processes send errors back pickled.
        return (type(self), (str(self),), self.__dict__)


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

    ``turn`` is the 1-based number of the turn that made the history impossible;
    ``any_word_fits``, when the answers were the list's, how many valid words fit the turns
    (``None``: not counted), so that a front end can say that any word would fit.
    """

    def __init__(
        self, message: str, turn: int | None = None, any_word_fits: int | None = None
    ) -> None:
        super().__init__(message)
        self.turn = turn
        self.any_word_fits = any_word_fits


class UltrahardError(HardModeError):
    """A guess refused in ultrahard mode: it cannot be the answer (a :class:`HardModeError`,
    since ultrahard mode is hard mode and more)."""


class WordListError(WordleError):
    """A word list that cannot be loaded: unknown name, missing file or bad lines."""


class InvalidDateError(WordleError):
    """A date that cannot be parsed or lies before the first daily puzzle."""


class GameOverError(WordleError):
    """A guess made in a game that has already ended."""


class VariantError(WordleError):
    """An unknown variant name, or a number of boards or guesses out of range."""


class UnknownStrategyError(WordleError):
    """A strategy name that is not in the registry (or not for this number of boards)."""


class AnswerModelError(WordleError):
    """A strategy that cannot play the word list's answer model (e.g. ``optimal`` with
    ``likely``)."""


class InfeasibleError(WordleError):
    """No strategy finds every answer within the guess limit (a proven fact about the
    position asked for)."""


class ChallengeLostError(WordleError):
    """An Absurdle challenge target the host no longer holds (it can never be forced)."""


class TreeFileError(WordleError):
    """A tree file that cannot be read: bad syntax, conflicting paths, wrong version."""


class RankError(WordleError):
    """Bad settings for an opener ranking run (method, words, scheduler address)."""


class GameNotFoundError(WordleError):
    """No game with that id belongs to that player."""


class TurnConflictError(WordleError):
    """A turn that was already played, or is not the next one (a double submit, a race)."""


class StorageError(WordlekitError, OSError):
    """A database or cache file that cannot be opened or written (the environment's fault)."""


class DatabaseBusy(StorageError):
    """Another writer (another process, or this one) held the database past the wait."""


class InternalError(WordlekitError, RuntimeError):
    """A fault of wordlekit itself or a limit it reached, never the user's mistake."""


class WorkerFailed(InternalError):
    """A worker process crashed or was killed while running the task (try again)."""


class BudgetExceeded(WordlekitError):
    """Work that ran out of its budget (time, search nodes) or was cancelled.

    Not a ``ValueError``: the input was fine, the work was too long for the budget given.
    ``reason`` is "time", "nodes" or "cancelled".
    """

    def __init__(self, message: str, reason: str = "time") -> None:
        super().__init__(message)
        self.reason = reason


class Busy(WordlekitError):
    """No capacity for the work now; ``retry_after`` seconds to wait before trying again."""

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ClientBusy(Busy):
    """This client (player or address) has as much work in flight as it may."""


class ServerBusy(Busy):
    """The server has as much work in flight and waiting as it may."""


#: Messages quote at most this many characters of what the user typed.
QUOTE_LIMIT = 24


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of user input for an error message, cut to a short prefix when long.

    ```pycon
    >>> quoted("crane")
    "'crane'"
    >>> quoted("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxx…' (1,000 characters)"

    ```
    """
    s = str(text)
    if len(s) <= limit:
        return repr(s)
    return f"{s[:limit]!r}"[:-1] + f"…' ({len(s):,} characters)"


def shown(word: str, limit: int = QUOTE_LIMIT) -> str:
    """A word in capitals for a message, cut to a short prefix when long.

    ```pycon
    >>> shown("crane")
    'CRANE'
    >>> shown("a" * 100)
    'AAAAAAAAAAAAAAAAAAAAAAAA… (100 letters)'

    ```
    """
    if len(word) <= limit:
        return word.upper()
    return f"{word[:limit].upper()}… ({len(word):,} letters)"


class DailyPlayedError(GameOverError):
    """A daily puzzle asked for in another mode when this player's game of it is over, or
    under way (one daily game a date and variant, as the NYT has it)."""
