"""The screens' long work as the terminal UI runs it: a :class:`Job` is one service operation
run in a worker thread, under a work budget that the screen can cancel; :class:`Jobs` gives
each new job the app's budget and stops them all when the app quits.

The operation itself is the services' (``advice.assist``, ``advice.hint``, ``boards.assist``,
``absurdle.solve``…): the job hands it to :class:`~wordlekit.services.engine.Engine`, which
passes the pattern matrix of the word list, loaded once, whichever thread asks first. The
screens never hold the matrix: they name the operation and its arguments, and read its typed
result.

A job's budget clock starts only once the matrix is loaded, so a cold start does not eat the
time the strategy is given. Past the budget, the services answer with the fallback strategy
and a note (or, for a proof, say how far it got); a cancelled run (the input changed, the
screen was left, the app quits) raises :class:`~wordlekit.errors.BudgetExceeded` in its thread,
comes back as that error and is never shown.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from wordlekit import budget as work
from wordlekit.errors import BudgetExceeded, WordleError, WordlekitError
from wordlekit.services.engine import Engine

#: Seconds of work an interactive request may take before the fallback answers (the help
#: screen says so).
INTERACTIVE_BUDGET = 5.0

P = ParamSpec("P")
T = TypeVar("T")

#: One loading step at a time across the app's jobs: a matrix another thread is building is
#: waited for, not built twice.
_LOADING = threading.Lock()


async def _in_thread(call: Callable[[], T]) -> T | WordlekitError:
    """``call()`` in a worker thread (the event loop goes on meanwhile); a refusal (bad
    input), the end of the budget or a cancellation comes back as a value."""
    try:
        return await asyncio.to_thread(call)
    except (BudgetExceeded, WordleError) as e:
        return e


class Job:
    """One budgeted run started from the UI: its stop flag, how long it has been going, and
    what happens when its time is up (said by the "computing…" line)."""

    def __init__(self, engine: Engine, seconds: float, *, then: str) -> None:
        self.engine = engine
        self.seconds = seconds
        self.then = then
        self.stop = work.Budget()  # no limit of its own: only its flag, shared with the run
        self.started = time.monotonic()
        self.finished = False

    def budget(self) -> work.Budget:
        """The run's budget (its clock starts now), stopped by :meth:`cancel` too."""
        return work.Budget(self.seconds, flag=self.stop.flag)

    def cancel(self) -> None:
        self.stop.cancel()

    @property
    def cancelled(self) -> bool:
        return self.stop.reason == "cancelled"

    @property
    def running(self) -> bool:
        return not (self.finished or self.cancelled)

    def progress(self) -> str:
        elapsed = time.monotonic() - self.started
        return f"computing… {elapsed:.1f} s (at most {self.seconds:g} s, then {self.then})"

    async def load(
        self, operation: Callable[Concatenate[Any, P], object], /, *args: P.args, **kwargs: P.kwargs
    ) -> WordlekitError | None:
        """A loading step before :meth:`run` (e.g. the matrix of another answer model), off
        the budget and one at a time across the app: it may take longer than a request is
        given, once."""

        def call() -> None:
            with _LOADING:
                self.engine.call(operation, *args, **kwargs)

        return await _in_thread(call)

    async def run(
        self, operation: Callable[Concatenate[Any, P], T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T | WordlekitError:
        """The service ``operation`` (whose first parameter is the pattern matrix, see
        :class:`~wordlekit.services.engine.Engine`) in a worker thread, under this job's
        budget; its typed result, or the error to show."""

        def call() -> T:
            self.engine.load()  # the matrix, before the budget's clock starts
            try:
                with self.budget().active():
                    return self.engine.call(operation, *args, **kwargs)
            finally:
                self.finished = True

        return await _in_thread(call)


class Jobs:
    """The app's runs: each new one on the app's engine with the app's budget; :meth:`cancel_all`
    stops those still going (a strategy searching in a thread would otherwise hold the exit
    up until its budget ends)."""

    def __init__(self, engine: Engine, seconds: float = INTERACTIVE_BUDGET) -> None:
        self.engine = engine
        self.seconds = seconds
        self._lock = threading.Lock()
        self._jobs: list[Job] = []

    def start(self, seconds: float | None = None, *, then: str = "a quicker answer") -> Job:
        """A new run (of ``seconds``, else the app's budget; ``then``: what its end brings)."""
        job = Job(self.engine, self.seconds if seconds is None else seconds, then=then)
        with self._lock:
            self._jobs = [j for j in self._jobs if j.running]
            self._jobs.append(job)
        return job

    def cancel_all(self) -> None:
        with self._lock:
            jobs, self._jobs = self._jobs, []
        for job in jobs:
            job.cancel()
