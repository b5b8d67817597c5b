"""The app's link to the service layer: the pattern matrix loaded once, and the operations
(:func:`~wordlekit.services.operations.assist`, :func:`~wordlekit.services.operations.hint`)
run on it from worker threads under a work budget that the screen can cancel.

A :class:`Job` is one such run as the screen sees it: a stop flag (cancelled when the input
changes, the screen is left or the app quits) and a clock for the "computing…" line. The
budget's own clock starts only once the matrix is loaded, so a cold start does not eat the
time the strategy is given. Past the budget, the services answer with the fallback strategy
and a note; a cancelled run raises :class:`~wordlekit.errors.BudgetExceeded` and its answer
is never shown.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from wordlekit import budget as work
from wordlekit.core.feedback import Turn
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, WordleError, WordlekitError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import advice as operations
from wordlekit.services.advice import Advice
from wordlekit.solve.strategies import Suggestion

#: Seconds of work an interactive request may take before the fallback answers (the help
#: screen says so).
INTERACTIVE_BUDGET = 5.0
TOP = 10  # suggestions shown by the assist screen
SHOWN_WORDS = 200  # remaining words listed by the assist screen

P = ParamSpec("P")
T = TypeVar("T")


class Job:
    """One budgeted run started from the UI: its stop flag and how long it has been going."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
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
        return f"computing… {elapsed:.1f} s (at most {self.seconds:g} s, then a quicker answer)"


async def in_thread(
    call: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
) -> T | WordlekitError:
    """Run a blocking operation in a worker thread (the event loop goes on meanwhile); a
    refusal (bad input) or the end of its budget comes back as a value to show."""
    try:
        return await asyncio.to_thread(call, *args, **kwargs)
    except (BudgetExceeded, WordleError) as e:
        return e


def advice_of(data: Mapping[str, Any]) -> Advice:
    """The suggestions part of a service answer, as the typed value it was made from."""
    return Advice(
        strategy=data["strategy"],
        used=data["used"],
        exact=data["exact"],
        suggestions=tuple(Suggestion(**s) for s in data["suggestions"]),
        note=data["note"],
    )


@dataclass(frozen=True)
class Step:
    """What one entered turn taught: words before and after it, and the bits gained."""

    before: int
    after: int
    bits: float


@dataclass(frozen=True)
class Analysis:
    """What the assist screen shows for one history of turns (from ``operations.assist``)."""

    turns: tuple[Turn, ...]
    remaining: int
    candidates: tuple[str, ...]
    #: the answer model, and with a weighted one each candidate's probability (else empty)
    answers: str
    probabilities: tuple[float, ...]
    known: tuple[str, ...]
    steps: tuple[Step, ...]
    advice: Advice

    @classmethod
    def of(cls, turns: Sequence[Turn], data: Mapping[str, Any]) -> Analysis:
        return cls(
            turns=tuple(turns),
            remaining=data["remaining"],
            candidates=tuple(data["candidates"]),
            answers=data["answers"],
            probabilities=tuple(data.get("probabilities") or ()),
            known=tuple(data["knowledge"]["summary"]),
            steps=tuple(Step(s["before"], s["after"], s["bits"]) for s in data["steps"]),
            advice=advice_of(data),
        )


class Engine:
    """The pattern matrix of one word list, loaded once, and the service calls run on it.

    Owned by the app; thread-safe (workers of several screens may ask at the same time).
    """

    def __init__(self, wordlist: WordList, *, seconds: float = INTERACTIVE_BUDGET) -> None:
        self.wordlist = wordlist
        self.seconds = seconds
        self._lock = threading.Lock()
        self._matrix: PatternMatrix | None = None
        self._jobs: list[Job] = []

    @property
    def loaded(self) -> bool:
        return self._matrix is not None

    def matrix(self) -> PatternMatrix:
        with self._lock:
            if self._matrix is None:
                self._matrix = PatternMatrix.for_list(self.wordlist)
            return self._matrix

    def warm_up(self) -> None:
        """Load the matrix and the strategy kernels before the first request needs them."""
        operations.hint(self.matrix(), [])

    def job(self) -> Job:
        """A new run on the UI side (:meth:`cancel_all` stops it with the others)."""
        job = Job(self.seconds)
        with self._lock:
            self._jobs = [j for j in self._jobs if j.running]
            self._jobs.append(job)
        return job

    def cancel_all(self) -> None:
        """Stop every run still going (the app is quitting)."""
        with self._lock:
            jobs, self._jobs = self._jobs, []
        for job in jobs:
            job.cancel()

    # The operations (blocking: call them from a worker thread) ------------------------------

    def assist(
        self,
        job: Job,
        turns: Sequence[Turn],
        strategy: str,
        *,
        mode: Mode = Mode.NORMAL,
        answers: str = "list",
    ) -> Analysis:
        """Words left, what is known, each turn's steps and the best next guesses that
        ``mode`` allows (ultrahard: only words that could be the answer; ``answers``: the
        answer model, see :func:`~wordlekit.services.operations.answer_matrix`).

        Raises on contradictory turns (naming the turn), and ``BudgetExceeded`` if cancelled.
        """
        matrix = self.matrix()
        with self._lock:  # one load of the model's matrix, whichever thread asks first
            operations.answer_matrix(matrix, answers)
        try:
            with job.budget().active():
                data = operations.assist(
                    matrix,
                    turns,
                    answers=answers,
                    strategy=strategy,
                    top=TOP,
                    mode=mode,
                    max_candidates=SHOWN_WORDS,
                )
        finally:
            job.finished = True
        return Analysis.of(turns, data)

    def hint(
        self,
        job: Job,
        turns: Sequence[Turn],
        strategy: str,
        *,
        mode: Mode = Mode.NORMAL,
    ) -> Advice:
        """The bot's next guess (the caller counts it as a hint once it is shown)."""
        matrix = self.matrix()
        try:
            with job.budget().active():
                data = operations.hint(matrix, turns, mode=mode, strategy=strategy)
        finally:
            job.finished = True
        return advice_of(data)
