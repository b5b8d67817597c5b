"""A worker process of the :mod:`work pool <wordlekit.services.pool>`: it loads the matrix
and warms every kernel once, then runs one task at a time under the budget the pool sends
with it. The stop flag lives in shared memory, so the pool can stop the work (at the
deadline, or when the client has gone) without waiting for this process's GIL.

Messages to the pool: ``("progress", text)`` for each step of the warm-up (what it did and
how long it took), ``("ready", pid)`` or ``("failed", why)`` once, then for every task
``(task id, retiring, status, ...)`` where status is ``ok`` (the result), ``budget`` (the
reason and message), ``invalid`` (bad input: the error itself, pickled with its attributes) or
``error`` (a fault of ours, logged here; the pool raises it as an InternalError). A worker
whose memory has grown past its limit says it is retiring and exits; the pool starts a new
one.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing.connection
import os
import pickle
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit import budget as work
from wordlekit.core.codes import pattern_dtype
from wordlekit.core.feedback import Turn, score
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.fast.matrix import PatternMatrix, cache_path
from wordlekit.fast.partition import load_numba
from wordlekit.services.operations import operation
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState

log = logging.getLogger("wordlekit.services.worker")


def portable(error: WordleError) -> WordleError:
    """``error`` if it survives pickling (every :mod:`wordlekit.errors` class does, with its
    attributes), else a plain :class:`WordleError` with its message."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return WordleError(str(error))
    return error


def rss_mb() -> float:
    """This process's resident memory in MiB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):  # pragma: no cover - not Linux
        return 0.0


class Stopwatch:
    """Times the steps of a warm-up and tells ``report`` what each one did and took."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self.report = report

    @contextlib.contextmanager
    def step(self, what: str) -> Iterator[None]:
        start = time.perf_counter()
        yield
        self.report(f"{what} ({time.perf_counter() - start:.1f} s)")


