"""Sending batches of words to Dask: the client (a local cluster of one process per core, or
the scheduler at an address) and the tasks of one ranking run.

The only module that talks to ``distributed``: its settings (the profiler off, glibc's
allocator thresholds) and its partially typed API stay here, away from the methods
(:mod:`wordlekit.analysis.opener_methods`) that the workers run.

A run asks a :class:`Feed` for its batches: all at once (the cheap methods, whose batches are
few), or lazily, a few in flight per worker thread, for the exact method, so each batch
leaves with the cut-off of its time (the best value found so far, a task argument) and every
result that lands may lower it for the next.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any, Protocol

from wordlekit.analysis.opener_methods import (
    Method,
    Ranked,
    Settings,
    compute_batch,
    promising_order,
    warm_worker,
)
from wordlekit.core.words import WordList
from wordlekit.errors import RankError


class Feed(Protocol):
    """Where a run's batches come from and its results go."""

    def next_batch(self) -> tuple[list[str], dict[str, Any]] | None:
        """The next batch of words and its task's keyword arguments (None: no more)."""

    def land(self, results: list[Ranked], seconds: float) -> None:
        """A batch's results (in any order of batches), ``seconds`` after the workers were
        ready."""


#: Seconds between two looks at the cluster's size (workers may join or leave a cluster).
RESIZE_EVERY = 5.0


class Session:
    """One ranking's work on a cluster: every worker warmed (the lists' matrix and the
    kernels loaded before the first task, so set-up is charged to no batch) and the lists
    sent to each once (tasks carry only a reference; the 30 MB matrix never travels)."""

    def __init__(self, client: Any, wordlist: WordList, method: Method) -> None:
        self.client = client
        lists = (wordlist.answers, wordlist.allowed, wordlist.name)
        client.run(warm_worker, lists, method)
        self.t0 = time.perf_counter()  # rates count from here: the cluster is up and warm
        self.lists = client.scatter(lists, broadcast=True, hash=False)
        self._threads = 0
        self._looked = -RESIZE_EVERY

    def threads(self) -> int:
        """The cluster's worker threads (looked up at most every :data:`RESIZE_EVERY` s)."""
        now = time.perf_counter()
        if now - self._looked >= RESIZE_EVERY:
            self._looked = now
            self._threads = max(1, sum(self.client.nthreads().values()))
        return self._threads

    def order(self, words: Sequence[str]) -> list[str]:
        """``words`` most promising first (:func:`promising_order`, on a worker)."""
        fut = self.client.submit(promising_order, list(words), self.lists, pure=False)
        return list(fut.result())

    def run(self, feed: Feed, settings: Settings, *, per_thread: int | None = None) -> None:
        """Value every batch ``feed`` gives: all submitted at once (``per_thread`` None), or
        about ``per_thread`` batches per worker thread in flight, the next one asked for as
        each lands (so its arguments are those of that moment)."""
        from distributed import as_completed

        def submit(task: tuple[list[str], dict[str, Any]]) -> Any:
            words, kwargs = task
            return self.client.submit(
                compute_batch, words, settings=settings, lists=self.lists, pure=False, **kwargs
            )

        if per_thread is None:
            tasks = []
            while (task := feed.next_batch()) is not None:
                tasks.append(task)
            futures = [submit(t) for t in tasks]
            for fut in as_completed(futures):
                feed.land(fut.result(), time.perf_counter() - self.t0)
            return
        pending = as_completed()
        in_flight = 0
        exhausted = False

        def top_up() -> None:
            nonlocal in_flight, exhausted
            while not exhausted and in_flight < per_thread * self.threads():
                task = feed.next_batch()
                if task is None:
                    exhausted = True
                    return
                pending.add(submit(task))
                in_flight += 1

        top_up()
        for fut in pending:
            in_flight -= 1
            results = fut.result()
            fut.release()
            feed.land(results, time.perf_counter() - self.t0)
            top_up()


#: How long a scheduler given by its address has to answer (Dask retries a refused
#: connection until then).
CONNECT_TIMEOUT = "10s"


class DaskClient:
    """A Dask client: the cluster at ``scheduler``, or a local one (a process per core)."""

    def __init__(self, scheduler: str | None, workers: int | None) -> None:
        self.scheduler = scheduler
        self.workers = workers
        self.cluster: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        import dask
        from distributed import Client, LocalCluster

        if self.scheduler:
            if not self.scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
                raise RankError(f"bad scheduler address {self.scheduler!r}: use tcp://HOST:PORT")
            try:
                self.client = Client(self.scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as e:
                raise RankError(
                    f"cannot reach the Dask scheduler at {self.scheduler}: {e}"
                ) from None
            return self.client
        n = self.workers or os.cpu_count() or 1
        # Dask's workers sample every task's stack 100 times a second for their profiler; for
        # these Python-heavy tasks that cost ~45% of the time (measured: 15 entropy benchmarks
        # in 6.8 s on one worker against 3.6 s in a plain process), so it is switched off.
        dask.config.set(
            {
                "distributed.worker.profile.enabled": False,
                "distributed.worker.profile.interval": "10s",
                "distributed.worker.profile.cycle": "100s",
                # Dask starts workers with MALLOC_TRIM_THRESHOLD_=65536, which also freezes
                # glibc's mmap threshold at 128 KiB: every larger numpy block (a set's rows of
                # the transposed matrix) became an mmap, page faults and an munmap.
                "distributed.nanny.pre-spawn-environ": {
                    "MALLOC_TRIM_THRESHOLD_": str(256 * 2**20),
                    "MALLOC_MMAP_THRESHOLD_": str(64 * 2**20),
                },
            }
        )
        self.cluster = LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
        )
        self.client = Client(self.cluster)
        return self.client

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
