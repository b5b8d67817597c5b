"""The operations of the services in this process: the command line and the terminal UI call
them through an :class:`Engine` (the web app runs the same functions in its worker processes,
:mod:`wordlekit.services.pool`).

An operation is a function whose first argument is the pattern matrix of a word list (see
:data:`wordlekit.services.operations.OPERATIONS`); the engine loads that matrix once, on first
use, whichever thread asks first, and passes it. Front ends so never hold the fast layer's
objects: they name the operation and its plain arguments, and get the operation's typed result.

A call runs under the work budget active in the calling thread (:mod:`wordlekit.budget`): a
front end that wants a limit, or a way to cancel, opens one around the call::

    with Budget(seconds=5).active():
        advice = engine.call(hint, turns, mode=Mode.HARD)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix

P = ParamSpec("P")
T = TypeVar("T")


class Engine:
    """The pattern matrix of ``wordlist``, loaded once, and the operations run on it.

    Thread-safe: the screens of a terminal UI may ask from several worker threads at once.
    """

    def __init__(self, wordlist: WordList | None = None) -> None:
        self.wordlist = wordlist or WordList.bundled()
        self._lock = threading.Lock()
        self._matrix: PatternMatrix | None = None

    def __repr__(self) -> str:
        state = "loaded" if self.loaded else "not loaded"
        return f"<Engine {self.wordlist.name}: {state}>"

    @property
    def loaded(self) -> bool:
        """Whether the matrix is in memory (a first call will not wait for it)."""
        return self._matrix is not None

    def _ready(self) -> PatternMatrix:
        with self._lock:
            if self._matrix is None:
                self._matrix = PatternMatrix.for_list(self.wordlist)
            return self._matrix

    def load(self) -> None:
        """Load the matrix now (e.g. in a background thread while the player types)."""
        self._ready()

    def call(
        self,
        operation: Callable[Concatenate[PatternMatrix, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``operation(matrix, *args, **kwargs)`` on this engine's matrix."""
        return operation(self._ready(), *args, **kwargs)
