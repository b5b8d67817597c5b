"""Worker processes for the expensive operations of a server, each request under a budget.

A server (the web app) must answer a guess in milliseconds while someone asks for the exact
solver from a poor opener. So every operation of :mod:`wordlekit.services.operations` that
can run long runs here, in a few worker processes started once (each with the pattern matrix
loaded and the kernels warm) and niced below the server, never on the server's own threads:

- **Budget.** Every task gets at most ``budget`` seconds (less the time it waited for a
  worker) and ``nodes`` solver nodes. The stop flag of each worker lives in shared memory: a
  monitor thread here sets it at the deadline, and the solver kernel, which checks it at every
  node, stops. The operation then returns its labelled fallback (see
  :mod:`wordlekit.services.operations`) within ``grace`` seconds, or the worker is killed and
  replaced: nothing runs on.
- **Cancellation.** A caller that goes away (a closed connection) sets the flag to
  "cancelled"; the worker drops the task and takes the next.
- **Admission.** At most ``per_player`` tasks in flight per player and ``per_address`` per
  client address; expensive tasks (the exact solver, reviews) use at most ``heavy_slots``
  workers so cheap ones always find one; at most ``max_waiting`` tasks wait, each at most half
  the budget. Beyond that :class:`~wordlekit.errors.ClientBusy` (this client's limit) or
  :class:`~wordlekit.errors.ServerBusy` (the server's), with a retry delay.
- **Memory.** A worker whose resident memory passes ``memory_mb`` after a task is replaced.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit import budget as work
from wordlekit.core.words import WordList
from wordlekit.errors import (
    BudgetExceeded,
    InternalError,
    ServerBusy,
    WordleError,
    WorkerFailed,
)
from wordlekit.services import worker
from wordlekit.services.limits import ClientLimits

__all__ = ["PoolConfig", "WorkPool", "shared_pool"]

log = logging.getLogger("wordlekit.services.pool")


@dataclass(frozen=True)
class PoolConfig:
    """Limits of a :class:`WorkPool` (the defaults suit the 2-core machines here)."""

    workers: int = 2
    budget: float = 2.0  # seconds per request, waiting included
    nodes: int | None = 200_000  # solver nodes per request (~10x what 2 s allows on big sets)
    grace: float = 0.6  # after the budget: time to answer with the fallback, then kill
    heavy_slots: int | None = None  # workers expensive tasks may hold (default workers - 1)
    max_waiting: int = 8
    per_player: int = 2
    #: Below ``workers + max_waiting``, so that one address cannot take every place.
    per_address: int = 4
    memory_mb: int = 700
    nice: int = 5
    #: Where the workers find their operations ("module:attribute", a dict name -> function
    #: of the matrix and keyword arguments); tests point it at operations of their own.
    operations: str = "wordlekit.services.operations:OPERATIONS"

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise WordleError("a work pool needs at least one worker")
        if self.budget <= 0:
            raise WordleError("the budget must be a positive number of seconds")
        places = self.workers + self.max_waiting
        if self.per_address >= places:
            raise WordleError(
                f"--per-address ({self.per_address}) must be below --workers plus "
                f"--max-waiting ({places}): one address could take every place"
            )

    @property
    def worker_settings(self) -> worker.WorkerSettings:
        return worker.WorkerSettings(self.operations, self.nice, self.memory_mb)

    @property
    def heavy(self) -> int:
        if self.heavy_slots is not None:
            return max(1, self.heavy_slots)
        return max(1, self.workers - 1)


# The pool, in the server process --------------------------------------------------------------


@dataclass
class _Task:
    id: int
    op: str
    future: concurrent.futures.Future[tuple[Any, ...]]
    soft_deadline: float
    hard_deadline: float
    heavy: bool


class _Worker:
    def __init__(self, index: int) -> None:
        self.index = index
        self.process: Any = None
        self.conn: multiprocessing.connection.Connection | None = None
        self.flag: npt.NDArray[np.int64] = np.zeros(1, dtype=np.int64)
        self.ready = False
        self.task: _Task | None = None
        self.reserved = False  # handed to a caller that has not sent its task yet
        self.retiring = False
        self.failures = 0  # start-ups that failed in a row (no endless respawning)
        self.spawned = 0.0  # when its process started (monotonic), for the warm-up's log
        self.warmed = False  # ready once at least: a replacement is not a first warm-up

    @property
    def free(self) -> bool:
        return self.ready and self.task is None and not self.reserved and not self.retiring


@dataclass
class _Waiter:
    heavy: bool
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[_Worker]
    worker: _Worker | None = None


class WorkPool:
    """Worker processes running :data:`wordlekit.services.operations.OPERATIONS` under budgets."""

    def __init__(self, wordlist: WordList, config: PoolConfig | None = None) -> None:
        self.wordlist = wordlist
        self.config = config or PoolConfig()
        self._lock = threading.RLock()
        self._ready = threading.Condition(self._lock)
        self._workers = [_Worker(i) for i in range(self.config.workers)]
        self._waiters: list[_Waiter] = []
        self._limits = ClientLimits(self.config.per_player, self.config.per_address)
        self._heavy_running = 0
        self._ids = itertools.count(1)
        self._started = False
        self._closed = False
        self._mp = multiprocessing.get_context("spawn")
        self.counters = {"tasks": 0, "killed": 0, "respawned": 0, "cancelled": 0, "rejected": 0}

    # -- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        """Start the workers (idempotent); they become ready after their warm-up."""
        with self._lock:
            if self._started or self._closed:
                return
            self._started = True
            for w in self._workers:
                self._spawn(w)
        threading.Thread(target=self._monitor, name="wordlekit-pool-monitor", daemon=True).start()

    def wait_ready(self, timeout: float = 120.0) -> bool:
        """Block until every worker is ready (start-up, tests)."""
        self.start()
        end = time.monotonic() + timeout
        with self._ready:
            while not all(w.ready for w in self._workers):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._ready.wait(left)
        return True

    def close(self) -> None:
        with self._lock:
            self._closed = True
            running = [(w.conn, w.process) for w in self._workers if w.process and w.conn]
        for conn, _ in running:
            with contextlib.suppress(Exception):
                assert conn is not None
                conn.send(None)
        for _, proc in running:
            proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)

    def status(self) -> dict[str, Any]:
        with self._lock:
            return {
                "workers": len(self._workers),
                "ready": sum(w.ready for w in self._workers),
                "warming": sum(w.process is not None and not w.ready for w in self._workers),
                "busy": sum(w.task is not None for w in self._workers),
                "waiting": len(self._waiters),
                **self.counters,
                "rejected": self.counters["rejected"] + self._limits.rejected,
            }

    def _spawn(self, w: _Worker) -> None:
        parent, child = self._mp.Pipe()
        buffer = self._mp.RawArray("q", 1)
        w.flag = np.frombuffer(buffer, dtype=np.int64)
        w.process = self._mp.Process(
            target=worker.serve,
            args=(child, buffer, self.wordlist, self.config.worker_settings),
            name=f"wordlekit-worker-{w.index}",
            daemon=True,
        )
        w.process.start()
        child.close()
        w.conn = parent
        w.ready = w.retiring = w.reserved = False
        w.task = None
        w.spawned = time.monotonic()
        threading.Thread(
            target=self._read,
            args=(w, parent, w.process),
            name=f"wordlekit-reader-{w.index}",
            daemon=True,
        ).start()

    # -- threads ----------------------------------------------------------------------------

    def _read(self, w: _Worker, conn: multiprocessing.connection.Connection, proc: Any) -> None:
        """Messages of one worker process, until it exits."""
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                if w.process is not proc:
                    break  # replaced meanwhile
                if msg[0] == "progress":
                    log.info("worker %d: %s", w.index + 1, msg[1])
                    continue
                if msg[0] == "ready":
                    log.info(
                        "worker %d ready after %.1f s",
                        w.index + 1,
                        time.monotonic() - w.spawned,
                    )
                    w.ready = w.warmed = True
                    w.failures = 0
                    self._ready.notify_all()
                    self._dispatch()
                    continue
                if msg[0] == "failed":
                    log.error("a worker failed to start: %s", msg[1])
                    w.failures += 1
                    break
                task_id, retiring, *reply = msg
                task = w.task
                if task is not None and task.id == task_id:
                    self._finish(w, task)
                    task.future.set_result(tuple(reply))
                if retiring:  # it exits now and is replaced: not ready until then
                    w.retiring, w.ready = True, False
                self._dispatch()
        with contextlib.suppress(Exception):
            conn.close()
        proc.join(5.0)
        with self._lock:
            if w.process is proc:
                self._lost(w, "the worker process ended")

    def _monitor(self) -> None:
        """Set the stop flag at each task's deadline; kill workers that overrun the grace."""
        while not self._closed:
            time.sleep(0.05)
            now = time.monotonic()
            with self._lock:
                for w in self._workers:
                    task = w.task
                    if task is None:
                        continue
                    if now >= task.soft_deadline and w.flag[0] == work.RUNNING:
                        w.flag[0] = work.TIMEOUT
                    if now >= task.hard_deadline:
                        log.warning("killing worker %d: %s overran its budget", w.index, task.op)
                        self.counters["killed"] += 1
                        self._kill(w)

    def _kill(self, w: _Worker) -> None:
        proc = w.process
        with contextlib.suppress(Exception):
            proc.kill()
        self._lost(w, "the work did not stop within its budget and was stopped")

    def _lost(self, w: _Worker, why: str) -> None:
        """A worker is gone (killed, crashed, retired): fail its task and replace it."""
        task = w.task
        if task is not None:
            self._finish(w, task)
            if not task.future.done():
                task.future.set_exception(WorkerFailed(why))
        w.ready = False
        w.process = None
        if w.failures >= 3:
            log.error("worker %d failed to start 3 times: not restarted", w.index)
        elif not self._closed:
            self.counters["respawned"] += 1
            self._spawn(w)

    def _finish(self, w: _Worker, task: _Task) -> None:
        w.task = None
        if task.heavy:
            self._heavy_running -= 1

    # -- admission --------------------------------------------------------------------------

    def _take(self, heavy: bool) -> _Worker | None:
        if heavy and self._heavy_running >= self.config.heavy:
            return None
        for w in self._workers:
            if w.free:
                w.reserved = True
                if heavy:
                    self._heavy_running += 1
                return w
        return None

    def _dispatch(self) -> None:
        """Hand free workers to waiters, first come first served."""
        for waiter in list(self._waiters):
            w = self._take(waiter.heavy)
            if w is None:
                continue
            self._waiters.remove(waiter)
            waiter.worker = w
            try:
                waiter.loop.call_soon_threadsafe(_resolve, waiter.future, w)
            except RuntimeError:  # that event loop has closed: nobody waits any more
                self._release(w, waiter.heavy)

    def _release(self, w: _Worker, heavy: bool) -> None:
        """Give back a reserved worker that never received its task."""
        w.reserved = False
        if heavy:
            self._heavy_running -= 1
        self._dispatch()

    async def _acquire(self, heavy: bool, wait: float) -> _Worker:
        loop = asyncio.get_running_loop()
        with self._lock:
            w = self._take(heavy)
            if w is not None:
                return w
            if len(self._waiters) >= self.config.max_waiting:
                self.counters["rejected"] += 1
                raise self._busy()
            waiter = _Waiter(heavy, loop, loop.create_future())
            self._waiters.append(waiter)
        try:
            return await asyncio.wait_for(asyncio.shield(waiter.future), wait)
        except asyncio.CancelledError:
            self._abandon(waiter, heavy)
            raise
        except TimeoutError:
            self._abandon(waiter, heavy)
            with self._lock:
                self.counters["rejected"] += 1
                busy = self._busy()
            raise busy from None

    def _busy(self) -> ServerBusy:
        """Why no worker could take a request: still warming up, unable to start, or busy."""
        if any(w.ready for w in self._workers):
            return ServerBusy(
                "the server is busy with other long computations: try again shortly",
                retry_after=max(1, round(self.config.budget)),
            )
        if all(w.process is None and w.failures >= 3 for w in self._workers):
            return ServerBusy(
                "the solver could not start on this server (see its log): the games, "
                "guesses and statistics still work",
                retry_after=60,
            )
        if not any(w.warmed for w in self._workers):
            return ServerBusy(
                "the solver is warming up (the server has just started; a first start "
                "compiles it and builds its caches): try again in a few seconds",
                retry_after=5,
            )
        return ServerBusy(
            "the solver's workers are restarting: try again in a few seconds", retry_after=5
        )

    def _abandon(self, waiter: _Waiter, heavy: bool) -> None:
        with self._lock:
            if waiter.worker is not None:  # handed over just as the wait ended
                self._release(waiter.worker, heavy)
            else:
                self._waiters.remove(waiter)

    def check_limits(self, player: str = "", address: str = "") -> None:
        """Raise :class:`~wordlekit.errors.ClientBusy` if this player or address is at its
        limit (a cheap early check before a request is even parsed; :meth:`run` checks
        again)."""
        self._limits.check(player, address)

    # -- running ----------------------------------------------------------------------------

    async def run(
        self,
        op: str,
        kwargs: dict[str, Any],
        *,
        player: str = "",
        address: str = "",
        heavy: bool = False,
        disconnected: Callable[[], Awaitable[bool]] | None = None,
        words: str | None = None,
    ) -> Any:
        """Run ``services.OPERATIONS[op](matrix, **kwargs)`` in a worker, within the budget.

        ``words`` names the bundled list whose matrix the operation works on (none: the
        pool's own list); every list's task goes through the same workers, limits and budget.

        Raises :class:`~wordlekit.errors.Busy` (no capacity), :class:`WordleError` (bad input,
        as the operation raised it), :class:`BudgetExceeded` (no answer within the budget, or
        cancelled), :class:`InternalError` (the operation failed: a fault of ours, logged by
        the worker) or :class:`WorkerFailed` (the worker crashed or was killed).
        """
        self.start()
        arrived = time.monotonic()
        with self._limits.admitted(player, address):
            w = await self._acquire(heavy, self.config.budget / 2)
            seconds = max(0.05, self.config.budget - (time.monotonic() - arrived))
            task = self._send(w, op, kwargs, seconds, heavy, words)
            reply = await self._wait(w, task, disconnected)
        status = reply[0]
        if status == "ok":
            return reply[1]
        if status == "invalid":
            raise reply[1]  # the input error as the worker raised it (its class, its turn)
        if status == "budget":
            raise BudgetExceeded(reply[2], reply[1])
        raise InternalError(str(reply[1]))

    def _send(
        self,
        w: _Worker,
        op: str,
        kwargs: dict[str, Any],
        seconds: float,
        heavy: bool,
        words: str | None = None,
    ) -> _Task:
        """Hand a task to the worker reserved for it, with ``seconds`` of budget."""
        cfg = self.config
        now = time.monotonic()
        task = _Task(
            next(self._ids), op, concurrent.futures.Future(), now + seconds,
            now + seconds + cfg.grace, heavy,
        )  # fmt: skip
        with self._lock:
            w.reserved = False
            if w.process is None or not w.ready:  # died while reserved
                if heavy:
                    self._heavy_running -= 1
                raise WorkerFailed("the worker was being replaced")
            w.flag[0] = work.RUNNING
            w.task = task
            self.counters["tasks"] += 1
            assert w.conn is not None
            try:
                w.conn.send((task.id, op, kwargs, seconds, cfg.nodes, cfg.budget, words))
            except (OSError, ValueError) as e:
                self._kill(w)
                raise WorkerFailed(f"the worker could not take the task: {e}") from None
        return task

    async def _wait(
        self,
        w: _Worker,
        task: _Task,
        disconnected: Callable[[], Awaitable[bool]] | None,
    ) -> tuple[Any, ...]:
        result = asyncio.wrap_future(task.future)
        try:
            while True:
                done, _ = await asyncio.wait({result}, timeout=0.1)
                if done:
                    return result.result()
                if disconnected is not None and await disconnected():
                    self._cancel(w, task)
                    disconnected = None
        except asyncio.CancelledError:
            self._cancel(w, task)
            raise

    def _cancel(self, w: _Worker, task: _Task) -> None:
        with self._lock:
            if w.task is task:
                w.flag[0] = work.CANCELLED
                self.counters["cancelled"] += 1


def _resolve(future: asyncio.Future[_Worker], w: _Worker) -> None:
    if not future.done():
        future.set_result(w)


_SHARED: dict[tuple[str, PoolConfig], WorkPool] = {}
_SHARED_LOCK = threading.Lock()


def shared_pool(wordlist: WordList, config: PoolConfig | None = None) -> WorkPool:
    """One pool per (lists, settings) in this process, closed when the process exits (apps
    made again and again, as in tests, share their workers)."""
    import atexit

    cfg = config or PoolConfig()
    key = (wordlist.content_hash, cfg)
    with _SHARED_LOCK:
        pool = _SHARED.get(key)
        if pool is None:
            pool = _SHARED[key] = WorkPool(wordlist, cfg)
            atexit.register(pool.close)
        return pool
