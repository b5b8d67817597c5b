"""First guesses examined on threads: the scan behind :meth:`Search.first_guesses
<wordlekit.solve.absurdle.Search.first_guesses>`.

Kept apart from the search itself: it is thread work (a shared queue of guesses, the work
budget carried onto each thread, errors and Ctrl-C brought back to the caller) and knows
nothing of Absurdle but a function that examines one guess.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from wordlekit import budget as budgets
from wordlekit.errors import BudgetExceeded

Progress = Callable[[int, int, int], None]
"""``progress(done, total, found)``: first guesses examined, of how many, wins found."""


class Scan:
    """First guesses examined in order on threads, until all are done or ``limit`` wins are
    found (then the guesses already handed out finish, so the wins are those of a prefix of
    the order: the same on any number of threads)."""

    def __init__(
        self,
        examine: Callable[[int], list[int] | None],
        order: list[int],
        limit: int | None,
        progress: Progress | None,
        partial: bool = False,
    ) -> None:
        self.examine = examine
        self.partial = partial
        self.stopped: str | None = None
        self.cancelled = False
        self.order = order
        self.limit = limit
        self.progress = progress
        self.results: dict[int, list[int] | None] = {}
        self.errors: list[BaseException] = []
        self._lock = threading.Lock()
        self._next = 0
        self._found = 0
        self._budget = budgets.current()

    def _take(self) -> int | None:
        with self._lock:
            if self.errors or self.stopped or self.cancelled or self._next >= len(self.order):
                return None
            if self.limit is not None and self._found >= self.limit:
                return None
            self._next += 1
            return self._next - 1

    def _work(self) -> None:
        try:
            with carried_budget(self._budget):
                while (k := self._take()) is not None:
                    budgets.checkpoint()
                    res = self.examine(self.order[k])
                    with self._lock:
                        self.results[k] = res
                        self._found += res is not None
                        done, found = len(self.results), self._found
                    if self.progress is not None:
                        self.progress(done, len(self.order), found)
        except BudgetExceeded as e:
            with self._lock:
                if self.partial:
                    self.stopped = self.stopped or str(e)
                else:
                    self.errors.append(e)
        except BaseException as e:  # re-raised on the caller's thread
            with self._lock:
                self.errors.append(e)

    def run(self, threads: int) -> int:
        n = max(1, min(threads, len(self.order) or 1))
        if n == 1:
            self._work()
        else:
            pool = ThreadPoolExecutor(n)
            try:
                for future in [pool.submit(self._work) for _ in range(n)]:
                    future.result()
            except BaseException:
                # Ctrl-C on the main thread: the workers stop after the guess in hand
                # (a fraction of a second) instead of finishing the whole scan.
                with self._lock:
                    self.cancelled = True
                raise
            finally:
                pool.shutdown(wait=True)
        if self.errors:
            raise self.errors[0]
        return n

    def wins(self) -> list[tuple[int, list[int]]]:
        return [(k, r) for k, r in sorted(self.results.items()) if r is not None]


class carried_budget:
    """Make ``budget`` active on a worker thread (context variables do not cross threads)."""

    def __init__(self, budget: budgets.Budget | None) -> None:
        self._budget = budget
        self._cm: Any = None

    def __enter__(self) -> None:
        if self._budget is not None:
            self._cm = self._budget.active()
            self._cm.__enter__()

    def __exit__(self, *exc: object) -> None:
        if self._cm is not None:
            self._cm.__exit__(*exc)
