"""Independent searches on several threads: the buckets of a first guess at once.

The compiled search releases the GIL, so threads run it in parallel; each thread has its own
:meth:`~wordlekit.solve.solver.Solver.fork` (a memo of its own: the kernel's memo is not
safe to share), and the main solver absorbs the forks' memos at the end, so the tree read
out of it afterwards needs no search again. The buckets of one guess are disjoint sets, so
separate memos lose little: measured on SALET (normal mode), 2,626 nodes on one thread and
2,6xx on two.

Used only without a cut-off (``beta``): with one, the buckets are solved one after another so
that a guess that cannot beat it stops at its first expensive bucket.
"""

from __future__ import annotations

import contextvars
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numba

from wordlekit.solve.solver import Candidates, Constraints, Solver

#: One search: (candidates, guesses left, hard-mode constraints).
Job = tuple[Candidates, int, Constraints, Constraints]


def default_threads() -> int:
    """numba's thread count: every core, or 1 where the caller set it so (a worker process of
    a cluster or of the web app already has a core to itself)."""
    return max(1, int(numba.get_num_threads()))


def solve_all(
    solver: Solver,
    jobs: Sequence[Job],
    threads: int,
    done: Callable[[int], None] | None = None,
) -> list[int]:
    """The value of every job (in order), largest jobs first, on ``threads`` threads.
    ``done(k)`` is called (on a worker thread) as job ``k`` finishes. Honours the active work
    budget on every thread; its ``BudgetExceeded`` is raised here."""
    order = deque(sorted(range(len(jobs)), key=lambda k: -len(jobs[k][0])))
    values = [0] * len(jobs)
    lock = threading.Lock()
    solvers = [solver, *(solver.fork() for _ in range(max(0, threads - 1)))]

    def work(s: Solver) -> None:
        while True:
            with lock:
                if not order:
                    return
                k = order.popleft()
            cands, depth, fixed, mincnt = jobs[k]
            values[k] = s.solve(cands, depth, fixed=fixed, mincnt=mincnt)
            if done is not None:
                done(k)

    try:
        with ThreadPoolExecutor(len(solvers), thread_name_prefix="wordlekit-solve") as ex:
            futures = [ex.submit(contextvars.copy_context().run, work, s) for s in solvers]
            for f in futures:
                f.result()
    finally:
        for s in solvers[1:]:
            solver.absorb(s)
    return values
