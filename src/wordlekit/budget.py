"""Work budgets: a deadline, an allowance of search nodes and a stop flag that every long
computation honours.

A :class:`Budget` is made active for a block of code with ``with budget.active():``. Python
loops call :func:`checkpoint`; the compiled solver reads the budget's ``flag`` array (one
int64) at every node and counts its nodes against the allowance, so a search stops *inside*
the kernel, not after it. The flag is set:

- by a watchdog thread when the deadline passes (the solver kernel releases the GIL, so the
  watchdog runs while it works);
- by :meth:`Budget.cancel`, e.g. when the client that asked has gone;
- by another process, when the flag lives in shared memory (the web app's workers).

Running out is :class:`~wordlekit.errors.BudgetExceeded` (not an input error): the caller
chooses a fallback (a heuristic answer labelled as such, an estimate) or reports it. Values
the solver proved before stopping stay valid: an interrupted search stores nothing.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np
import numpy.typing as npt

from wordlekit.errors import BudgetExceeded

#: Flag values: why the work stopped.
RUNNING = 0
TIMEOUT = 1
CANCELLED = 2
NODES = 3

REASONS = {TIMEOUT: "time", CANCELLED: "cancelled", NODES: "nodes"}
#: "No limit" for the kernel's node allowance.
NO_LIMIT = np.iinfo(np.int64).max

_CURRENT: ContextVar[Budget | None] = ContextVar("wordlekit_budget", default=None)


class Budget:
    """At most ``seconds`` of wall time and ``nodes`` solver nodes; either may be ``None``.

    ``flag`` is the stop flag (a one-element int64 array); pass an array backed by shared
    memory to let another process stop the work. ``nominal`` is the limit quoted in messages
    when ``seconds`` is only what is left of it (after waiting in a queue).
    """

    def __init__(
        self,
        seconds: float | None = None,
        nodes: int | None = None,
        flag: npt.NDArray[np.int64] | None = None,
        *,
        nominal: float | None = None,
    ) -> None:
        if seconds is not None and seconds < 0:
            raise ValueError("a budget's seconds cannot be negative")
        if nodes is not None and nodes < 0:
            raise ValueError("a budget's nodes cannot be negative")
        self.seconds = seconds
        # the limit as the user set it, for messages (``seconds`` may be what is left of it
        # after waiting in a queue)
        self.nominal = nominal if nominal is not None else seconds
        self.nodes = nodes
        self.flag = flag if flag is not None else np.zeros(1, dtype=np.int64)
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds
        self.nodes_used = 0

    def __repr__(self) -> str:
        return f"Budget(seconds={self.seconds}, nodes={self.nodes})"

    # -- state ------------------------------------------------------------------------------

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def remaining(self) -> float | None:
        """Seconds left (``None`` without a deadline)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def expired(self) -> bool:
        """True once the work must stop (and from then on)."""
        if self.flag[0] != RUNNING:
            return True
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.flag[0] = TIMEOUT
            return True
        if self.nodes is not None and self.nodes_used >= self.nodes:
            self.flag[0] = NODES
            return True
        return False

    @property
    def reason(self) -> str | None:
        """Why the work stopped: "time", "nodes" or "cancelled" (``None`` while running)."""
        return REASONS.get(int(self.flag[0]))

    def check(self) -> None:
        """Raise :class:`BudgetExceeded` if the work must stop."""
        if self.expired():
            raise self.exceeded()

    def exceeded(self) -> BudgetExceeded:
        reason = self.reason or "time"
        if reason == "cancelled":
            return BudgetExceeded("the work was cancelled", reason)
        if reason == "nodes":
            return BudgetExceeded(f"the work needs more than {self.nodes:,} search nodes", reason)
        return BudgetExceeded(f"the work needs more than {self.nominal:g} s", reason)

    def cancel(self) -> None:
        self.flag[0] = CANCELLED

    # -- for the solver ---------------------------------------------------------------------

    def node_allowance(self) -> int:
        """Nodes the next kernel call may search."""
        if self.nodes is None:
            return int(NO_LIMIT)
        return max(0, self.nodes - self.nodes_used)

    def spend(self, nodes: int) -> None:
        self.nodes_used += nodes

    # -- activation -------------------------------------------------------------------------

    @contextmanager
    def active(self) -> Iterator[Budget]:
        """Make this the budget of the code inside the block (and start its watchdog)."""
        token = _CURRENT.set(self)
        entry = _WATCHDOG.watch(self) if self.deadline is not None else None
        try:
            yield self
        finally:
            _CURRENT.reset(token)
            if entry is not None:
                _WATCHDOG.forget(entry)


def current() -> Budget | None:
    """The active budget, if any."""
    return _CURRENT.get()


def checkpoint() -> None:
    """Raise :class:`BudgetExceeded` if the active budget has run out (no budget: no-op)."""
    b = _CURRENT.get()
    if b is not None:
        b.check()


@contextmanager
def unlimited() -> Iterator[None]:
    """Run a block with no budget at all (a bounded fallback after the budget ran out)."""
    token = _CURRENT.set(None)
    try:
        yield
    finally:
        _CURRENT.reset(token)


class _Watchdog:
    """One daemon thread that sets the flag of every active budget at its deadline."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Budget]] = []
        self._live: set[int] = set()
        self._ids = itertools.count()
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None

    def watch(self, budget: Budget) -> int:
        assert budget.deadline is not None
        with self._cv:
            entry = next(self._ids)
            heapq.heappush(self._heap, (budget.deadline, entry, budget))
            self._live.add(entry)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="wordlekit-budget-watchdog", daemon=True
                )
                self._thread.start()
            self._cv.notify()
        return entry

    def forget(self, entry: int) -> None:
        with self._cv:
            self._live.discard(entry)

    def _run(self) -> None:
        with self._cv:
            while True:
                while self._heap and self._heap[0][1] not in self._live:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cv.wait()
                    continue
                deadline, entry, budget = self._heap[0]
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._cv.wait(wait)
                    continue
                heapq.heappop(self._heap)
                self._live.discard(entry)
                if budget.flag[0] == RUNNING:
                    budget.flag[0] = TIMEOUT


_WATCHDOG = _Watchdog()