def warm(wordlist: WordList, report: Callable[[str], None] = lambda text: None) -> Any:
    """Load the matrix and every kernel a task can reach, before the first task (and with
    no budget), telling ``report`` what each step took: compiling the solver inside a task
    (7.5 s from a cold numba cache) would overrun every budget, get the worker killed before
    numba could cache the code, and start again in the next worker."""
    # the exact search and Absurdle's kernels load numba: imported in the worker, not when
    # the server imports this module
    from wordlekit.solve.optimal_cache import default_opener, opening_tree
    from wordlekit.solve.solver import Solver
    from wordlekit.solve.weighted import WeightedSolver

    clock = Stopwatch(report)
    load_numba()  # the kernels' modules; each kernel compiles (or loads) on its first call
    pm = PatternMatrix.for_list(wordlist)
    pm.transposed  # noqa: B018
    g, a = pm.data.shape
    how = "read from the cache" if pm.source == "cache" else "built and cached (first start)"
    report(f"pattern matrix {g:,} x {a:,} {how} ({pm.seconds:.1f} s)")
    with clock.step("first-guess figures and the entropy strategy"):
        state = GameState.start(pm)
        state.figures()
        small = GameState(pm, (), np.arange(min(50, len(wordlist.answers)), dtype=np.int64))
        get_strategy("entropy").rank(small, 1)
    # the proven trees the optimal strategy follows (from the disk cache after the first run)
    with clock.step("the optimal strategy's proven opening trees (and the solver compiled)"):
        for mode in (Mode.NORMAL, Mode.HARD):
            with contextlib.suppress(WordleError):
                opener = default_opener(pm, mode, 6)
                opening_tree(pm, opener, mode=mode, max_guesses=6)
    # every compiled path of the operations, on small cases: the solver (normal and hard),
    # the review's estimate, the bot
    answers = wordlist.answers
    with clock.step("the exact solver, the review and the bot"):
        for mode in (Mode.NORMAL, Mode.HARD):
            solver = Solver(pm, mode, 6)
            solver.solve(np.arange(min(12, len(answers)), dtype=np.int32), 6)
            solver.feasible(np.arange(min(12, len(answers)), dtype=np.int32), 3)
            # the weighted search (the optimal strategy under the likely prior)
            weighted = WeightedSolver(pm, mode, weights=np.ones(len(answers)))
            few = np.arange(min(12, len(answers)), dtype=np.int32)
            weighted.solve(few, 6)
            weighted.ranked(few, 6, *weighted.base.constraints())
        answer, other = answers[0], answers[len(answers) // 2]
        game = [Turn(other, score(other, answer)), Turn(answer, score(answer, answer))]
        operation("review")(pm, game, answer=answer)
        operation("solve")(pm, answer, strategy="optimal", start=other)
    # the Assist page's default answer model: its square matrix (memory-mapped from the disk
    # cache, 0.8 s; built and cached in 3.7 s on the first start) and its kernels
    with (
        clock.step("the helper's answer model (its square matrix)"),
        contextlib.suppress(WordleError),
    ):
        operation("assist")(pm, game[:1], answers="likely", top=1)
    # random play's kernel, compiled here so that the child process a request forks for it
    # (services.randomplay.word_figures) inherits it, and its answers-only matrix on disk
    with clock.step("random play's kernel and its answers-only matrix"):
        from wordlekit.services.randomplay import answers_only

        warm_random_play(wordlist)
        PatternMatrix.for_list(answers_only(wordlist))
    # Absurdle's proof from the start reaches every kernel of its search (hard mode is an
    # argument of the same compiled code); bounded, since on a list of its own the proof may
    # be long, and the kernels compile all the same
    with (
        clock.step("Absurdle's solver"),
        work.Budget(seconds=10).active(),
        contextlib.suppress(WordleError),
    ):
        operation("absurdle_solve")(pm)
    return pm


class Matrices:
    """The matrices of a worker: its own list's (warm, kept) and, by name, the other bundled
    lists' (read from the disk cache when a task names one; the last one is kept: a large
    list's matrix and its derived arrays take a few hundred MB)."""

    def __init__(self, home: Any, keep: int = 1) -> None:
        self.home = home
        self.keep = keep
        self.others: dict[str, Any] = {}

    def prepare(self) -> None:
        """Make sure every bundled list's matrix is in the disk cache (built once per machine:
        a task then only reads it; building the largest takes about as long as a request's
        budget), and compile the kernels for each kind of matrix the lists use, on a small
        list of that kind (uint16 for 6 to 8 letters): the types matter to numba, not the
        sizes, so no large matrix is read at start-up."""
        from wordlekit.core.words import BUNDLED

        kinds: dict[Any, WordList] = {}
        for name in BUNDLED:
            if name == self.home.wordlist.name:
                continue
            wl = WordList.bundled(name)
            if not cache_path(wl).exists():
                PatternMatrix.for_list(wl)
            kinds.setdefault(pattern_dtype(wl.length), wl)
        kinds.pop(self.home.data.dtype.type, None)
        for wl in kinds.values():
            small = WordList(f"{wl.name}-warm", wl.answers[:40], wl.allowed[:40])
            warm_kernels(PatternMatrix.build(small))

    def get(self, name: str | None) -> Any:
        """The matrix of the bundled list ``name`` (none: the worker's own list)."""
        if name is None or name == self.home.wordlist.name:
            return self.home
        pm = self.others.pop(name, None)
        if pm is None:
            pm = PatternMatrix.for_list(WordList.bundled(name))
        self.others[name] = pm
        while len(self.others) > self.keep:
            self.others.pop(next(iter(self.others)))
        return pm


def warm_random_play(wordlist: WordList) -> None:
    """Random play's kernel for the kind of matrix of ``wordlist``, on its first answers."""
    from wordlekit.analysis.randomplay import Solver as RandomPlaySolver

    first = WordList(f"{wordlist.name}-warm", wordlist.answers[:20])
    RandomPlaySolver(first).solve(first.answers[0])


def warm_kernels(pm: Any) -> None:
    """The kernels the operations reach on a matrix of another kind (small cases)."""
    state = GameState.start(pm)
    state.figures()
    answers = pm.wordlist.answers
    small = GameState(pm, (), np.arange(min(50, len(answers)), dtype=np.int64))
    get_strategy("entropy").rank(small, 1)
    answer, other = answers[0], answers[len(answers) // 2]
    game = [Turn(other, score(other, answer)), Turn(answer, score(answer, answer))]
    operation("solve")(pm, answer, strategy="entropy", start=other)
    warm_random_play(pm.wordlist)
    # the review of a large list takes seconds: bounded, its kernels compile all the same
    with work.Budget(seconds=0.5).active(), contextlib.suppress(WordleError):
        operation("review")(pm, game, answer=answer)


@dataclass(frozen=True)
class WorkerSettings:
    """What a worker process needs to know of its pool's settings."""

    operations: str  # "module:attribute" of the table: name -> "module:function" or function
    nice: int
    memory_mb: int


def serve(
    conn: multiprocessing.connection.Connection,
    flag_buffer: Any,
    wordlist: WordList,
    settings: WorkerSettings,
) -> None:  # pragma: no cover - runs in the child process (tested through the pool)
    """The worker's life: warm up, say "ready", then run tasks until told to stop."""
    import importlib

    module, _, attribute = settings.operations.partition(":")
    operations = getattr(importlib.import_module(module), attribute)
    nice, memory_mb = settings.nice, settings.memory_mb
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    with contextlib.suppress(OSError):
        os.nice(nice)
    import numba

    # One thread: the exact search would otherwise search a first guess's buckets on every
    # core, and the server's own threads must keep one (see wordlekit.solve.parallel).
    numba.set_num_threads(1)
    flag: npt.NDArray[np.int64] = np.frombuffer(flag_buffer, dtype=np.int64)

    def report(text: str) -> None:
        with contextlib.suppress(OSError, ValueError):  # the server may be gone already
            conn.send(("progress", text))

    try:
        matrix = warm(wordlist, report)
        matrices = Matrices(matrix)
        with Stopwatch(report).step("the other bundled lists' matrices (cached on disk)"):
            matrices.prepare()
    except Exception as e:
        with contextlib.suppress(OSError, ValueError):  # the server may be gone already
            conn.send(("failed", f"{type(e).__name__}: {e}"))
        return
    try:
        conn.send(("ready", os.getpid()))
    except (OSError, ValueError):  # the server stopped while this worker started
        return
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        task_id, op, kwargs, seconds, nodes, nominal, *rest = msg
        words = rest[0] if rest else None
        b = work.Budget(seconds, nodes, flag=flag, nominal=nominal)
        try:
            with b.active():
                pm = matrices.get(words)
                reply: tuple[Any, ...] = ("ok", operation(op, operations)(pm, **kwargs))
        except BudgetExceeded as e:
            reply = ("budget", e.reason, str(e))
        except WordleError as e:  # sent as it is, whatever module defines its class
            reply = ("invalid", portable(e))
        except Exception as e:  # an internal fault: the pool raises InternalError
            log.exception("task %s failed", op)
            reply = ("error", f"{op} failed: {type(e).__name__}: {e}")
        retiring = rss_mb() > memory_mb
        try:
            conn.send((task_id, retiring, *reply))
        except (OSError, ValueError):
            return
        if retiring:
            return
